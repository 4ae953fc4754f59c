import type { DmcaComplaint } from '@rl/contract';
import { Button, Flex, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const NOTES_MAX = 5000;

interface ComplaintNotesProps {
  complaint: DmcaComplaint;
  busy: boolean;
  onSave(notes: string): void;
}

/** The administrators' notes on a complaint. */
export function ComplaintNotes({ complaint, busy, onSave }: ComplaintNotesProps) {
  const { t } = useTranslation();
  const [notes, setNotes] = useState(complaint.notes);
  const changed = notes.trim() !== complaint.notes.trim();
  return (
    <section data-testid="dmca-notes">
      <Typography.Title level={5}>{t('adminContent.dmca.notes.title')}</Typography.Title>
      <Flex vertical gap={8} align="flex-start">
        <Input.TextArea
          value={notes}
          rows={4}
          maxLength={NOTES_MAX}
          showCount
          aria-label={t('adminContent.dmca.notes.title')}
          placeholder={t('adminContent.dmca.notes.placeholder')}
          onChange={(event) => setNotes(event.target.value)}
          data-testid="dmca-notes-input"
        />
        <Button
          disabled={busy || !changed}
          onClick={() => onSave(notes.trim())}
          data-testid="dmca-notes-save"
        >
          {t('adminContent.dmca.notes.save')}
        </Button>
      </Flex>
    </section>
  );
}
