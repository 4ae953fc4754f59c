import {
  CloseOutlined,
  InfoCircleFilled,
  InfoCircleOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
} from '@ant-design/icons';
import type { FileInfo } from '@rl/contract';
import { Button, Spin, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { QuotaLeft } from '../../../../components/quota/quota-left';
import { isLoggedIn, useUserStore } from '../../../../stores/user-store';
import { useViewerStore, viewerStore } from '../../../../stores/viewer-store';
import { useFormatters } from '../../../../utils/use-formatters';
import { CollectionControl } from './collection-control';
import { DownloadButton } from './download-button';
import { PreviewModeSwitch } from './preview-mode-switch';
import { StarToggle } from './star-toggle';

interface ViewerHeaderProps {
  info: FileInfo | undefined;
  showLoadingMessage: boolean;
  onClose(): void;
  /** A narrow window: no result list beside the report and the details are a tab, so no toggles. */
  narrow?: boolean;
  /** The viewer's plan does not open the report: nothing to translate, star, collect or download. */
  locked?: boolean;
}

/**
 * Title and key facts of the report; the preview mode, star, collections, download, the result
 * list and details toggles, and close.
 */
export function ViewerHeader({
  info,
  showLoadingMessage,
  onClose,
  narrow = false,
  locked = false,
}: ViewerHeaderProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const showFileList = useViewerStore((s) => s.showFileList);
  const showDetails = useViewerStore((s) => s.showDetails);
  const loggedIn = useUserStore((s) => isLoggedIn(s));
  const title = info ? info.meta.document_title || info.file_name : '';
  const facts = info
    ? [
        info.meta.issuer,
        format.date(info.meta.publish_date),
        t('search.result.pages', { count: info.page_count }),
      ].filter(Boolean)
    : [];
  const listLabel = showFileList ? t('viewer.hideList') : t('viewer.showList');
  const detailsLabel = showDetails ? t('viewer.hideDetails') : t('viewer.showDetails');

  return (
    <header className="rl-viewer__header">
      {!narrow && (
        <Tooltip title={listLabel}>
          <Button
            type="text"
            icon={showFileList ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
            aria-label={listLabel}
            onClick={() => viewerStore.getState().setShowFileList(!showFileList)}
            data-testid="toggle-file-list"
          />
        </Tooltip>
      )}
      <div className="rl-viewer__heading">
        <Typography.Title
          level={2}
          className="rl-viewer__title"
          ellipsis={{ tooltip: title }}
          data-testid="viewer-title"
        >
          {title || '\u00a0'}
        </Typography.Title>
        <div className="rl-viewer__facts">
          {facts.map((fact) => (
            <span key={fact}>{fact}</span>
          ))}
          {info && !locked && <QuotaLeft kinds={['report']} spent={info.id} />}
          {showLoadingMessage && (
            <span className="rl-viewer__loading" role="status" data-testid="file-loading-message">
              <Spin size="small" /> {t('viewer.loading')}
            </span>
          )}
        </div>
      </div>
      <div className="rl-viewer__actions">
        {info && !locked && info.meta.language !== 'zh' && <PreviewModeSwitch />}
        {info && !locked && <StarToggle />}
        {info && !locked && <CollectionControl info={info} />}
        {info && !locked && loggedIn && <DownloadButton fileId={info.id} />}
        {!narrow && (
          <Tooltip title={detailsLabel}>
            <Button
              type="text"
              icon={showDetails ? <InfoCircleFilled /> : <InfoCircleOutlined />}
              aria-label={detailsLabel}
              aria-pressed={showDetails}
              onClick={() => viewerStore.getState().setShowDetails(!showDetails)}
              data-testid="toggle-details"
            />
          </Tooltip>
        )}
      </div>
      {/* Beside the title on a phone, whatever the actions' row holds. */}
      <Tooltip title={t('viewer.close')}>
        <Button
          type="text"
          icon={<CloseOutlined />}
          aria-label={t('viewer.close')}
          onClick={onClose}
          className="rl-viewer__close"
          data-testid="viewer-close"
        />
      </Tooltip>
    </header>
  );
}
