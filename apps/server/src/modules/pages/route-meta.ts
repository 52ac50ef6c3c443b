import { PRODUCT_NAME, type Language } from '@velora/shared';

// Meta defaults for the app's own routes (product §2): the page title is the product name followed by the translated
// section name (product §1). Public information pages are indexed; member areas, flows and tokens links are not.

type Texts = Record<Language, string>;

export const INDEX = 'index, follow';
export const NO_INDEX = 'noindex, nofollow';
/** For paths nothing answers: not indexed, but links on the page may be followed. */
export const NO_INDEX_FOLLOW = 'noindex, follow';

export interface RouteMeta {
  /** The route's pattern, e.g. /profile/:id. */
  pattern: string;
  section: Texts;
  description?: Texts;
  robots: string;
  /** What the caller must look up to fill the meta in (a blog article, a landing). */
  lookup?: 'blog_article' | 'landing';
}

const t = (en: string, de: string, fr: string): Texts => ({ en, de, fr });

export const DEFAULT_TAGLINE = t(
  'Members\' club for photo and video sets',
  'Mitgliederclub für Foto- und Videosets',
  'Club de membres pour séries photo et vidéo',
);

export const DEFAULT_DESCRIPTION = t(
  `${PRODUCT_NAME} is a membership site with photo and video sets, live cams and scheduled live sessions with independent models.`,
  `${PRODUCT_NAME} ist eine Mitgliederseite mit Foto- und Videosets, Live-Cams und geplanten Live-Sessions mit unabhängigen Models.`,
  `${PRODUCT_NAME} est un site d'abonnement avec des séries photo et vidéo, des caméras en direct et des sessions live programmées avec des modèles indépendants.`,
);

export const DEFAULT_KEYWORDS = t(
  'membership, photo sets, videos, live cams, models, playdates',
  'Mitgliedschaft, Fotosets, Videos, Live-Cams, Models, Playdates',
  'abonnement, séries photo, vidéos, caméras en direct, modèles, playdates',
);

const member = (pattern: string, section: Texts): RouteMeta => ({ pattern, section, robots: NO_INDEX });
const info = (pattern: string, section: Texts, description: Texts): RouteMeta => ({ pattern, section, description, robots: INDEX });

const VIDEOS = t('Videos', 'Videos', 'Vidéos');
const SHOOT = t('Shoot', 'Shooting', 'Séance');
const CAMS = t('Live cams', 'Live-Cams', 'Caméras en direct');
const PLAYDATES = t('Playdates', 'Playdates', 'Playdates');
const FAVOURITES = t('Favourites', 'Favoriten', 'Favoris');
const MESSAGES = t('Messages', 'Nachrichten', 'Messages');
const PROFILE = t('My profile', 'Mein Profil', 'Mon profil');
const CHAT = t('Chat', 'Chat', 'Chat');
const BLOG = t('Blog', 'Blog', 'Blog');
const BLOG_DESCRIPTION = t(
  'Behind the scenes, photography tips and news from the platform.',
  'Hinter den Kulissen, Fotografie-Tipps und Neuigkeiten von der Plattform.',
  'Dans les coulisses, conseils photo et actualités de la plateforme.',
);

