import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { RATING_ACTIONS, RATING_STEPS, SECTOR_IDS } from '@rl/contract/research-vocabulary';
import type { StockFact } from '@rl/contract';
import { Button, Form, Input, InputNumber, Select, Typography, type FormRule } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { actionLabel, ratingLabel, sectorLabel } from '../../locale/research-labels';
import {
  COMPANIES_MAX,
  COMPANY_NAME_MAX,
  CURRENCY_FORM,
  emptyCompany,
  PRICE_MAX,
  RATING_TEXT_MAX,
  TICKER_FORM,
  TICKER_MAX,
  type CompanyDraft,
} from './company-corrections';
import './companies-editor.css';

const sameTicker = (a: string | undefined, b: string | undefined) =>
  (a ?? '').trim().toUpperCase() === (b ?? '').trim().toUpperCase();

/**
 * A note's companies (a row each: ticker, name, rating as printed and its step, action, previous
 * rating, target and currency, previous target) and its sector, inside an edit form whose values
 * hold `companies` and `sector` (ResearchValues). The rows wrap to the width they are given.
 */
export function CompaniesEditor() {
  const { t } = useTranslation();
  // Preserved: the sources have no field of their own.
  const companies = Form.useWatch('companies', { preserve: true }) as CompanyDraft[] | undefined;
  // A fact the reader was unsure of says where it was read, and the form starts there.
  const unsure = (index: number, fact: StockFact) => {
    const source = companies?.[index]?.sources?.[fact];
    return source?.unsure
      ? {
          className: 'companies-editor__unsure',
          extra: t('researchEdit.unsure', { page: source.page, text: source.text }),
        }
      : {};
  };
  const root = useRef<HTMLDivElement>(null);
  const anyUnsure = (companies ?? []).some((c) => Object.values(c?.sources ?? {}).some((s) => s?.unsure));
  const focused = useRef(false);
  useEffect(() => {
    if (!anyUnsure || focused.current) return;
    focused.current = true;
    // After the dialog has placed its own focus.
    const timer = setTimeout(() => {
      const input = root.current?.querySelector<HTMLElement>('.companies-editor__unsure input');
      input?.focus();
      input?.scrollIntoView?.({ block: 'center' });
    }, 0);
    return () => clearTimeout(timer);
  }, [anyUnsure]);
  const tooLong = (max: number): FormRule => ({ max, message: t('researchEdit.error.tooLong', { max }) });
  const price: FormRule = {
    type: 'number',
    min: Number.MIN_VALUE,
    max: PRICE_MAX,
    message: t('researchEdit.error.price'),
  };
  const notTwice: FormRule = ({ getFieldValue }) => ({
    validator: async (_, value: string | undefined) => {
      const list = (getFieldValue('companies') ?? []) as CompanyDraft[];
      if (value?.trim() && list.filter((c) => sameTicker(c?.ticker, value)).length > 1)
        throw new Error(t('researchEdit.error.tickerTwice'));
    },
  });

  return (
    <div className="companies-editor" data-testid="companies-editor" ref={root}>
      <Form.List name="companies">
        {(fields, { add, remove }) => (
          <section className="companies-editor__list" aria-label={t('researchEdit.companies')}>
            <Typography.Text strong>{t('researchEdit.companies')}</Typography.Text>
            {fields.length === 0 && (
              <Typography.Text type="secondary" className="companies-editor__empty">
                {t('researchEdit.noCompanies')}
              </Typography.Text>
            )}
            {fields.map((field, index) => (
              <fieldset
                key={field.key}
                className="companies-editor__row"
                aria-label={t('researchEdit.company', { n: index + 1 })}
                data-testid="company-row"
              >
                <div className="companies-editor__grid">
                  <Form.Item
                    name={[field.name, 'ticker']}
                    {...unsure(field.name, 'ticker')}
                    label={t('researchEdit.ticker')}
                    dependencies={fields
                      .filter((f) => f.key !== field.key)
                      .map((f) => ['companies', f.name, 'ticker'])}
                    rules={[
                      { required: true, whitespace: true, message: t('researchEdit.error.tickerRequired') },
                      tooLong(TICKER_MAX),
                      { pattern: TICKER_FORM, message: t('researchEdit.error.tickerForm') },
                      notTwice,
                    ]}
                  >
                    <Input placeholder="600519.SH" data-testid="company-ticker" />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'company_name']}
                    {...unsure(field.name, 'company_name')}
                    label={t('researchEdit.companyName')}
                    rules={[tooLong(COMPANY_NAME_MAX)]}
                    className={`companies-editor__wide ${unsure(field.name, 'company_name').className ?? ''}`}
                  >
                    <Input data-testid="company-name" />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'rating']}
                    {...unsure(field.name, 'rating')}
                    label={t('researchEdit.rating')}
                    rules={[tooLong(RATING_TEXT_MAX)]}
                  >
                    <Input data-testid="company-rating" />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'rating_normalised']}
                    {...unsure(field.name, 'rating_normalised')}
                    label={t('researchEdit.ratingNormalised')}
                  >
                    <Select
                      allowClear
                      placeholder={t('researchEdit.none')}
                      options={RATING_STEPS.map((value) => ({ value, label: ratingLabel(t, value) }))}
                      data-testid="company-step"
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'rating_action']}
                    {...unsure(field.name, 'rating_action')}
                    label={t('researchEdit.ratingAction')}
                  >
                    <Select
                      allowClear
                      placeholder={t('researchEdit.none')}
                      options={RATING_ACTIONS.map((value) => ({ value, label: actionLabel(t, value) }))}
                      data-testid="company-action"
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'previous_rating']}
                    {...unsure(field.name, 'previous_rating')}
                    label={t('researchEdit.previousRating')}
                    rules={[tooLong(RATING_TEXT_MAX)]}
                  >
                    <Input data-testid="company-previous-rating" />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'target_price_value']}
                    {...unsure(field.name, 'target_price')}
                    label={t('researchEdit.target')}
                    rules={[price]}
                  >
                    <InputNumber style={{ width: '100%' }} data-testid="company-target" />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'currency']}
                    {...unsure(field.name, 'currency')}
                    label={t('researchEdit.currency')}
                    normalize={(value: string) => value.toUpperCase()}
                    rules={[{ pattern: CURRENCY_FORM, message: t('researchEdit.error.currency') }]}
                  >
                    <Input placeholder="CNY" maxLength={3} data-testid="company-currency" />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'previous_target_price']}
                    {...unsure(field.name, 'previous_target_price')}
                    label={t('researchEdit.previousTarget')}
                    rules={[price]}
                  >
                    <InputNumber style={{ width: '100%' }} data-testid="company-previous-target" />
                  </Form.Item>
                </div>
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => remove(field.name)}
                  aria-label={t('researchEdit.remove', { n: index + 1 })}
                  className="companies-editor__remove"
                  data-testid="company-remove"
                />
              </fieldset>
            ))}
            <Button
              type="dashed"
              block
              icon={<PlusOutlined />}
              onClick={() => add(emptyCompany())}
              disabled={fields.length >= COMPANIES_MAX}
              data-testid="company-add"
            >
              {fields.length >= COMPANIES_MAX
                ? t('researchEdit.max', { max: COMPANIES_MAX })
                : t('researchEdit.add')}
            </Button>
          </section>
        )}
      </Form.List>
      <Form.Item name="sector" label={t('researchEdit.sector')} className="companies-editor__sector">
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('researchEdit.none')}
          options={SECTOR_IDS.map((value) => ({ value, label: sectorLabel(t, value) }))}
          data-testid="research-sector"
        />
      </Form.Item>
    </div>
  );
}
