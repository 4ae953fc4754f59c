import {
  COUNTER_NOTICE_CONFIRMATIONS,
  CounterNoticeSubmitRequest,
  type CounterNoticeConfirmation,
  type MyFile,
  type TakedownComplaint,
} from '@rl/contract';
import {
  Alert,
  Button,
  Checkbox,
  Col,
  Descriptions,
  Form,
  Input,
  Modal,
  Row,
  Typography,
  type FormRule,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contractRule } from '../../../components/security-check/public-form-rules';
import { useFormatters } from '../../../utils/use-formatters';
import { failureText } from './report-failure';
import { CounterNoticeTag } from './takedown-note';
import { useSendCounterNotice } from './use-counter-notice';

type Boxes = Partial<Record<CounterNoticeConfirmation, boolean>>;
type TextField = Exclude<keyof CounterNoticeSubmitRequest, 'complaint_id' | 'confirmations'>;
type Values = Record<TextField, string> & { confirmations: Boxes };

interface FieldSpec {
  name: TextField;
  span: 12 | 24;
  autoComplete?: string;
  type?: 'email' | 'tel';
  multiline?: boolean;
}
const FIELDS: FieldSpec[] = [
  { name: 'full_name', span: 12, autoComplete: 'name' },
  { name: 'email', span: 12, autoComplete: 'email', type: 'email' },
  { name: 'address', span: 24, autoComplete: 'street-address' },
  { name: 'city', span: 12, autoComplete: 'address-level2' },
  { name: 'zip_code', span: 12, autoComplete: 'postal-code' },
  { name: 'country', span: 12, autoComplete: 'country-name' },
  { name: 'phone', span: 12, autoComplete: 'tel', type: 'tel' },
  { name: 'statement', span: 24, multiline: true },
  { name: 'signature', span: 24, autoComplete: 'name' },
];

/** The three statements, each confirmed by its own box (a form control). */
function Statements({ value = {}, onChange, id }: { value?: Boxes; onChange?(v: Boxes): void; id?: string }) {
  const { t } = useTranslation();
  return (
    <div className="rl-counter-confirmations" id={id} data-testid="counter-confirmations">
      {COUNTER_NOTICE_CONFIRMATIONS.map((box) => (
        <Checkbox
          key={box}
          checked={value[box] === true}
          onChange={(event) => onChange?.({ ...value, [box]: event.target.checked })}
          data-box={box}
        >
          {t(`upload.counter.confirm.${box}`)}
        </Checkbox>
      ))}
    </div>
  );
}

function allBoxesRule(message: string): FormRule {
  return {
    validator: async (_, value: unknown) => {
      if (!CounterNoticeSubmitRequest.shape.confirmations.safeParse(value ?? {}).success)
        throw new Error(message);
    },
  };
}

/** What the complaint says, as the owner may read it. */
function ComplaintSummary({ complaint }: { complaint: TakedownComplaint }) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      data-testid="counter-complaint"
      items={[
        { key: 'holder', label: t('upload.counter.holder'), children: complaint.copyright_holder },
        {
          key: 'received',
          label: t('upload.counter.received'),
          children: format.date(complaint.received_time),
        },
        {
          key: 'reason',
          label: t('upload.counter.reason'),
          children: (
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
              {complaint.reason}
            </Typography.Paragraph>
          ),
        },
        ...(complaint.counter_notice
          ? [
              {
                key: 'notice',
                label: t('upload.counter.yours'),
                children: (
                  <CounterNoticeTag
                    status={complaint.counter_notice.status}
                    time={complaint.counter_notice.updated_time}
                  />
                ),
              },
            ]
          : []),
      ]}
    />
  );
}

interface CounterNoticeModalProps {
  /** The taken-down file whose complaints are shown; null: closed. */
  file: MyFile | null;
  onClose(): void;
}

/**
 * A taken-down upload: the complaints that keep it down and what its owner may do, a
 * counter-notice (17 U.S.C. 512(g)) against the first complaint it can answer. The file stays
 * down until an administrator decides.
 */
export function CounterNoticeModal({ file, onClose }: CounterNoticeModalProps) {
  const { t } = useTranslation();
  const complaints = file?.takedown?.complaints ?? [];
  const answerable = complaints.find((c) => c.can_counter) ?? null;
  return (
    <Modal
      open={file !== null}
      onCancel={onClose}
      title={t('upload.counter.title', { name: file ? file.title || file.file_name : '' })}
      footer={null}
      width={720}
      destroyOnHidden
      data-testid="counter-modal"
    >
      <Typography.Paragraph>{t('upload.counter.intro')}</Typography.Paragraph>
      {complaints.map((c) => (
        <ComplaintSummary key={c.complaint_id} complaint={c} />
      ))}
      {answerable ? (
        <CounterNoticeForm key={answerable.complaint_id} complaint={answerable} onSent={onClose} />
      ) : (
        <Alert type="info" showIcon title={t('upload.counter.waiting')} style={{ marginTop: 16 }} />
      )}
    </Modal>
  );
}

function CounterNoticeForm({ complaint, onSent }: { complaint: TakedownComplaint; onSent(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const send = useSendCounterNotice(onSent);
  const [tried, setTried] = useState(false);
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      noValidate
      scrollToFirstError
      initialValues={{ confirmations: {} }}
      onFinish={(values) => {
        setTried(true);
        send.mutate({ ...values, complaint_id: complaint.complaint_id });
      }}
      onFinishFailed={() => setTried(true)}
      style={{ marginTop: 16 }}
      data-testid="counter-form"
    >
      <Typography.Title level={3} className="rl-title-size-5">
        {t('upload.counter.formTitle')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('upload.counter.formHelp')}</Typography.Paragraph>
      <Row gutter={16}>
        {FIELDS.map((spec) => {
          const label = t(`upload.counter.field.${spec.name}`);
          const schema = CounterNoticeSubmitRequest.shape[spec.name];
          const max = schema.maxLength ?? undefined;
          return (
            <Col key={spec.name} xs={24} md={spec.span}>
              <Form.Item
                name={spec.name}
                label={label}
                required
                rules={[contractRule(schema, label, t)]}
                extra={spec.name === 'statement' ? t('upload.counter.help.statement') : undefined}
              >
                {spec.multiline ? (
                  <Input.TextArea maxLength={max} showCount autoSize={{ minRows: 4, maxRows: 10 }} />
                ) : (
                  <Input maxLength={max} autoComplete={spec.autoComplete} type={spec.type} />
                )}
              </Form.Item>
            </Col>
          );
        })}
      </Row>
      <Form.Item
        name="confirmations"
        label={t('upload.counter.statements')}
        required
        rules={[allBoxesRule(t('errors.dmca.checkAll'))]}
        validateTrigger={tried ? 'onChange' : false}
      >
        <Statements />
      </Form.Item>
      {send.isError && (
        <Alert
          type="error"
          showIcon
          title={failureText(send.error, t('upload.counter.failed'), t)}
          style={{ marginBottom: 16 }}
          data-testid="counter-error"
        />
      )}
      <Button type="primary" htmlType="submit" loading={send.isPending} data-testid="counter-submit">
        {t('upload.counter.submit')}
      </Button>
    </Form>
  );
}
