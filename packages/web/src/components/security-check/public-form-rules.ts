import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import type { core, ZodType } from 'zod';

/** Words a contract verdict on a field (named `field` in the interface language) for the form. */
export function issueMessage(issue: core.$ZodIssue, field: string, t: TFunction): string {
  if (issue.code === 'too_big') return t('publicForms.rules.tooLong', { field, max: Number(issue.maximum) });
  if (issue.code === 'too_small' || issue.code === 'invalid_type')
    return t('publicForms.rules.required', { field });
  return t('publicForms.rules.invalid', { field });
}

/**
 * A form rule that runs the contract's own schema of a field and words its verdict in the
 * interface language: the web re-declares none of the contract's limits, it only translates them.
 */
export function contractRule(schema: ZodType, field: string, t: TFunction): FormRule {
  return {
    validator: async (_, value: unknown) => {
      const issue = schema.safeParse(value ?? '').error?.issues[0];
      if (issue) throw new Error(issueMessage(issue, field, t));
    },
  };
}

/** The security check must be done before a form is sent (SPEC.md section 5). */
export function securityCheckRules(t: TFunction): FormRule[] {
  return [{ required: true, message: t('publicForms.securityCheck.required') }];
}
