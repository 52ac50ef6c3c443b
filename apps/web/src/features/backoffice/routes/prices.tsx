import { planName, type AdminCoinPackage, type AdminPlan, type VatRate } from '@velora/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Dialog } from '@/components/dialog';
import { FormAlert } from '@/components/form-alert';
import { ErrorState, StatusMessage } from '@/components/status-message';
import { useCan } from '@/lib/capabilities';
import { useContentLanguage } from '@/lib/content-language';
import { BackofficeFrame } from '../components/backoffice-frame';
import { PackageForm, PlanForm, VatForm } from '../settings/price-forms';
import { usePrices, useRemoveVatRate } from '../settings/settings-api';
import '../settings/settings.css';

type ColumnKey = 'plan' | 'coins' | 'price' | 'sold' | 'recommended' | 'order' | 'actions' | 'country' | 'rate';
type Editing = { kind: 'plan'; plan: AdminPlan } | { kind: 'package'; pkg: AdminCoinPackage } | { kind: 'vat'; rate: VatRate | null };

function useMoney() {
  const language = useContentLanguage();
  return (cents: number, currency: string) => {
    try {
      return new Intl.NumberFormat(language, { style: 'currency', currency }).format(cents / 100);
    } catch {
      return `${(cents / 100).toFixed(2)} ${currency}`;
    }
  };
}

