/** The zone picker of an officer account: "Every zone" (no zone) or one of the zones the assets use. */
import { forwardRef, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from '../../../components/ui/input';
import { useZones } from '../../../api/assets';

export const ZoneSelect = forwardRef<HTMLSelectElement, ComponentProps<typeof Select> & { current?: string | null }>(
  function ZoneSelect({ current, ...props }, ref) {
    const { t } = useTranslation('users');
    const zones = useZones();
    const names = [...new Set([...(zones.data?.zones ?? []), ...(current ? [current] : [])])];
    return (
      <Select ref={ref} {...props}>
        <option value="">{t('zone.every')}</option>
        {names.map((zone) => (
          <option key={zone} value={zone}>
            {zone}
          </option>
        ))}
      </Select>
    );
  },
);
