import { DAY_MS, LANGUAGES, PRODUCT_NAME, type Language, type PageType } from '@velora/shared';
import { hashPassword } from '../lib/password';
import type { Queryable } from '../db/database';
import { BLOG_CATEGORIES, BLOG_TOPICS } from './seed-content-blog';

// Demo content around the catalog: landings 1 and 2 (en, de, fr), custom pages, and the blog.

/** The password of the demo page /members-preview (README "Demo accounts"). */
export const DEMO_PAGE_PASSWORD = 'letmein';
export const DEMO_PAGE_PATHS = {
  landing: '/summer-special',
  landingWelcome: '/discover',
  password: '/members-preview',
  link: '/go/join',
  press: '/press',
  help: '/help',
} as const;

interface LandingText {
  title: string;
  subtitle: string;
  body: string;
  cta: string;
}

const LANDINGS: Array<{ id: number; ctaUrl: string; texts: Record<Language, LandingText> }> = [
  {
    id: 1,
    ctaUrl: '/#sign_up',
    texts: {
      en: {
        title: `Summer on ${PRODUCT_NAME}`,
        subtitle: 'New photo and video sets every week, all summer long.',
        body: '<p>Long evenings, warm light and a new release every week. Browse the newest sets from our models and follow the ones you like.</p><ul><li>Weekly photo and video sets</li><li>Live sessions with your favourite models</li><li>Watch on any device</li></ul>',
        cta: 'Join now',
      },
      de: {
        title: `Sommer auf ${PRODUCT_NAME}`,
        subtitle: 'Den ganzen Sommer lang jede Woche neue Foto- und Videosets.',
        body: '<p>Lange Abende, warmes Licht und jede Woche eine neue Veröffentlichung. Entdecke die neuesten Sets unserer Models und folge denen, die dir gefallen.</p><ul><li>Wöchentlich neue Foto- und Videosets</li><li>Live-Sessions mit deinen Lieblingsmodels</li><li>Auf jedem Gerät ansehen</li></ul>',
        cta: 'Jetzt beitreten',
      },
      fr: {
        title: `L'été sur ${PRODUCT_NAME}`,
        subtitle: 'De nouvelles séries photo et vidéo chaque semaine, tout l\'été.',
        body: '<p>De longues soirées, une lumière chaude et une nouveauté chaque semaine. Parcourez les dernières séries de nos modèles et suivez celles qui vous plaisent.</p><ul><li>Des séries photo et vidéo chaque semaine</li><li>Des sessions live avec vos modèles préférés</li><li>Sur tous vos appareils</li></ul>',
        cta: 'Rejoindre',
      },
    },
  },
  {
    id: 2,
    ctaUrl: '/#sign_up',
    texts: {
      en: {
        title: `Welcome to ${PRODUCT_NAME}`,
        subtitle: 'Independent models, carefully produced sets and live sessions.',
        body: '<p>Every set is planned together with the model and produced by a small team. Create a free account to browse, keep favourites and write to models.</p>',
        cta: 'Create your free account',
      },
      de: {
        title: `Willkommen bei ${PRODUCT_NAME}`,
        subtitle: 'Unabhängige Models, sorgfältig produzierte Sets und Live-Sessions.',
        body: '<p>Jedes Set wird gemeinsam mit dem Model geplant und von einem kleinen Team produziert. Erstelle ein kostenloses Konto, um zu stöbern, Favoriten zu sammeln und Models zu schreiben.</p>',
        cta: 'Kostenloses Konto erstellen',
      },
      fr: {
        title: `Bienvenue sur ${PRODUCT_NAME}`,
        subtitle: 'Des modèles indépendants, des séries soigneusement produites et des sessions live.',
        body: '<p>Chaque série est préparée avec le modèle et produite par une petite équipe. Créez un compte gratuit pour parcourir le site, garder vos favoris et écrire aux modèles.</p>',
        cta: 'Créer un compte gratuit',
      },
    },
  },
];

interface PageSeed {
  path: string;
  type: PageType;
  title: string;
  source?: string;
  password?: string;
  landing?: number;
  metaDescription?: string;
  metaRobots?: string;
}