/** Checked in order; the first pattern that matches a path wins. */
export const ROUTE_META: readonly RouteMeta[] = [
  info('/', DEFAULT_TAGLINE, DEFAULT_DESCRIPTION),
  info('/join', DEFAULT_TAGLINE, DEFAULT_DESCRIPTION),
  member('/forgot_password', t('Forgot password', 'Passwort vergessen', 'Mot de passe oublié')),
  member('/reset_password', t('Reset password', 'Passwort zurücksetzen', 'Réinitialiser le mot de passe')),
  member('/videos', VIDEOS),
  member('/feeds', t('Feed', 'Feed', 'Fil d\'actualité')),
  member('/recent_updates', t('Recent updates', 'Neueste Updates', 'Dernières mises à jour')),
  member('/update/:id', t('Update', 'Update', 'Mise à jour')),
  member('/models', t('Models', 'Models', 'Modèles')),
  member('/profile/:id', t('Model profile', 'Model-Profil', 'Profil du modèle')),
  member('/shoots', t('Shoots', 'Shootings', 'Séances')),
  member('/shoot/:id', SHOOT),
  member('/shoot/:id/images/:chapter', SHOOT),
  member('/cameras', CAMS),
  member('/camera/:name', CAMS),
  member('/camera/:name/photos', CAMS),
  member('/camera/:name/videos', CAMS),
  member('/playdates', PLAYDATES),
  member('/private-playdate/:id', PLAYDATES),
  member('/public-playdate/:id', PLAYDATES),
  member('/playdates/request-private-playdate/:id', PLAYDATES),
  member('/playdates/extend-playdate/:id', t('Your Private Playdate has finished', 'Dein privates Playdate ist beendet', 'Votre Playdate privé est terminé')),
  info('/netiquette', t('Netiquette', 'Netiquette', 'Nétiquette'), t(
    'How we treat each other in chats, messages and comments.',
    'Wie wir in Chats, Nachrichten und Kommentaren miteinander umgehen.',
    'Comment nous nous comportons dans les chats, messages et commentaires.',
  )),
  info('/playdate-faq', t('Playdate FAQ', 'Playdate-FAQ', 'FAQ Playdates'), t(
    'Answers to common questions about public and private playdates.',
    'Antworten auf häufige Fragen zu öffentlichen und privaten Playdates.',
    'Réponses aux questions fréquentes sur les playdates publics et privés.',
  )),
  member('/playdate-chat-replay', t('Chat replay', 'Chat-Wiederholung', 'Rediffusion du chat')),
  member('/favourite-models', FAVOURITES),
  member('/favourite-shoots', FAVOURITES),
  member('/favourite-videos', FAVOURITES),
  member('/favourite-images', FAVOURITES),
  member('/favourite-cams', FAVOURITES),
  member('/user-profile', PROFILE),
  member('/user-profile/settings', t('Settings', 'Einstellungen', 'Paramètres')),
  member('/messages', MESSAGES),
  member('/messages/*', MESSAGES),
  member('/playdate-messages/:id', MESSAGES),
  member('/free-chat/:name', CHAT),
  member('/chat/:name', CHAT),
  member('/paywall', t('Membership', 'Mitgliedschaft', 'Abonnement')),
  info('/community_guidelines', t('Community guidelines', 'Community-Richtlinien', 'Règles de la communauté'), t(
    'The rules that keep our community respectful and safe.',
    'Die Regeln, die unsere Community respektvoll und sicher halten.',
    'Les règles qui gardent notre communauté respectueuse et sûre.',
  )),
  info('/blog', BLOG, BLOG_DESCRIPTION),
  info('/lecker_blog', BLOG, BLOG_DESCRIPTION),
  { pattern: '/blog/:alias', section: BLOG, robots: INDEX, lookup: 'blog_article' },
  { pattern: '/lecker_blog/:alias', section: BLOG, robots: INDEX, lookup: 'blog_article' },
  { pattern: '/welcome/:id', section: DEFAULT_TAGLINE, description: DEFAULT_DESCRIPTION, robots: INDEX, lookup: 'landing' },
  info('/friends', t('Friends', 'Freunde', 'Amis'), t(
    'Sites and projects we like and work with.',
    'Seiten und Projekte, die wir mögen und mit denen wir zusammenarbeiten.',
    'Les sites et projets que nous aimons et avec lesquels nous travaillons.',
  )),
  member('/free-video', t('Free video', 'Gratis-Video', 'Vidéo gratuite')),
  member('/unsubscribe_mails', t('Unsubscribe', 'Abmelden', 'Se désabonner')),
  info('/contact-us', t('Contact us', 'Kontakt', 'Contact'), t(
    'Questions about your membership or the site? Write to our support team.',
    'Fragen zu deiner Mitgliedschaft oder zur Seite? Schreib unserem Support-Team.',
    'Des questions sur votre abonnement ou le site ? Écrivez à notre équipe d\'assistance.',
  )),
  info('/agb', t('Terms and conditions', 'AGB', 'Conditions générales'), t(
    'The terms of use of the site and the record-keeping notice.',
    'Die Nutzungsbedingungen der Seite und der Hinweis zur Aufbewahrung von Unterlagen.',
    'Les conditions d\'utilisation du site et l\'avis de conservation des documents.',
  )),
  info('/report', t('Report content', 'Inhalte melden', 'Signaler un contenu'), t(
    'Ask us to review or remove content from the site.',
    'Bitte uns, Inhalte der Seite zu prüfen oder zu entfernen.',
    'Demandez-nous d\'examiner ou de retirer un contenu du site.',
  )),
  info('/dmca', t('DMCA', 'DMCA', 'DMCA'), t(
    'How to send a copyright notice and how we handle it.',
    'Wie du eine Urheberrechtsmeldung sendest und wie wir sie bearbeiten.',
    'Comment envoyer une notification de droits d\'auteur et comment nous la traitons.',
  )),
  info('/prohibited_content', t('Prohibited content', 'Verbotene Inhalte', 'Contenus interdits'), t(
    'Content that is never allowed on the site.',
    'Inhalte, die auf der Seite niemals erlaubt sind.',
    'Les contenus qui ne sont jamais autorisés sur le site.',
  )),
  info('/apply', t('Apply as a model', 'Als Model bewerben', 'Postuler comme modèle'), t(
    'Work with us: how to apply and what to expect.',
    'Arbeite mit uns: wie du dich bewirbst und was dich erwartet.',
    'Travaillez avec nous : comment postuler et à quoi vous attendre.',
  )),
  info('/sitemap', t('Sitemap', 'Sitemap', 'Plan du site'), t(
    'Every public page of the site at a glance.',
    'Alle öffentlichen Seiten auf einen Blick.',
    'Toutes les pages publiques du site en un coup d\'œil.',
  )),
  info('/about_us', t('About us', 'Über uns', 'À propos'), t(
    'Who we are and how we produce our sets.',
    'Wer wir sind und wie wir unsere Sets produzieren.',
    'Qui nous sommes et comment nous produisons nos séries.',
  )),
  member('/test_videos', t('Test videos', 'Testvideos', 'Vidéos de test')),
  info('/ladies', t('Ladies', 'Ladies', 'Ladies'), DEFAULT_DESCRIPTION),
];

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

/** Whether `path` matches `pattern`: `:name` stands for one segment, a final `*` for one or more. */
export function matchesPattern(pattern: string, path: string): boolean {
  const want = segmentsOf(pattern);
  const have = segmentsOf(path);
  if (want.at(-1) === '*') {
    return have.length >= want.length && want.slice(0, -1).every((w, i) => w.startsWith(':') || w === have[i]);
  }
  return want.length === have.length && want.every((w, i) => w.startsWith(':') || w === have[i]);
}

/** The meta entry of the app route `path` is on, or null when it is none of the app's routes. */
export function routeMetaFor(path: string): { meta: RouteMeta; lastSegment: string } | null {
  const meta = ROUTE_META.find((m) => matchesPattern(m.pattern, path));
  return meta ? { meta, lastSegment: segmentsOf(path).at(-1) ?? '' } : null;
}

/** The title of a section: the product name followed by the section name (product §1). */
export const titleFor = (section: string) => `${PRODUCT_NAME} - ${section}`;