/** /backoffice/prices: plans, coin packages and VAT rates (admin.settings, decision record 072). */
export default function PricesRoute() {
  const { t } = useTranslation();
  const language = useContentLanguage();
  const money = useMoney();
  const allowed = useCan('admin.settings');
  const prices = usePrices(allowed);
  const removeVat = useRemoveVatRate();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [removing, setRemoving] = useState<VatRate | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const done = (message: string) => () => {
    setEditing(null);
    setNotice(message);
  };
  const packageName = (pkg: AdminCoinPackage) =>
    pkg.bonus_coins > 0
      ? t('boSettings.prices.packageNameBonus', { coins: pkg.coins.toLocaleString(language), bonus: pkg.bonus_coins.toLocaleString(language) })
      : t('boSettings.prices.packageName', { coins: pkg.coins.toLocaleString(language) });
  const yesNo = (value: boolean) => (value ? t('boSettings.prices.yes') : t('boSettings.prices.no'));

  let body;
  if (!allowed) {
    body = <StatusMessage title={t('boSettings.adminsOnly')} />;
  } else if (prices.isPending) {
    body = (
      <p role="status" className="backoffice__muted">
        {t('boSettings.prices.loading')}
      </p>
    );
  } else if (prices.isError) {
    body = <ErrorState title={t('boSettings.prices.loadFailed')} onRetry={() => void prices.refetch()} />;
  } else {
    const { plans, packages, vat_rates: rates } = prices.data;
    const col = (key: ColumnKey) => t(`boSettings.prices.columns.${key}`);
    body = (
      <>
        <section className="bo-settings__section" aria-labelledby="plans-title">
          <h2 id="plans-title">{t('boSettings.prices.plans')}</h2>
          <p className="backoffice__muted">{t('boSettings.prices.plansText')}</p>
          {plans.length === 0 ? (
            <StatusMessage title={t('boSettings.prices.noPlans')} />
          ) : (
            <div className="backoffice__scroll">
              <table className="backoffice__table" data-testid="plans-table">
                <caption className="visually-hidden">{t('boSettings.prices.plans')}</caption>
                <thead>
                  <tr>
                    {(['plan', 'price', 'sold', 'recommended', 'order', 'actions'] as const).map((key) => (
                      <th key={key} scope="col">
                        {col(key)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {plans.map((plan) => {
                    const name = planName(plan, language);
                    return (
                      <tr key={plan.id} data-testid="plan-row" data-token={plan.token}>
                        <td data-label={col('plan')}>
                          {name} <code className="bo-settings__code">{plan.token}</code>
                        </td>
                        <td data-label={col('price')} className="bo-settings__numeric">
                          {money(plan.price_cents, plan.currency)}
                        </td>
                        <td data-label={col('sold')}>{yesNo(plan.active)}</td>
                        <td data-label={col('recommended')}>{yesNo(plan.recommended)}</td>
                        <td data-label={col('order')}>{plan.sort}</td>
                        <td data-label={col('actions')}>
                          <button type="button" className="button" onClick={() => setEditing({ kind: 'plan', plan })} aria-label={t('boSettings.prices.editPlan', { name })}>
                            {t('boSettings.prices.edit')}
                          </button>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
        </section>
        <section className="bo-settings__section" aria-labelledby="packages-title">
          <h2 id="packages-title">{t('boSettings.prices.packages')}</h2>
          {packages.length === 0 ? (
            <StatusMessage title={t('boSettings.prices.noPackages')} />
          ) : (
            <div className="backoffice__scroll">
              <table className="backoffice__table" data-testid="packages-table">
                <caption className="visually-hidden">{t('boSettings.prices.packages')}</caption>
                <thead>
                  <tr>
                    {(['coins', 'price', 'sold', 'order', 'actions'] as const).map((key) => (
                      <th key={key} scope="col">
                        {col(key)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {packages.map((pkg) => {
                    const name = packageName(pkg);
                    return (
                      <tr key={pkg.id} data-testid="package-row" data-token={pkg.token}>
                        <td data-label={col('coins')}>{name}</td>
                        <td data-label={col('price')} className="bo-settings__numeric">
                          {money(pkg.price_cents, pkg.currency)}
                        </td>
                        <td data-label={col('sold')}>{yesNo(pkg.active)}</td>
                        <td data-label={col('order')}>{pkg.sort}</td>
                        <td data-label={col('actions')}>
                          <button type="button" className="button" onClick={() => setEditing({ kind: 'package', pkg })} aria-label={t('boSettings.prices.editPackage', { name })}>
                            {t('boSettings.prices.edit')}
                          </button>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
        </section>
        <section className="bo-settings__section" aria-labelledby="vat-title">
          <h2 id="vat-title">{t('boSettings.prices.vat')}</h2>
          <p className="backoffice__muted">{t('boSettings.prices.vatText')}</p>
          <p>
            <button type="button" className="button" onClick={() => setEditing({ kind: 'vat', rate: null })}>
              {t('boSettings.prices.addCountry')}
            </button>
          </p>
          {rates.length === 0 ? (
            <StatusMessage title={t('boSettings.prices.noRates')} />
          ) : (
            <div className="backoffice__scroll">
              <table className="backoffice__table" data-testid="vat-table">
                <caption className="visually-hidden">{t('boSettings.prices.vat')}</caption>
                <thead>
                  <tr>
                    {(['country', 'rate', 'actions'] as const).map((key) => (
                      <th key={key} scope="col">
                        {col(key)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rates.map((rate) => (
                    <tr key={rate.country} data-testid="vat-row" data-country={rate.country}>
                      <td data-label={col('country')}>{rate.country}</td>
                      <td data-label={col('rate')} className="bo-settings__numeric">
                        {new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 2 }).format(rate.rate_bp / 10_000)}
                      </td>
                      <td data-label={col('actions')}>
                        <div className="backoffice__row-actions">
                          <button type="button" className="button" onClick={() => setEditing({ kind: 'vat', rate })} aria-label={t('boSettings.prices.editRate', { country: rate.country })}>
                            {t('boSettings.prices.edit')}
                          </button>
                          <button type="button" className="button" onClick={() => setRemoving(rate)} aria-label={t('boSettings.prices.removeRate', { country: rate.country })}>
                            {t('boSettings.prices.remove')}
                          </button>
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </>
    );
  }

  const close = () => setEditing(null);
  let dialog = null;
  if (editing?.kind === 'plan') {
    const name = planName(editing.plan, language);
    dialog = (
      <Dialog open onOpenChange={(open) => (open ? undefined : close())} title={t('boSettings.prices.editPlan', { name })} description={t('boSettings.prices.paidStay')} testId="plan-edit">
        <PlanForm plan={editing.plan} onCancel={close} onDone={done(t('boSettings.prices.saved', { name }))} />
      </Dialog>
    );
  } else if (editing?.kind === 'package') {
    const name = packageName(editing.pkg);
    dialog = (
      <Dialog open onOpenChange={(open) => (open ? undefined : close())} title={t('boSettings.prices.editPackage', { name })} description={t('boSettings.prices.paidStay')} testId="package-edit">
        <PackageForm pkg={editing.pkg} onCancel={close} onDone={done(t('boSettings.prices.saved', { name }))} />
      </Dialog>
    );
  } else if (editing?.kind === 'vat') {
    const country = editing.rate?.country ?? null;
    dialog = (
      <Dialog open onOpenChange={(open) => (open ? undefined : close())} title={country ? t('boSettings.prices.editRate', { country }) : t('boSettings.prices.addCountry')} testId="vat-edit">
        <VatForm country={country} rateBp={editing.rate?.rate_bp ?? null} revision={editing.rate?.revision ?? 0} onCancel={close} onDone={done(t('boSettings.prices.rateSaved'))} />
      </Dialog>
    );
  }

  return (
    <BackofficeFrame title={t('boSettings.prices.title')} intro={t('boSettings.prices.intro')} titleId="prices-title">
      <div aria-live="polite">{notice ? <FormAlert tone="success">{notice}</FormAlert> : null}</div>
      {body}
      {dialog}
      <ConfirmDialog
        open={removing !== null}
        title={t('boSettings.prices.removeTitle', { country: removing?.country ?? '' })}
        description={t('boSettings.prices.removeText')}
        confirmLabel={t('boSettings.prices.remove')}
        pendingLabel={t('boSettings.saving')}
        cancelLabel={t('boSettings.cancel')}
        pending={removeVat.isPending}
        error={removeError}
        testId="vat-remove"
        onCancel={() => {
          setRemoving(null);
          setRemoveError(null);
        }}
        onConfirm={() => {
          if (!removing) return;
          removeVat.mutate(removing.country, {
            onSuccess: () => {
              setRemoving(null);
              setNotice(t('boSettings.prices.rateRemoved', { country: removing.country }));
            },
            onError: () => setRemoveError(t('boSettings.failed')),
          });
        }}
      />
    </BackofficeFrame>
  );
}
