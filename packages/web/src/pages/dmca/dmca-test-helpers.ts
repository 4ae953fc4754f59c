import { DMCA_CONFIRMATIONS } from '@rl/contract';
import { screen } from '@testing-library/react';
import { click, type } from '../../components/auth-modal/auth-test-helpers';
import { enUS } from '../../locale/en-US';

/** A complete complaint as a user types it (labels of the English form). */
export const TYPED = {
  'First name': 'Ada',
  'Last name': 'Lovelace',
  Address: '12 St James Square',
  'Copyright holder': 'Analytical Press Ltd',
  City: 'London',
  State: 'Greater London',
  Country: 'United Kingdom',
  'Zip code': 'SW1Y 4JH',
  Phone: '+44 20 7946 0000',
  'E-mail': '  Ada@Example.COM ',
  Filename: 'engine-notes.pdf',
  Description: 'Pages 3 to 9 copy chapter 2 of our book "Notes on the Engine".',
  Signature: 'Ada Lovelace',
};

/** Types every field; `skip` leaves some empty. */
export function fillFields(skip: string[] = []): void {
  for (const [label, value] of Object.entries(TYPED)) if (!skip.includes(label)) type(label, value);
}

/** Ticks the statements' boxes (all of them by default). */
export async function tickBoxes(boxes: readonly string[] = DMCA_CONFIRMATIONS): Promise<void> {
  for (const box of boxes) {
    await click(
      screen.getByText(enUS[`publicForms.dmca.confirm.${box as (typeof DMCA_CONFIRMATIONS)[number]}`]),
    );
  }
}

export async function submit(): Promise<void> {
  await click(screen.getByTestId('dmca-submit'));
}
