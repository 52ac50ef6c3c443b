import type { LocaleTexts } from '../types';

const texts: LocaleTexts['landing'] = {
  landing: {
    eyebrow: 'Abonnement · Films · Sessions en direct',
    title: 'Des histoires qui valent une soirée chez soi.',
    lead: 'Velora est une bibliothèque réservée aux membres : des films, des séries de photos et des sessions en direct produits avec soin, avec des nouveautés chaque semaine.',
    ctaJoin: 'Devenir membre',
    ctaLogIn: "J'ai déjà un compte",
    loggedOut: 'Vous avez été déconnecté. À bientôt !',
    priceFrom: 'Premium à partir de {{price}} par mois',
    teasers: {
      title: 'Un aperçu',
      trailers: 'Bandes-annonces à regarder',
      shoots: 'Nouveaux shootings',
      models: 'Nouveaux modèles',
      play: 'Lire la bande-annonce « {{title}} »',
      closeTrailer: 'Fermer la bande-annonce',
      trailerLoading: 'Chargement de la bande-annonce « {{title}} »…',
      trailerErrorTitle: 'La bande-annonce n’a pas pu être chargée',
      trailerErrorText: 'Veuillez réessayer dans un instant.',
      trailerUnavailable: 'Cette bande-annonce n’est pas disponible pour le moment.',
      loading: 'Chargement des dernières nouveautés…',
      errorTitle: 'Les dernières nouveautés n’ont pas pu être chargées',
      errorText: 'Veuillez réessayer dans un instant.',
      emptyTitle: 'De nouvelles sorties arrivent',
      emptyText: 'Les premiers shootings et films apparaîtront ici dès leur publication.',
    },
    highlightsTitle: 'Pourquoi nos membres restent',
    highlights: {
      library: {
        title: 'Une bibliothèque qui grandit',
        text: 'Des centaines de films et de séries de photos, classés par mots-clés et faciles à trouver en quelques clics.',
      },
      weekly: {
        title: 'Du nouveau chaque semaine',
        text: 'Les nouvelles sorties arrivent chaque semaine dans les Nouveautés, en pleine qualité sur tous les écrans.',
      },
      live: {
        title: 'En direct et personnel',
        text: 'Participez à des <cams>sessions en direct</cams> et à des <playdates>playdates programmés</playdates> avec les créateurs que vous suivez.',
      },
      privacy: {
        title: 'Discret par nature',
        text: 'Facturation discrète, aucun profil public et un contrôle total de vos données.',
      },
    },
    stepsTitle: 'Commencez en trois étapes',
    steps: {
      one: 'Créez votre compte gratuit en moins d’une minute.',
      two: 'Parcourez la bibliothèque et gardez vos favoris.',
      three: 'Passez à Premium quand vous voulez profiter de tout.',
    },
    closingTitle: 'Prêt quand vous l’êtes',
    closingText: "L'inscription est gratuite. Passez à la formule supérieure seulement si vous aimez.",
  },
  home: {
    loading: 'Chargement de votre sélection',
    errorTitle: "Votre sélection n'a pas pu être chargée",
    scrollBack: 'Faire défiler {{section}} vers l’arrière',
    scrollOn: 'Faire défiler {{section}} vers l’avant',
    sections: {
      top_rated: 'Les mieux notés',
      newcomers: 'Nouveaux venus',
      trending: 'Tendances',
      our_favorites: 'Nos coups de cœur',
      new_stuff: 'Nouveautés',
      for_you: 'Pour vous',
      continue: 'Reprendre la lecture',
      fav_models: 'Vos modèles favoris',
      fav_galleries: 'Vos shootings favoris',
      fav_videos: 'Vos vidéos favorites',
      might_like: 'Vous aimerez peut-être aussi',
    },
  },
};

export default texts;
