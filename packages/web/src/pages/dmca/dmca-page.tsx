import { FileId, type DmcaSubmitResponse } from '@rl/contract';
import { Alert, Card, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DmcaForm } from './dmca-form';
import './dmca-page.css';
import { DmcaResult } from './dmca-result';

/** The file a report link names (`?file_id=...&filename=...`), if its id is one. */
function reportedFile(params: URLSearchParams) {
  const fileId = FileId.safeParse(params.get('file_id'));
  return { fileId: fileId.success ? fileId.data : null, filename: params.get('filename')?.trim() ?? '' };
}

/** /dmca: the public copyright complaint (SPEC.md sections 3 and 5); no login needed. */
export function DmcaPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { fileId, filename } = reportedFile(params);
  const [done, setDone] = useState<{ answer: DmcaSubmitResponse; email: string } | null>(null);
  const [round, setRound] = useState(0);

  return (
    <div className="rl-dmca-page" data-testid="dmca-page">
      {done ? (
        <Card>
          <DmcaResult
            answer={done.answer}
            email={done.email}
            onAnother={() => {
              setParams({}, { replace: true });
              setDone(null);
              setRound((n) => n + 1);
            }}
          />
        </Card>
      ) : (
        <>
          <div>
            <Typography.Title level={2}>{t('publicForms.dmca.title')}</Typography.Title>
            <Typography.Paragraph>{t('publicForms.dmca.intro')}</Typography.Paragraph>
            <Typography.Paragraph type="secondary">{t('publicForms.dmca.introReview')}</Typography.Paragraph>
          </div>
          {filename && (
            <Alert type="info" showIcon title={t('publicForms.dmca.reportedFile', { filename })} />
          )}
          <Card>
            <DmcaForm
              key={round}
              fileId={fileId}
              filename={filename}
              onDone={(answer, email) => setDone({ answer, email })}
            />
          </Card>
        </>
      )}
    </div>
  );
}
