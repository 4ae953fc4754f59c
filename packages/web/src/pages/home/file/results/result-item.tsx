import type { FileListItem, FollowTarget } from '@rl/contract';
import { lazy, memo, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Chip } from '../../../../components/chip/chip';
import { MyFileChip } from '../../../../components/chip/my-file-chip';
import { LockMark } from '../../../../components/lock-mark/lock-mark';
import { assetClassLabel, countryLabel, reportLanguageLabel } from '../../../../locale/catalogue-labels';
import { isLoggedIn, useUserStore } from '../../../../stores/user-store';
import { useFormatters } from '../../../../utils/use-formatters';
import { HighlightedSnippet, HighlightedTitle } from './highlighted-snippet';
import { ResultResearch } from './result-research';

interface ResultItemProps {
  item: FileListItem;
  /** The query that opens this report. */
  search: string;
  selected: boolean;
}

const MAX_TAGS = 3;

// TanStack Query and the follows' calls stay out of the first screen: loaded once a user is logged in.
const ResultFollow = lazy(() => import('./result-follow'));

function FollowToggle(props: { target: FollowTarget; name: string; testId: string }) {
  return (
    <Suspense fallback={null}>
      <ResultFollow {...props} />
    </Suspense>
  );
}

/**
 * One report in the result list: title (marked when it is my own upload), issuer, date, pages,
 * language, snippet and tags. A logged-in user follows a company note's company and broker from it.
 */
export const ResultItem = memo(function ResultItem({ item, search, selected }: ResultItemProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const loggedIn = useUserStore((s) => isLoggedIn(s));
  const ticker = item.research?.ticker;
  const followable = loggedIn && Boolean(ticker);
  const issuer = item.issuer.trim();
  const title = item.title || item.file_name;
  const assetClass = assetClassLabel(t, item.asset_class);
  const country = countryLabel(t, item.country);
  return (
    <Link
      to={{ search }}
      className={selected ? 'rl-result rl-result--selected' : 'rl-result'}
      aria-current={selected ? 'page' : undefined}
      data-testid="result-item"
      data-file-id={item.id}
    >
      {/* Level two: the page's one <h1> names the page; each result is a section under it. */}
      <h2 className="rl-result__title">
        {item.mine && <MyFileChip />}
        {item.locked && <LockMark lock={item.locked} />}
        <HighlightedTitle title={title} html={item.title_html} />
      </h2>
      <div className="rl-result__meta">
        <span>
          <span className="rl-result__issuer">{item.issuer}</span>
          {followable && issuer && (
            <FollowToggle target={{ kind: 'issuer', issuer }} name={issuer} testId="result-follow-issuer" />
          )}
        </span>
        <span>{format.date(item.publish_date) ?? t('search.result.noDate')}</span>
        <span>{t('search.result.pages', { count: item.page_count })}</span>
        <span>{reportLanguageLabel(t, item.language)}</span>
      </div>
      {item.research && (
        <ResultResearch
          research={item.research}
          companyFollow={
            followable &&
            ticker && (
              <FollowToggle
                target={{ kind: 'company', ticker }}
                name={item.research.company_name?.trim() || ticker}
                testId="result-follow-company"
              />
            )
          }
        />
      )}
      {item.author.length > 0 && (
        <div className="rl-result__authors">{item.author.join(t('common.listSeparator'))}</div>
      )}
      <HighlightedSnippet html={item.snippet} className="rl-result__snippet" />
      <div className="rl-result__tags">
        {assetClass && <Chip tone="primary">{assetClass}</Chip>}
        {country && <Chip tone="cyan">{country}</Chip>}
        {item.tags.slice(0, MAX_TAGS).map((tag) => (
          <Chip key={tag}>{tag}</Chip>
        ))}
      </div>
    </Link>
  );
});