const PAGES: PageSeed[] = [
  {
    path: DEMO_PAGE_PATHS.landing,
    type: 'landing',
    title: 'Summer special',
    landing: 1,
    metaDescription: 'New photo and video sets every week, all summer long.',
  },
  { path: DEMO_PAGE_PATHS.landingWelcome, type: 'landing', title: `Discover ${PRODUCT_NAME}`, landing: 2 },
  {
    path: DEMO_PAGE_PATHS.password,
    type: 'document',
    title: 'Members preview',
    password: DEMO_PAGE_PASSWORD,
    source:
      '<p>Thank you for helping us test what comes next. This page shows the releases planned for the coming weeks.</p>' +
      '<ul><li>A new series on natural light, with behind-the-scenes videos</li><li>Two new models joining in the autumn</li><li>Longer public playdates on Sundays</li></ul>' +
      '<p>Please keep this page to yourself until the releases are announced.</p>',
  },
  { path: DEMO_PAGE_PATHS.link, type: 'transforming_links', title: 'Join', source: '/?utm_campaign=go-join#sign_up' },
  {
    path: DEMO_PAGE_PATHS.press,
    type: 'document',
    title: 'Press',
    metaDescription: `Press information and contacts for ${PRODUCT_NAME}.`,
    source:
      `<h1>Press</h1><p>${PRODUCT_NAME} is a membership site for photo and video sets and live sessions with independent models.</p>` +
      '<h2>Press enquiries</h2><p>Journalists can reach us through the <a href="/contact-us">contact form</a>; choose the subject "Press". We usually answer within two working days.</p>' +
      '<h2>Facts</h2><ul><li>Available in English, German and French</li><li>Every set is produced with the model\'s written consent</li></ul>',
  },
  {
    path: DEMO_PAGE_PATHS.help,
    type: 'document',
    title: 'Help',
    metaDescription: `Answers to common questions about ${PRODUCT_NAME}.`,
    source:
      '<h1>Help</h1><h2>How do I change my language?</h2><p>Use the language menu at the bottom of every page. When you are logged in, your choice is saved to your account.</p>' +
      '<h2>How do I cancel my membership?</h2><p>Open <a href="/user-profile/settings">your settings</a> and follow the steps under "Membership".</p>' +
      '<h2>Something else?</h2><p>Write to us through the <a href="/contact-us">contact form</a>.</p>',
  },
];

export interface SeededContent {
  landings: number;
  pages: number;
  articles: number;
}

/** Landings, custom pages and blog articles of the demo. Safe to run again: what exists is left as it is. */
export async function seedContent(db: Queryable, opts: { now: Date }): Promise<SeededContent> {
  // Covers and heroes reuse the newest shoots' generated covers; without a catalog they are left empty.
  const shoots = (await db.query<{ id: number }>('SELECT id FROM shoots ORDER BY published_at DESC, id DESC LIMIT 12')).map((r) => r.id);
  const shootKey = (i: number) => (shoots.length > 0 ? `shoot:${shoots[i % shoots.length]}` : null);

  let landings = 0;
  for (const [i, landing] of LANDINGS.entries()) {
    for (const language of LANGUAGES) {
      const text = landing.texts[language];
      const rows = await db.query(
        `INSERT INTO landings (id, language, is_default, title, subtitle, body_html, hero_image, cta_label, cta_url, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         ON CONFLICT DO NOTHING RETURNING id`,
        [landing.id, language, language === 'en', text.title, text.subtitle, text.body, shootKey(i), text.cta, landing.ctaUrl, opts.now],
      );
      landings += rows.length;
    }
  }

  let pages = 0;
  const passwordHash = await hashPassword(DEMO_PAGE_PASSWORD);
  for (const page of PAGES) {
    const rows = await db.query(
      `INSERT INTO pages (path, type, title, source, password_hash, landing_de, landing_en, meta_description, meta_robots, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $6, $7, $8, $9, $9)
       ON CONFLICT DO NOTHING RETURNING id`,
      [
        page.path, page.type, page.title, page.source ?? null, page.password ? passwordHash : null, page.landing ?? null,
        page.metaDescription ?? null, page.metaRobots ?? null, opts.now,
      ],
    );
    pages += rows.length;
  }

  for (const [position, c] of BLOG_CATEGORIES.entries()) {
    await db.query(
      `INSERT INTO blog_categories (slug, name_en, name_de, name_fr, position) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (slug) DO NOTHING`,
      [c.slug, c.names.en, c.names.de, c.names.fr, position],
    );
  }
  const categoryIds = new Map(
    (await db.query<{ id: number; slug: string }>('SELECT id, slug FROM blog_categories')).map((r) => [r.slug, r.id]),
  );

  let articles = 0;
  for (const [i, topic] of BLOG_TOPICS.entries()) {
    const publishedAt = new Date(opts.now.getTime() - topic.daysAgo * DAY_MS);
    for (const language of LANGUAGES) {
      const text = topic.texts[language];
      const rows = await db.query(
        `INSERT INTO blog_articles (alias, language, topic, title, excerpt, body_html, category_id, author, cover_image, published_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)
         ON CONFLICT (language, alias) DO NOTHING RETURNING id`,
        [text.alias, language, topic.topic, text.title, text.excerpt, text.body, categoryIds.get(topic.category), topic.author, shootKey(i + 2), publishedAt],
      );
      articles += rows.length;
    }
  }
  return { landings, pages, articles };
}
