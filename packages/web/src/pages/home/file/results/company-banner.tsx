import type { CompanyRef } from '@rl/contract';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { companyPath } from '../../../../router/route-meta';

interface CompanyBannerProps {
  company: CompanyRef;
  keyword: string;
  /** Runs the same keyword again as words. */
  onSearchAsWords(): void;
}

/**
 * Says that the keyword was read as a company's ticker (the results are its notes), with a way to
 * its page and a way back to a search of the words.
 */
export function CompanyBanner({ company, keyword, onSearchAsWords }: CompanyBannerProps) {
  const { t } = useTranslation();
  return (
    <div className="rl-company-banner" role="note" data-testid="company-banner">
      <span className="rl-company-banner__notes">
        {t('researchSearch.company.notesOn', { name: company.name, ticker: company.ticker })}
      </span>
      <span className="rl-company-banner__actions">
        <span aria-hidden="true">— </span>
        <Link to={companyPath(company.ticker)} data-testid="company-banner-page">
          {t('researchSearch.company.page')}
        </Link>
        <span aria-hidden="true"> · </span>
        <Button type="link" size="small" onClick={onSearchAsWords} data-testid="company-banner-as-words">
          {t('researchSearch.company.asWords', { keyword: keyword.trim() })}
        </Button>
      </span>
    </div>
  );
}

/** Says that the keyword is a company's name (its other names were searched too), with its page. */
export function NamedCompanyBanner({ company, keyword }: { company: CompanyRef; keyword: string }) {
  const { t } = useTranslation();
  return (
    <div className="rl-company-banner" role="note" data-testid="company-named-banner">
      <span className="rl-company-banner__notes">
        {t('researchSearch.company.named', {
          keyword: keyword.trim(),
          name: company.name,
          ticker: company.ticker,
        })}
      </span>
      <span className="rl-company-banner__actions">
        <span aria-hidden="true">— </span>
        <Link to={companyPath(company.ticker)} data-testid="company-named-page">
          {t('researchSearch.company.page')}
        </Link>
      </span>
    </div>
  );
}
