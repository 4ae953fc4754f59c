import { DmcaSubmitRequest, type DmcaConfirmation } from '@rl/contract';
import type { MessageKey } from '../../locale/en-US';

/** The text fields of the complaint (SPEC.md section 3), as the contract names them. */
export type DmcaTextField = Exclude<keyof DmcaSubmitRequest, 'file_id' | 'confirmations' | 'altcha'>;

export interface DmcaFormValues extends Record<DmcaTextField, string> {
  confirmations: Partial<Record<DmcaConfirmation, boolean>>;
  altcha: string;
}

export interface DmcaFieldSpec {
  name: DmcaTextField;
  /** Columns out of 24 on a wide screen. */
  span: 12 | 24;
  autoComplete?: string;
  type?: 'email' | 'tel';
  multiline?: boolean;
  /** The help line under the field. */
  help?: MessageKey;
}

/** The form's sections, in the order they are filled in. */
export const DMCA_SECTIONS = {
  contact: [
    { name: 'first_name', span: 12, autoComplete: 'given-name' },
    { name: 'last_name', span: 12, autoComplete: 'family-name' },
    { name: 'address', span: 24, autoComplete: 'street-address' },
    { name: 'city', span: 12, autoComplete: 'address-level2' },
    { name: 'state', span: 12, autoComplete: 'address-level1' },
    { name: 'country', span: 12, autoComplete: 'country-name' },
    { name: 'zip_code', span: 12, autoComplete: 'postal-code' },
    { name: 'phone', span: 12, autoComplete: 'tel', type: 'tel' },
    { name: 'email', span: 12, autoComplete: 'email', type: 'email' },
  ],
  work: [
    {
      name: 'copyright_holder',
      span: 24,
      autoComplete: 'organization',
      help: 'publicForms.dmca.help.copyright_holder',
    },
    { name: 'filename', span: 24, help: 'publicForms.dmca.help.filename' },
    { name: 'description', span: 24, multiline: true, help: 'publicForms.dmca.help.description' },
  ],
  signature: [{ name: 'signature', span: 24, autoComplete: 'name', help: 'publicForms.dmca.help.signature' }],
} satisfies Record<string, DmcaFieldSpec[]>;

/** The contract's schema of a text field: its rule and its limits. */
export function fieldSchema(name: DmcaTextField) {
  return DmcaSubmitRequest.shape[name];
}

/** The longest value the contract accepts for a field. */
export function fieldMax(name: DmcaTextField): number | undefined {
  return fieldSchema(name).maxLength ?? undefined;
}
