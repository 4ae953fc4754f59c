import { Segmented, Tooltip } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../../components/toast/toast-context';
import { useAuthModalStore } from '../../../../stores/auth-modal-store';
import { PREVIEW_MODES, type PreviewMode } from '../../../../stores/preview-mode';
import { useSiteStore } from '../../../../stores/site-store';
import { isLoggedIn } from '../../../../stores/user-store';
import { useViewerStore, viewerStore } from '../../../../stores/viewer-store';

/**
 * English / English-Chinese / Chinese preview. Chinese only opens once the translation is
 * finished: asking for it before starts the translation and opens it when done. Asking for a
 * translation takes an account (it counts on its quota). Without a translation service the two
 * Chinese modes are disabled and say why.
 */
export function PreviewModeSwitch() {
  const { t } = useTranslation();
  const toast = useToast();
  const mode = useViewerStore((s) => s.previewMode);
  const fileId = useViewerStore((s) => s.fileId);
  const unavailableHere = useViewerStore((s) => s.translationNotice === 'unavailable');
  const siteTranslates = useSiteStore((s) => s.translationAvailable);
  const loadSite = useSiteStore((s) => s.load);
  useEffect(() => void loadSite(), [loadSite]);
  const available = siteTranslates && !unavailableHere;
  // A refused choice remounts the control, so it shows the mode that stays, not the one clicked.
  const [refusals, setRefusals] = useState(0);
  // The "opens once finished" toast is said once per report: the preview's banner tells the rest.
  const toldFor = useRef<string | null>(null);

  const control = (
    <Segmented<PreviewMode>
      key={refusals}
      size="small"
      value={mode}
      aria-label={t('viewer.preview.mode')}
      options={PREVIEW_MODES.map((value) => ({
        value,
        label: t(`viewer.preview.mode.${value}`),
        disabled: value !== 'en' && !available,
      }))}
      onChange={(next) => {
        const viewer = viewerStore.getState();
        if (next !== 'en' && viewer.translateStatus !== 'finish' && !isLoggedIn()) {
          setRefusals((count) => count + 1);
          useAuthModalStore.getState().open('viewer.translation.requiresLogin');
          return;
        }
        if (viewer.setPreviewMode(next).refused) {
          setRefusals((count) => count + 1);
          if (toldFor.current === fileId) return;
          toldFor.current = fileId;
          void toast.info({ content: t('viewer.preview.needsTranslation'), key: 'preview-mode' });
        }
      }}
      data-testid="preview-mode"
    />
  );
  if (available) return control;
  return (
    <Tooltip title={t('viewer.preview.unavailable')}>
      <span data-testid="preview-mode-unavailable">{control}</span>
    </Tooltip>
  );
}
