import {
  GLOSSARY_PAGE_SIZE,
  type GlossaryListRequest,
  type GlossaryListResponse,
  type GlossaryTerm,
} from '@rl/contract';
import { Button, Flex, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useKeyboardScroll } from '../../../utils/use-keyboard-scroll';
import { AdminPage } from '../shared/admin-page';
import { useAdminTable } from '../shared/use-admin-table';
import { glossaryApi, glossaryKeys } from '../../../api/admin/glossary-api';
import { useGlossaryColumns } from './glossary-columns';
import { GlossaryExportButton } from './glossary-export-button';
import { GLOSSARY_FILTER_KEYS, GlossaryFilters, type GlossaryFilterKey } from './glossary-filters';
import { GlossaryImportButton } from './glossary-import-button';
import { GlossaryTermModal } from './glossary-term-modal';
import './glossary-page.css';

/** The term form: closed, adding (term null) or editing a term. */
type Editing = { term: GlossaryTerm | null } | null;

/**
 * `/admin/glossary`: the Chinese–English finance glossary that search, chat, translation and
 * summaries share, in its file's order: searched and filtered, edited term by term, imported
 * and exported as CSV.
 */
export function GlossaryPage() {
  const { t } = useTranslation();
  const tableRef = useKeyboardScroll(t('admin.menu.glossary'));
  const [editing, setEditing] = useState<Editing>(null);
  const table = useAdminTable<GlossaryTerm, GlossaryListResponse, GlossaryFilterKey>({
    queryKeys: glossaryKeys,
    filterKeys: GLOSSARY_FILTER_KEYS,
    pageSize: GLOSSARY_PAGE_SIZE,
    // The filters come from the URL as text: the server checks them (a bad domain answers 400).
    fetchPage: (request, signal) => glossaryApi.list(request as GlossaryListRequest, { signal }),
    rowsOf: (answer) => answer.items,
    rowKey: 'id',
  });
  const columns = useGlossaryColumns((term) => setEditing({ term }));
  return (
    <AdminPage
      title={t('admin.menu.glossary')}
      testId="admin-glossary-page"
      extra={
        <Flex wrap gap={8}>
          <Button type="primary" onClick={() => setEditing({ term: null })} data-testid="glossary-add">
            {t('admin.glossary.action.add')}
          </Button>
          <GlossaryImportButton />
          <GlossaryExportButton />
        </Flex>
      }
      toolbar={
        <GlossaryFilters
          filters={table.filters}
          onChange={table.setFilters}
          onReset={table.resetFilters}
          activeTerms={table.answer?.active_terms}
        />
      }
    >
      <Typography.Paragraph type="secondary" className="rl-admin-glossary__intro">
        {t('admin.glossary.intro')}
      </Typography.Paragraph>
      <Table<GlossaryTerm>
        ref={tableRef}
        {...table.tableProps}
        columns={columns}
        size="middle"
        tableLayout="fixed"
        scroll={{ x: 1100 }}
        locale={{ emptyText: t('admin.glossary.empty') }}
        rowClassName={(term) => (term.origin === 'removed' ? 'rl-admin-glossary__removed' : '')}
        onRow={(term) => ({ 'data-testid': 'glossary-row', 'data-origin': term.origin }) as object}
      />
      {editing && <GlossaryTermModal term={editing.term} onClose={() => setEditing(null)} />}
    </AdminPage>
  );
}
