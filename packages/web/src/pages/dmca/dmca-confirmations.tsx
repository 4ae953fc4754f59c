import { DMCA_CONFIRMATIONS, type DmcaConfirmation } from '@rl/contract';
import { Checkbox } from 'antd';
import { useTranslation } from 'react-i18next';

type Boxes = Partial<Record<DmcaConfirmation, boolean>>;

interface DmcaConfirmationsProps {
  value?: Boxes;
  onChange?(value: Boxes): void;
  id?: string;
}

/** The five statements of a complaint, each confirmed by its own box (a form control). */
export function DmcaConfirmations({ value = {}, onChange, id }: DmcaConfirmationsProps) {
  const { t } = useTranslation();
  return (
    <div className="rl-dmca-confirmations" id={id} data-testid="dmca-confirmations">
      {DMCA_CONFIRMATIONS.map((box) => (
        <Checkbox
          key={box}
          checked={value[box] === true}
          onChange={(event) => onChange?.({ ...value, [box]: event.target.checked })}
          data-box={box}
        >
          {t(`publicForms.dmca.confirm.${box}`)}
        </Checkbox>
      ))}
    </div>
  );
}
