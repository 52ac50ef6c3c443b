import type { LocaleTexts } from '../types';

const texts: LocaleTexts['compliance'] = {
  compliance: {
    legalLinks: 'Rechtliche Informationen',
    ageApproval: {
      title: 'Bist du 18 oder älter?',
      text: 'Velora ist eine Mitgliederseite für Erwachsene. Bitte bestätige, dass du mindestens 18 Jahre alt bzw. in deinem Land volljährig bist, um fortzufahren.',
      confirm: 'Ich bin 18 oder älter – eintreten',
      leave: 'Verlassen',
      note: 'Wir merken uns deine Antwort auf diesem Gerät für ein Jahr.',
    },
    cookies: {
      title: 'Cookies',
      text: 'Wir verwenden notwendige Cookies, um Velora zu betreiben, zum Beispiel damit du angemeldet bleibst. Mit deiner Einwilligung nutzen wir außerdem Analyse-Cookies, um zu verstehen, wie die Seite genutzt wird, und Marketing-Cookies, um unsere Kampagnen zu messen. Du kannst deine Wahl jederzeit unter „Cookie-Einstellungen“ am Ende jeder Seite ändern.',
      acceptAll: 'Alle akzeptieren',
      necessaryOnly: 'Nur notwendige',
      settings: 'Einstellungen',
      save: 'Auswahl speichern',
      categories: 'Cookie-Kategorien',
      necessary: 'Notwendig',
      necessaryText: 'Anmeldung, Sprache, Sicherheit und deine Cookie-Wahl. Immer aktiv.',
      analytics: 'Analyse',
      analyticsText: 'Nutzungsstatistiken und Sitzungsaufzeichnungen, mit denen wir die Seite verbessern.',
      marketing: 'Marketing',
      marketingText: 'Ein Tag-Manager, der unsere Kampagnen misst.',
      reopen: 'Cookie-Einstellungen',
    },
    ageVerification: {
      title: 'Bestätige dein Alter',
      text: 'Das Gesetz verlangt, dass wir prüfen, ob jedes Mitglied volljährig ist. Die Prüfung übernimmt unser Verifizierungspartner; sie dauert etwa eine Minute und wir erfahren nur das Ergebnis.',
      start: 'Alter bestätigen',
      starting: 'Verifizierung wird geöffnet…',
      later: 'Jetzt nicht',
      failed: 'Die Verifizierung konnte nicht gestartet werden. Bitte versuche es erneut.',
      successTitle: 'Vielen Dank',
      successText: 'Dein Alter wurde bestätigt. Viel Spaß mit Velora.',
      successClose: 'Weiter',
    },
    lawRestriction: {
      title: 'In deiner Region nicht verfügbar',
      text: 'Ein Gesetz in {{region}} verlangt von Websites wie Velora eine Altersprüfung aller Besucher in einer Form, die wir noch nicht anbieten. Bis dahin ist Velora für Besucher aus deiner Region nicht verfügbar.',
      members: 'Mitglieder, die ihr Alter bereits bestätigt haben, können sich anmelden.',
      logIn: 'Anmelden',
      contact: 'Kontakt',
    },
    lawLimitation: {
      title: 'In deinem Land nicht verfügbar',
      text: 'Einige Bereiche von Velora, etwa Live-Cams und der Kauf von Coins, sind in deinem Land aufgrund lokaler Gesetze nicht verfügbar. Alles andere funktioniert wie gewohnt.',
      close: 'OK',
    },
  },
  siteVariant: {
    notFound: {
      title: 'Nicht gefunden',
      text: 'Diese Seite gibt es auf dieser Website nicht.',
      home: 'Zur Startseite',
    },
    ladies: {
      eyebrow: 'Für Frauen gemacht',
      title: 'Geschichten, die an dich denken.',
      lead: 'Filme und Fotosets, ausgewählt für Frauen: warm, respektvoll und von Creators gemacht, denen wichtig ist, wie sie gesehen werden.',
      ctaJoin: 'Kostenlos beitreten',
      ctaLogIn: 'Ich habe schon ein Konto',
      promisesTitle: 'Darauf kannst du zählen',
      promises: {
        stories: {
          title: 'Geschichten zuerst',
          text: 'Sammlungen rund um Stimmung, Atmosphäre und Geschichte, nicht nur Clips.',
        },
        respect: {
          title: 'Mit Respekt gemacht',
          text: 'Alle Creators arbeiten mit Einverständnis und zu ihren eigenen Bedingungen – und das sieht man.',
        },
        privacy: {
          title: 'Nur für dich',
          text: 'Diskrete Abrechnung, kein öffentliches Profil und volle Kontrolle über deine Favoriten.',
        },
      },
      closingTitle: 'Lass dir Zeit.',
      closingText: 'Die Mitgliedschaft ist zum Start kostenlos. Schau dich erst um, entscheide später.',
    },
    company: {
      label: 'Unternehmen',
      address: 'Anschrift',
      register: '{{court}}, {{number}}',
      vatId: 'USt-IdNr. {{id}}',
      managingDirector: 'Geschäftsführung: {{name}}',
      support: 'Support',
    },
  },
};

export default texts;
