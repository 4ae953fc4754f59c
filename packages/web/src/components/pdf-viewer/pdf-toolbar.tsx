import { LeftOutlined, RightOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { Button, InputNumber, Select, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_SCALE, MIN_SCALE, steppedZoom, ZOOM_LEVELS, type Zoom } from './zoom';

interface PdfToolbarProps {
  label?: string;
  page: number;
  pageCount: number;
  scale: number;
  zoom: Zoom;
  onPage(page: number): void;
  onZoom(zoom: Zoom): void;
}

const zoomKey = (zoom: Zoom) => (zoom.kind === 'scale' ? String(zoom.value) : zoom.kind);

/** Page number and navigation, and zoom. */
export function PdfToolbar({ label, page, pageCount, scale, zoom, onPage, onZoom }: PdfToolbarProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState<number | null>(null);
  const goTo = (target: number) => onPage(Math.min(pageCount, Math.max(1, Math.round(target))));
  const zoomOptions = [
    { value: 'fitWidth', label: t('pdf.toolbar.fitWidth') },
    { value: 'fitPage', label: t('pdf.toolbar.fitPage') },
    ...ZOOM_LEVELS.map((level) => ({ value: String(level), label: `${Math.round(level * 100)}%` })),
  ];

  return (
    <div className="rl-pdf-toolbar" role="toolbar" data-testid="pdf-toolbar">
      {label && <span className="rl-pdf-toolbar__label">{label}</span>}
      <div className="rl-pdf-toolbar__group">
        <Tooltip title={t('pdf.toolbar.previous')}>
          <Button
            size="small"
            type="text"
            icon={<LeftOutlined />}
            aria-label={t('pdf.toolbar.previous')}
            disabled={page <= 1}
            onClick={() => goTo(page - 1)}
          />
        </Tooltip>
        <InputNumber
          size="small"
          min={1}
          max={pageCount}
          precision={0}
          controls={false}
          value={typed ?? page}
          aria-label={t('pdf.toolbar.page')}
          onChange={(value) => setTyped(value)}
          onPressEnter={() => {
            if (typed !== null) goTo(typed);
            setTyped(null);
          }}
          onBlur={() => setTyped(null)}
          className="rl-pdf-toolbar__page-input"
          data-testid="pdf-page-input"
        />
        <span className="rl-pdf-toolbar__page-count" data-testid="pdf-page-count">
          {t('pdf.toolbar.pageOf', { count: pageCount })}
        </span>
        <Tooltip title={t('pdf.toolbar.next')}>
          <Button
            size="small"
            type="text"
            icon={<RightOutlined />}
            aria-label={t('pdf.toolbar.next')}
            disabled={page >= pageCount}
            onClick={() => goTo(page + 1)}
          />
        </Tooltip>
      </div>
      <div className="rl-pdf-toolbar__group">
        <Tooltip title={t('pdf.toolbar.zoomOut')}>
          <Button
            size="small"
            type="text"
            icon={<ZoomOutOutlined />}
            aria-label={t('pdf.toolbar.zoomOut')}
            disabled={scale <= MIN_SCALE}
            onClick={() => onZoom(steppedZoom(scale, -1))}
          />
        </Tooltip>
        <Select
          size="small"
          value={zoomKey(zoom)}
          labelRender={({ label: optionLabel }) =>
            zoom.kind === 'scale' ? `${Math.round(scale * 100)}%` : optionLabel
          }
          options={zoomOptions}
          aria-label={t('pdf.toolbar.zoom')}
          popupMatchSelectWidth={false}
          onChange={(value: string) =>
            onZoom(
              value === 'fitWidth' || value === 'fitPage'
                ? { kind: value }
                : { kind: 'scale', value: Number(value) },
            )
          }
          className="rl-pdf-toolbar__zoom"
          data-testid="pdf-zoom"
        />
        <Tooltip title={t('pdf.toolbar.zoomIn')}>
          <Button
            size="small"
            type="text"
            icon={<ZoomInOutlined />}
            aria-label={t('pdf.toolbar.zoomIn')}
            disabled={scale >= MAX_SCALE}
            onClick={() => onZoom(steppedZoom(scale, 1))}
          />
        </Tooltip>
      </div>
    </div>
  );
}
