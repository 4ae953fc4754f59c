import { Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../../components/toast/toast-context';
import { useAuthModalStore } from '../../../../stores/auth-modal-store';
import { PREVIEW_MODES, type PreviewMode } from '../../../../stores/preview-mode';
import { isLoggedIn } from '../../../../stores/user-store';
import { useViewerStore, viewerStore } from '../../../../stores/viewer-store';

/**
 * English / English-Chinese / Chinese preview. Chinese only opens once the translation is
 * finished; asking for one that is not takes an account (the translation counts on its quota).
 */
export function PreviewModeSwitch() {
  const { t } = useTranslation();
  const toast = useToast();
  const mode = useViewerStore((s) => s.previewMode);
  // A refused choice remounts the control, so it shows the mode that stays, not the one clicked.
  const [refusals, setRefusals] = useState(0);
  return (
    <Segmented<PreviewMode>
      key={refusals}
      size="small"
      value={mode}
      aria-label={t('viewer.preview.mode')}
      options={PREVIEW_MODES.map((value) => ({ value, label: t(`viewer.preview.mode.${value}`) }))}
      onChange={(next) => {
        const viewer = viewerStore.getState();
        if (next === 'en_zh' && viewer.translateStatus !== 'finish' && !isLoggedIn()) {
          setRefusals((count) => count + 1);
          useAuthModalStore.getState().open('viewer.translation.requiresLogin');
          return;
        }
        if (viewer.setPreviewMode(next).refused) {
          setRefusals((count) => count + 1);
          void toast.info({ content: t('viewer.preview.needsTranslation'), key: 'preview-mode' });
        }
      }}
      data-testid="preview-mode"
    />
  );
}
