import { DmcaSubmitRequest, type DmcaSubmitResponse } from '@rl/contract';
import { Button, Col, Form, Input, Row, Typography, type FormRule } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contractRule } from '../../components/security-check/public-form-rules';
import { SecurityCheckItem } from '../../components/security-check/security-check-item';
import { DmcaConfirmations } from './dmca-confirmations';
import { DMCA_SECTIONS, fieldMax, fieldSchema, type DmcaFieldSpec, type DmcaFormValues } from './dmca-fields';
import { useDmcaSubmit } from './dmca-submit';

interface DmcaFormProps {
  /** The reported file, when the form was opened from it. */
  fileId: string | null;
  filename: string;
  onDone(answer: DmcaSubmitResponse, email: string): void;
}

/** The complaint form: every field of SPEC.md section 3, the five statements and the security check. */
export function DmcaForm({ fileId, filename, onDone }: DmcaFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DmcaFormValues>();
  const { submit, sending, modalHolder } = useDmcaSubmit(form, fileId, onDone);
  // The boxes are judged together: only once a submit was tried, not while they are being ticked.
  const [tried, setTried] = useState(false);

  const fields = (specs: DmcaFieldSpec[]) => (
    <Row gutter={16}>
      {specs.map((spec) => {
        const label = t(`publicForms.dmca.field.${spec.name}`);
        const max = fieldMax(spec.name);
        return (
          <Col key={spec.name} xs={24} md={spec.span}>
            <Form.Item
              name={spec.name}
              label={label}
              required
              rules={[contractRule(fieldSchema(spec.name), label, t)]}
              extra={spec.help ? t(spec.help) : undefined}
            >
              {spec.multiline ? (
                <Input.TextArea maxLength={max} showCount autoSize={{ minRows: 5, maxRows: 14 }} />
              ) : (
                <Input maxLength={max} autoComplete={spec.autoComplete} type={spec.type} />
              )}
            </Form.Item>
          </Col>
        );
      })}
    </Row>
  );

  return (
    <Form<DmcaFormValues>
      form={form}
      layout="vertical"
      noValidate
      scrollToFirstError
      initialValues={{ filename, confirmations: {}, altcha: '' }}
      onFinish={(values) => {
        setTried(true);
        void submit(values);
      }}
      onFinishFailed={() => setTried(true)}
      data-testid="dmca-form"
    >
      {modalHolder}
      <Typography.Title level={3} className="rl-title-size-5">
        {t('publicForms.dmca.section.contact')}
      </Typography.Title>
      {fields(DMCA_SECTIONS.contact)}
      <Typography.Title level={3} className="rl-title-size-5">
        {t('publicForms.dmca.section.work')}
      </Typography.Title>
      {fields(DMCA_SECTIONS.work)}
      <Typography.Title level={3} className="rl-title-size-5">
        {t('publicForms.dmca.section.statements')}
      </Typography.Title>
      <Form.Item
        name="confirmations"
        rules={[allBoxesRule(t('errors.dmca.checkAll'))]}
        validateTrigger={tried ? 'onChange' : false}
      >
        <DmcaConfirmations />
      </Form.Item>
      {fields(DMCA_SECTIONS.signature)}
      <SecurityCheckItem />
      <Button type="primary" htmlType="submit" loading={sending} data-testid="dmca-submit">
        {t('publicForms.submit')}
      </Button>
    </Form>
  );
}

/** All five boxes, as the contract requires them. */
function allBoxesRule(message: string): FormRule {
  return {
    validator: async (_, value: unknown) => {
      if (!DmcaSubmitRequest.shape.confirmations.safeParse(value ?? {}).success) throw new Error(message);
    },
  };
}
