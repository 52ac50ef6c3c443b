import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import { useBoModels } from '../api/get-models';

/** Chooses a model: a search by name narrows the choices (the current one stays among them). */
export function ModelPicker({ value, onChange, error, current }: { value: number | null; onChange: (id: number | null) => void; error?: string | undefined; current?: { id: number; name_en: string } }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const models = useBoModels({ q, page: 1 });
  const options = (models.data?.models ?? []).map((m) => ({ value: String(m.id), label: m.name_en }));
  if (current && !options.some((o) => o.value === String(current.id))) options.unshift({ value: String(current.id), label: current.name_en });
  return (
    <div className="bo-catalog__picker">
      <TextField label={t('boCatalog.shoot.findModel')} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
      <SelectField
        label={t('boCatalog.shoot.model')}
        value={value === null ? '' : String(value)}
        placeholder={t('boCatalog.shoot.chooseModel')}
        options={options}
        error={error}
        onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
      />
    </div>
  );
}
