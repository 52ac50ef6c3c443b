import type { LocaleTexts } from '../types';

const texts: LocaleTexts['compliance'] = {
  compliance: {
    legalLinks: 'Informations légales',
    ageApproval: {
      title: 'As-tu 18 ans ou plus ?',
      text: 'Velora est un site d’abonnement réservé aux adultes. Confirme que tu as au moins 18 ans, ou l’âge de la majorité là où tu vis, pour continuer.',
      confirm: 'J’ai 18 ans ou plus – entrer',
      leave: 'Quitter',
      note: 'Nous retenons ta réponse sur cet appareil pendant un an.',
    },
    cookies: {
      title: 'Cookies',
      text: 'Nous utilisons des cookies nécessaires au fonctionnement de Velora, par exemple pour te garder connecté. Avec ton accord, nous utilisons aussi des cookies d’analyse pour comprendre l’usage du site et des cookies marketing pour mesurer nos campagnes. Tu peux changer ton choix à tout moment via « Paramètres des cookies » en bas de chaque page.',
      acceptAll: 'Tout accepter',
      necessaryOnly: 'Uniquement les nécessaires',
      settings: 'Paramètres',
      save: 'Enregistrer mon choix',
      categories: 'Catégories de cookies',
      necessary: 'Nécessaires',
      necessaryText: 'Connexion, langue, sécurité et ton choix de cookies. Toujours actifs.',
      analytics: 'Analyse',
      analyticsText: 'Statistiques d’utilisation et enregistrements de session qui nous aident à améliorer le site.',
      marketing: 'Marketing',
      marketingText: 'Un gestionnaire de balises qui mesure nos campagnes.',
      reopen: 'Paramètres des cookies',
    },
    ageVerification: {
      title: 'Vérifie ton âge',
      text: 'La loi nous oblige à vérifier que chaque membre est majeur. Notre partenaire de vérification s’en charge ; cela prend environ une minute et nous ne recevons que le résultat.',
      start: 'Vérifier mon âge',
      starting: 'Ouverture de la vérification…',
      later: 'Plus tard',
      failed: 'La vérification n’a pas pu démarrer. Réessaie.',
      successTitle: 'Merci',
      successText: 'Ton âge a été vérifié. Profite de Velora.',
      successClose: 'Continuer',
    },
    lawRestriction: {
      title: 'Non disponible dans ta région',
      text: 'Une loi de l’État {{region}} impose aux sites comme Velora de vérifier l’âge de chaque visiteur d’une manière que nous ne proposons pas encore. En attendant, Velora n’est pas disponible pour les visiteurs de ta région.',
      members: 'Les membres qui ont déjà vérifié leur âge peuvent se connecter.',
      logIn: 'Se connecter',
      contact: 'Nous contacter',
    },
    lawLimitation: {
      title: 'Non disponible dans ton pays',
      text: 'Certaines parties de Velora, comme les live cams et l’achat de coins, ne sont pas disponibles dans ton pays en raison de la loi locale. Tout le reste fonctionne normalement.',
      close: 'OK',
    },
  },
  siteVariant: {
    notFound: {
      title: 'Page introuvable',
      text: 'Cette page n’existe pas sur ce site.',
      home: 'Aller à l’accueil',
    },
    ladies: {
      eyebrow: 'Pensé pour les femmes',
      title: 'Des histoires pensées pour toi.',
      lead: 'Des films et des séries photo choisis pour les femmes : chaleureux, respectueux et réalisés par des créatrices et créateurs attentifs à la manière dont on les regarde.',
      ctaJoin: 'S’inscrire gratuitement',
      ctaLogIn: 'J’ai déjà un compte',
      promisesTitle: 'Ce sur quoi tu peux compter',
      promises: {
        stories: {
          title: 'L’histoire d’abord',
          text: 'Des collections construites autour d’une ambiance et d’une histoire, pas seulement des extraits.',
        },
        respect: {
          title: 'Fait avec respect',
          text: 'Chaque créateur travaille avec son consentement et selon ses propres conditions, et cela se voit.',
        },
        privacy: {
          title: 'Rien qu’à toi',
          text: 'Facturation discrète, aucun profil public et un contrôle total sur ce que tu gardes.',
        },
      },
      closingTitle: 'Prends ton temps.',
      closingText: 'L’abonnement est gratuit pour commencer. Regarde d’abord, décide ensuite.',
    },
    company: {
      label: 'Société',
      address: 'Adresse',
      register: '{{court}}, {{number}}',
      vatId: 'N° TVA {{id}}',
      managingDirector: 'Direction : {{name}}',
      support: 'Assistance',
    },
  },
};

export default texts;
