import { LANGUAGE_TAGS, type AdminCoinPackage, type AdminPlan } from '@velora/shared';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { SwitchField } from '@/components/switch-field';
import { TextField } from '@/components/text-field';
import { useContentLanguage } from '@/lib/content-language';
import { isApiError } from '@/lib/http';
import { basisPointsOf, centsOf, centsText, decimalSeparatorOf, percentText, wholeOf } from './amounts';
import { useSetVatRate, useUpdatePackage, useUpdatePlan } from './settings-api';

// The forms of the prices screen (decision record 072): a plan, a coin package, a VAT rate. Amounts are typed as
// people write them and sent as whole cents or basis points; the server checks again and names a field it refuses.

type Errors = Record<string, string>;

/** Amounts shown with the reader's decimal separator; either is accepted back. */
const useSeparator = () => decimalSeparatorOf(LANGUAGE_TAGS[useContentLanguage()]);
const CURRENCY = /^[A-Z]{3}$/;

function useSubmit(onDone: () => void) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const run = async (found: Errors, send: () => Promise<unknown>) => {
    setErrors(found);
    setAlert(null);
    if (Object.keys(found).length > 0) return;
    try {
      await send();
      onDone();
    } catch (error) {
      if (isApiError(error, 400) && error.fields) setErrors(Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k.replace(/^(body|params)\./, ''), v])));
      else setAlert(isApiError(error, 409) ? t('boSettings.conflict') : t('boSettings.failed'));
    }
  };
  return { errors, alert, run };
}

function Actions({ busy, onCancel }: { busy: boolean; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="backoffice__row-actions">
      <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy || undefined}>
        {busy ? t('boSettings.saving') : t('boSettings.save')}
      </button>
      <button type="button" className="button" onClick={onCancel}>
        {t('boSettings.cancel')}
      </button>
    </div>
  );
}

function Form({ alert, onSubmit, children, testId }: { alert: string | null; onSubmit: () => void; children: ReactNode; testId: string }) {
  return (
    <form
      className="form"
      noValidate
      data-testid={testId}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {alert ? <FormAlert tone="error">{alert}</FormAlert> : null}
      {children}
    </form>
  );
}

/** Checks shared by plans and packages: the price, the currency and the order. */
function useCommonChecks() {
  const { t } = useTranslation();
  return (price: string, currency: string, sort: string): Errors => {
    const found: Errors = {};
    const cents = centsOf(price);
    if (cents === null || cents <= 0) found.price_cents = t('boSettings.prices.invalid.price');
    if (!CURRENCY.test(currency.trim())) found.currency = t('boSettings.prices.invalid.currency');
    const order = wholeOf(sort);
    if (order === null || Math.abs(order) > 1000) found.sort = t('boSettings.prices.invalid.sort');
    return found;
  };
}

