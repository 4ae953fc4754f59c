import type { CompanyNamesRecord } from '@rl/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Select, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { companyNamesApi, companyNamesKeys } from '../../../api/admin/company-names-api';
import { FormModal } from '../../../components/form-modal/form-modal';
import { AdminPage } from '../shared/admin-page';

interface NamesValues {
  en: string[];
  zh: string[];
}

/** Names typed as tags, in the order given (the full name first). */
function NamesInput(props: { id?: string; value?: string[]; onChange?(value: string[]): void }) {
  return (
    <Select
      {...props}
      mode="tags"
      open={false}
      suffixIcon={null}
      tokenSeparators={['|']}
      style={{ width: '100%' }}
    />
  );
}

/** A company's names, each tagged with where it comes from (the table, notes, the console). */
function NameTags({ names }: { names: CompanyNamesRecord['en'] }) {
  const { t } = useTranslation();
  return (
    <>
      {names.map((n) => (
        <Tag key={n.name} title={t(`admin.companies.source.${n.source}`)} data-source={n.source}>
          {n.name}
        </Tag>
      ))}
    </>
  );
}

/** Edits every name of one company; a name left out is taken away (audited by the server). */
function NamesModal({ company, onClose }: { company: CompanyNamesRecord; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<NamesValues>();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (values: NamesValues) =>
      companyNamesApi.save({ ticker: company.ticker, ...values }, { hideErrorMessage: true }),
    onSuccess: async () => {
      void message.success(t('admin.companies.saved'));
      onClose();
      await queryClient.invalidateQueries({ queryKey: companyNamesKeys.all });
    },
    onError: (error) => void message.error(error.message),
  });
  return (
    <FormModal
      open
      title={t('admin.companies.editTitle', { ticker: company.ticker })}
      form={form}
      saving={save.isPending}
      onClose={onClose}
    >
      <Typography.Paragraph type="secondary">{t('admin.companies.hint')}</Typography.Paragraph>
      <Form<NamesValues>
        form={form}
        layout="vertical"
        onFinish={(values) => save.mutate({ en: values.en ?? [], zh: values.zh ?? [] })}
        initialValues={{ en: company.en.map((n) => n.name), zh: company.zh.map((n) => n.name) }}
      >
        <Form.Item name="en" label={t('admin.companies.en')}>
          <NamesInput />
        </Form.Item>
        <Form.Item name="zh" label={t('admin.companies.zh')}>
          <NamesInput />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

/**
 * `/admin/companies`: every company by ticker or a part of a name, with its names in English and
 * Chinese and where each comes from; an administrator sets a company's names.
 */
export function CompaniesPage() {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<CompanyNamesRecord | null>(null);
  const list = useQuery({
    queryKey: companyNamesKeys.list(keyword),
    queryFn: ({ signal }) => companyNamesApi.list({ keyword, limit: 50 }, { signal }),
  });
  const columns: ColumnsType<CompanyNamesRecord> = [
    {
      title: t('admin.companies.tickers'),
      key: 'tickers',
      render: (_, c) => c.tickers.join(' · '),
      width: 180,
    },
    { title: t('admin.companies.exchange'), dataIndex: 'exchange', width: 120 },
    { title: t('admin.companies.en'), key: 'en', render: (_, c) => <NameTags names={c.en} /> },
    { title: t('admin.companies.zh'), key: 'zh', render: (_, c) => <NameTags names={c.zh} /> },
    {
      title: t('admin.companies.actions'),
      key: 'edit',
      width: 100,
      render: (_, c) => (
        <Button size="small" onClick={() => setEditing(c)} data-testid="company-names-edit">
          {t('admin.companies.edit')}
        </Button>
      ),
    },
  ];
  return (
    <AdminPage
      title={t('admin.menu.companies')}
      testId="admin-companies-page"
      toolbar={
        <Input.Search
          allowClear
          placeholder={t('admin.companies.search')}
          onSearch={(value) => setKeyword(value.trim())}
          style={{ maxWidth: 360 }}
          data-testid="company-names-search"
        />
      }
    >
      <Table<CompanyNamesRecord>
        rowKey="ticker"
        size="small"
        loading={list.isPending}
        dataSource={list.data?.companies ?? []}
        columns={columns}
        pagination={false}
        scroll={{ x: 800 }}
      />
      {editing && <NamesModal company={editing} onClose={() => setEditing(null)} />}
    </AdminPage>
  );
}
