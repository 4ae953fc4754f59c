import type { KeyboardEvent, MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { companyPath } from '../../../router/route-meta';
import './company-link.css';

export interface CompanyLinkProps {
  /** The canonical ticker (`600519.SH`): the page it opens. */
  ticker: string;
  /** The company's name as the note prints it; the ticker alone when absent. */
  name?: string | null;
  /**
   * Inside another link (a result item, itself one link): a link may not hold a link, so this
   * renders an element that opens the company's page itself and keeps the click from the outer one.
   */
  nested?: boolean;
  className?: string;
}

/** A company's name and ticker, leading to the company's page. */
export function CompanyLink({ ticker, name, nested = false, className }: CompanyLinkProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const to = companyPath(ticker);
  const label = name?.trim() || null;
  const classes = ['rl-company-link', className].filter(Boolean).join(' ');
  const content = (
    <>
      {label && <span className="rl-company-link__name">{label}</span>}
      {label && ' '}
      <span className="rl-company-link__ticker">{ticker}</span>
    </>
  );
  if (!nested) {
    return (
      <Link to={to} className={classes} data-testid="company-link">
        {content}
      </Link>
    );
  }
  const open = (event: MouseEvent | KeyboardEvent) => {
    event.preventDefault();
    event.stopPropagation();
    void navigate(to);
  };
  return (
    <span
      role="link"
      tabIndex={0}
      className={classes}
      title={t('company.link.label', { name: label ?? ticker, ticker })}
      onClick={open}
      onKeyDown={(event) => {
        if (event.key === 'Enter') open(event);
      }}
      data-testid="company-link"
    >
      {content}
    </span>
  );
}
