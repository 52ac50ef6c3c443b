import type { LocaleTexts } from '../types';

const texts: LocaleTexts['landing'] = {
  landing: {
    eyebrow: 'Mitgliedschaft · Filme · Live-Sessions',
    title: 'Geschichten, für die man gern zu Hause bleibt.',
    lead: 'Velora ist eine exklusive Bibliothek für Mitglieder mit sorgfältig produzierten Filmen, Fotosets und Live-Sessions – jede Woche mit neuen Veröffentlichungen.',
    ctaJoin: 'Mitglied werden',
    ctaLogIn: 'Ich habe schon ein Konto',
    loggedOut: 'Du wurdest abgemeldet. Bis bald!',
    priceFrom: 'Premium ab {{price}} pro Monat',
    teasers: {
      title: 'Ein Blick hinein',
      trailers: 'Trailer zum Ansehen',
      shoots: 'Neue Shoots',
      models: 'Neue Models',
      play: 'Trailer „{{title}}“ abspielen',
      closeTrailer: 'Trailer schließen',
      trailerLoading: 'Trailer „{{title}}“ wird geladen…',
      trailerErrorTitle: 'Der Trailer konnte nicht geladen werden',
      trailerErrorText: 'Bitte versuche es gleich noch einmal.',
      trailerUnavailable: 'Dieser Trailer ist gerade nicht verfügbar.',
      loading: 'Die neuesten Veröffentlichungen werden geladen…',
      errorTitle: 'Die neuesten Veröffentlichungen konnten nicht geladen werden',
      errorText: 'Bitte versuche es gleich noch einmal.',
      emptyTitle: 'Neue Veröffentlichungen sind unterwegs',
      emptyText: 'Die ersten Shoots und Filme erscheinen hier, sobald sie veröffentlicht sind.',
    },
    highlightsTitle: 'Warum Mitglieder bleiben',
    highlights: {
      library: {
        title: 'Eine wachsende Bibliothek',
        text: 'Hunderte Filme und Fotosets, verschlagwortet und durchsuchbar – das Richtige ist immer nur wenige Klicks entfernt.',
      },
      weekly: {
        title: 'Jede Woche neu',
        text: 'Neue Veröffentlichungen erscheinen jede Woche unter „Neuerscheinungen“, in voller Qualität auf jedem Bildschirm.',
      },
      live: {
        title: 'Live und persönlich',
        text: 'Nimm an <cams>Live-Sessions</cams> und geplanten <playdates>Playdates</playdates> mit den Creators teil, denen du folgst.',
      },
      privacy: {
        title: 'Diskret von Grund auf',
        text: 'Diskrete Abrechnung, kein öffentliches Profil und volle Kontrolle über deine Daten.',
      },
    },
    stepsTitle: 'In drei Schritten dabei',
    steps: {
      one: 'Erstelle dein kostenloses Konto in weniger als einer Minute.',
      two: 'Stöbere in der Bibliothek und merke dir deine Favoriten.',
      three: 'Wechsle zu Premium, wann immer du das volle Erlebnis willst.',
    },
    closingTitle: 'Bereit, wenn du es bist',
    closingText: 'Die Mitgliedschaft beginnt kostenlos. Upgrade nur, wenn es dir gefällt.',
  },
  home: {
    loading: 'Deine Highlights werden geladen',
    errorTitle: 'Deine Highlights konnten nicht geladen werden',
    scrollBack: '{{section}} zurückblättern',
    scrollOn: '{{section}} weiterblättern',
    sections: {
      top_rated: 'Am besten bewertet',
      newcomers: 'Neu dabei',
      trending: 'Gerade angesagt',
      our_favorites: 'Unsere Favoriten',
      new_stuff: 'Neues',
      for_you: 'Für dich',
      continue: 'Weiterschauen',
      fav_models: 'Deine Lieblings-Models',
      fav_galleries: 'Deine Lieblings-Shootings',
      fav_videos: 'Deine Lieblingsvideos',
      might_like: 'Das könnte dir auch gefallen',
    },
  },
};

export default texts;
