import { SHOOT_ORDERS } from '@velora/shared';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useContentLanguage } from '@/lib/content-language';
import { useShoots } from '../api/get-shoots';
import { CatalogResults } from '../components/catalog-results';
import { OrderSelect } from '../components/order-select';
import { ShootGrid, ShootGridSkeleton } from '@/entities/shoot/shoot-card';
import type { ShootOrder } from '../list-params';
import { pageHref, readListParams, writeListParams } from '../list-params';

const DEFAULT_ORDER: ShootOrder = 'newest';

/** /shoots?page&order: every photo and video set, sortable; the state lives in the URL. */
export default function ShootsRoute() {
  const { t } = useTranslation();
  const language = useContentLanguage();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readListParams(searchParams, SHOOT_ORDERS, DEFAULT_ORDER);
  const shoots = useShoots(params);

  return (
    <div className="page">
      <header className="page-header page-header--with-tools">
        <div>
          <h1 className="page-header__title">{t('shoots.title')}</h1>
          <p className="page-header__subtitle">{t('shoots.subtitle')}</p>
        </div>
        <OrderSelect
          value={params.order}
          orders={SHOOT_ORDERS}
          labelFor={(order) => t(`shoots.orders.${order}`)}
          onChange={(order) => setSearchParams((current) => writeListParams({ page: 1, order }, DEFAULT_ORDER, current))}
        />
      </header>
      <CatalogResults
        result={shoots}
        count={(data) => t('shoots.count', { count: data.total })}
        isEmpty={(data) => data.shoots.length === 0}
        skeleton={<ShootGridSkeleton />}
        empty={{ title: t('shoots.emptyTitle'), text: t('shoots.emptyText') }}
        errorTitle={t('shoots.errorTitle')}
        hrefForPage={(page) => pageHref(searchParams, page)}
      >
        {(data, busy) => <ShootGrid shoots={data.shoots} language={language} busy={busy} />}
      </CatalogResults>
    </div>
  );
}
