import type { GlossaryDomain, GlossaryOrigin } from '@rl/contract';
import { useTranslation } from 'react-i18next';

/** The words of a term's domain and origin, shared by the filters, the table and the form. */
export function useGlossaryLabels() {
  const { t } = useTranslation();
  return {
    domain: (domain: GlossaryDomain) => t(`admin.glossary.domain.${domain}`),
    origin: (origin: GlossaryOrigin) => t(`admin.glossary.origin.${origin}`),
  };
}