export function PlanForm({ plan, onDone, onCancel }: { plan: AdminPlan; onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const update = useUpdatePlan();
  const { errors, alert, run } = useSubmit(onDone);
  const check = useCommonChecks();
  const separator = useSeparator();
  const [price, setPrice] = useState(() => centsText(plan.price_cents, separator));
  const [currency, setCurrency] = useState(plan.currency);
  const [sort, setSort] = useState(String(plan.sort));
  const [active, setActive] = useState(plan.active);
  const [recommended, setRecommended] = useState(plan.recommended);
  const submit = () =>
    void run(check(price, currency, sort), () =>
      update.mutateAsync({
        id: plan.id,
        body: { price_cents: centsOf(price)!, currency: currency.trim(), sort: wholeOf(sort)!, active, recommended, revision: plan.revision },
      }),
    );
  return (
    <Form alert={alert} onSubmit={submit} testId="plan-form">
      <TextField label={t('boSettings.prices.fields.price')} hint={t('boSettings.prices.fields.priceHint')} value={price} onChange={(e) => setPrice(e.target.value)} error={errors.price_cents} inputMode="decimal" autoComplete="off" />
      <TextField label={t('boSettings.prices.fields.currency')} value={currency} onChange={(e) => setCurrency(e.target.value.toUpperCase())} error={errors.currency} maxLength={3} autoComplete="off" autoCapitalize="characters" spellCheck={false} />
      <TextField label={t('boSettings.prices.fields.sort')} hint={t('boSettings.prices.fields.sortHint')} value={sort} onChange={(e) => setSort(e.target.value)} error={errors.sort} inputMode="numeric" autoComplete="off" />
      <SwitchField label={t('boSettings.prices.fields.active')} checked={active} onChange={(e) => setActive(e.target.checked)} />
      <SwitchField label={t('boSettings.prices.fields.recommended')} hint={t('boSettings.prices.fields.recommendedHint')} checked={recommended} onChange={(e) => setRecommended(e.target.checked)} />
      <Actions busy={update.isPending} onCancel={onCancel} />
    </Form>
  );
}

export function PackageForm({ pkg, onDone, onCancel }: { pkg: AdminCoinPackage; onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const update = useUpdatePackage();
  const { errors, alert, run } = useSubmit(onDone);
  const check = useCommonChecks();
  const [coins, setCoins] = useState(String(pkg.coins));
  const [bonus, setBonus] = useState(String(pkg.bonus_coins));
  const separator = useSeparator();
  const [price, setPrice] = useState(() => centsText(pkg.price_cents, separator));
  const [currency, setCurrency] = useState(pkg.currency);
  const [sort, setSort] = useState(String(pkg.sort));
  const [active, setActive] = useState(pkg.active);
  const submit = () => {
    const found = check(price, currency, sort);
    const c = wholeOf(coins);
    const b = wholeOf(bonus);
    if (c === null || c <= 0) found.coins = t('boSettings.prices.invalid.coins');
    if (b === null || b < 0) found.bonus_coins = t('boSettings.prices.invalid.bonus');
    void run(found, () =>
      update.mutateAsync({
        id: pkg.id,
        body: { coins: c!, bonus_coins: b!, price_cents: centsOf(price)!, currency: currency.trim(), sort: wholeOf(sort)!, active, revision: pkg.revision },
      }),
    );
  };
  return (
    <Form alert={alert} onSubmit={submit} testId="package-form">
      <TextField label={t('boSettings.prices.fields.coins')} value={coins} onChange={(e) => setCoins(e.target.value)} error={errors.coins} inputMode="numeric" autoComplete="off" />
      <TextField label={t('boSettings.prices.fields.bonus')} value={bonus} onChange={(e) => setBonus(e.target.value)} error={errors.bonus_coins} inputMode="numeric" autoComplete="off" />
      <TextField label={t('boSettings.prices.fields.price')} hint={t('boSettings.prices.fields.priceHint')} value={price} onChange={(e) => setPrice(e.target.value)} error={errors.price_cents} inputMode="decimal" autoComplete="off" />
      <TextField label={t('boSettings.prices.fields.currency')} value={currency} onChange={(e) => setCurrency(e.target.value.toUpperCase())} error={errors.currency} maxLength={3} autoComplete="off" autoCapitalize="characters" spellCheck={false} />
      <TextField label={t('boSettings.prices.fields.sort')} hint={t('boSettings.prices.fields.sortHint')} value={sort} onChange={(e) => setSort(e.target.value)} error={errors.sort} inputMode="numeric" autoComplete="off" />
      <SwitchField label={t('boSettings.prices.fields.active')} checked={active} onChange={(e) => setActive(e.target.checked)} />
      <Actions busy={update.isPending} onCancel={onCancel} />
    </Form>
  );
}

/** A country's rate: changed (its revision) or added (revision 0, the country typed). */
export function VatForm({ country, rateBp, revision, onDone, onCancel }: { country: string | null; rateBp: number | null; revision: number; onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const save = useSetVatRate();
  const { errors, alert, run } = useSubmit(onDone);
  const [code, setCode] = useState(country ?? '');
  const separator = useSeparator();
  const [rate, setRate] = useState(() => (rateBp === null ? '' : percentText(rateBp, separator)));
  const submit = () => {
    const found: Errors = {};
    if (!/^[A-Z]{2}$/.test(code.trim())) found.country = t('boSettings.prices.invalid.country');
    const bp = basisPointsOf(rate);
    if (bp === null || bp > 5000) found.rate_bp = t('boSettings.prices.invalid.rate');
    void run(found, () => save.mutateAsync({ country: code.trim(), body: { rate_bp: bp!, revision } }));
  };
  return (
    <Form alert={alert} onSubmit={submit} testId="vat-form">
      <TextField
        label={t('boSettings.prices.fields.country')}
        hint={t('boSettings.prices.fields.countryHint')}
        value={code}
        onChange={(e) => setCode(e.target.value.toUpperCase())}
        error={errors.country}
        readOnly={country !== null}
        maxLength={2}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
      />
      <TextField label={t('boSettings.prices.fields.rate')} hint={t('boSettings.prices.fields.rateHint')} value={rate} onChange={(e) => setRate(e.target.value)} error={errors.rate_bp} inputMode="decimal" autoComplete="off" />
      <Actions busy={save.isPending} onCancel={onCancel} />
    </Form>
  );
}
