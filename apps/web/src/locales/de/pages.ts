import type { LocaleTexts } from '../types';

const texts: LocaleTexts['pages'] = {
  pages: {
    loading: 'Die Seite wird geladen…',
    related: 'Verwandte Seiten',
    error: {
      title: 'Diese Seite konnte nicht geladen werden',
      text: 'Unterwegs ist etwas schiefgegangen. Bitte versuch es gleich noch einmal.',
    },
    forward: {
      pending: 'Du wirst zur Seite weitergeleitet…',
      broken: 'Dieser Link führt ins Leere. Bitte gib uns Bescheid.',
    },
    password: {
      title: 'Diese Seite ist geschützt',
      intro: 'Gib das Passwort ein, das du erhalten hast, um sie zu öffnen.',
      label: 'Bitte Passwort eingeben',
      submit: 'Seite öffnen',
      checking: 'Wird geprüft…',
      invalid: 'Ungültiges Passwort!',
      required: 'Gib zuerst das Passwort ein.',
    },
    captcha: {
      label: 'Spamschutz',
      hint: 'Setz das Häkchen: Dein Browser löst ein kleines Rätsel. Dabei geht nichts an Dritte.',
      required: 'Löse zuerst das Captcha: Setz das Häkchen beim Spamschutz.',
      invalid: 'Das Captcha ist ungültig oder abgelaufen. Bitte löse es noch einmal.',
      checkbox: 'Ich bin kein Roboter',
      solving: 'Dein Browser wird geprüft…',
      verified: 'Bestätigt',
      failed: 'Die Prüfung hat nicht geklappt. Setz das Häkchen, um es noch einmal zu versuchen.',
      expired: 'Die Prüfung ist abgelaufen. Setz das Häkchen noch einmal.',
    },
    form: {
      required: 'Pflichtfeld',
      email: 'Gib eine gültige E-Mail-Adresse ein.',
      url: 'Gib eine Webadresse ein, die mit http:// oder https:// beginnt.',
      choose: 'Wähle eine der Möglichkeiten.',
      tooShort: 'Verwende mindestens {{min}} Zeichen.',
      tooLong: 'Verwende höchstens {{max}} Zeichen.',
      invalid: 'Bitte prüfe dieses Feld.',
      fixErrors: 'Bitte korrigiere die markierten Felder.',
      failed: 'Das Senden hat nicht geklappt. Bitte versuch es noch einmal.',
      rateLimited: 'Du hast in kurzer Zeit sehr viel gesendet. Bitte warte ein paar Minuten und versuch es dann noch einmal.',
    },
    contact: {
      formTitle: 'Schreib uns',
      subject: 'Betreff',
      message: 'Nachricht',
      messageHint: 'Mindestens 10 Zeichen.',
      email: 'E-Mail',
      submit: 'Nachricht senden',
      sending: 'Wird gesendet…',
      success: 'Danke! Deine Nachricht wurde gesendet. Wir antworten meist innerhalb von zwei Werktagen.',
      another: 'Weitere Nachricht schreiben',
    },
    report: {
      formTitle: 'Inhalt melden',
      category: 'Worum geht es?',
      categoryPlaceholder: 'Kategorie wählen',
      categories: {
        copyright: 'Urheberrechtsverletzung',
        privacy: 'Verletzung der Privatsphäre',
        consent: 'Ohne Einwilligung veröffentlicht',
        underage: 'Eine Person könnte unter 18 sein',
        illegal: 'Andere rechtswidrige Inhalte',
        other: 'Etwas anderes',
      },
      name: 'Dein Name',
      email: 'Deine E-Mail',
      url: 'Adresse (URL) des Inhalts',
      urlHint: 'Kopiere sie aus der Adresszeile der Seite, die den Inhalt zeigt.',
      reason: 'Warum soll der Inhalt entfernt werden?',
      reasonHint: 'Beschreibe den Inhalt und den Grund in mindestens 10 Zeichen.',
      isDepicted: 'Ich bin eine der Personen in diesem Inhalt',
      isAgreed: 'Ich bestätige, dass die Angaben in dieser Meldung richtig und vollständig sind',
      agreeRequired: 'Bitte bestätige, dass die Angaben richtig sind.',
      submit: 'Meldung senden',
      sending: 'Wird gesendet…',
      success: 'Danke. Deine Meldung ist eingegangen. Wir prüfen jede Meldung, meist innerhalb von 24 Stunden, und antworten per E-Mail.',
      another: 'Weitere Meldung senden',
    },
    unsubscribe: {
      title: 'Mails abbestellen',
      intro: 'Newsletter und Angebote per E-Mail abbestellen. Nachrichten zu deinem Konto und zu Zahlungen erhältst du weiterhin.',
      pending: 'Du wirst abgemeldet…',
      done: 'Erledigt. Du erhältst keine Newsletter und Angebote per E-Mail mehr. In deinen Kontoeinstellungen kannst du sie wieder bestellen.',
      failed: 'Die Abmeldung hat gerade nicht geklappt.',
      loggedOut: 'Melde dich an, um Mails abzubestellen: Wir müssen wissen, an welches Konto sie gehen. Jede Mail enthält außerdem einen eigenen Abmeldelink.',
      logIn: 'Anmelden und abbestellen',
      cameras: {
        title: 'Live-Benachrichtigungen',
        done: 'Du bekommst keine Mails mehr, wenn deine Lieblingsmodels live gehen.',
        settings: 'Benachrichtigungseinstellungen ändern',
        badToken: 'Dieser Abmeldelink ist ungültig',
        badTokenText: 'Er ist vielleicht unvollständig oder zu alt. Du kannst die Live-Mails in deinen Benachrichtigungseinstellungen abschalten.',
      },
    },
    sitemap: {
      title: 'Sitemap',
      intro: 'Alle Bereiche von Velora auf einen Blick.',
      groups: {
        discover: 'Entdecken',
        members: 'Für Mitglieder',
        info: 'Informationen und Hilfe',
        legal: 'Rechtliches',
      },
    },
  },
  legal: {
    company: {
      operator: 'Betreiber dieser Website',
      custodian: 'Verwahrer der Unterlagen',
      name: 'Firma',
      address: 'Anschrift',
      register: 'Handelsregister',
      vatId: 'USt-IdNr.',
      director: 'Geschäftsführung',
      email: 'E-Mail',
    },
    contactUs: {
      title: 'Kontakt',
      intro: 'Fragen zu deiner Mitgliedschaft, zu einer Zahlung oder zu etwas auf der Website? Schreib uns: Jede Nachricht liest ein Mensch.',
      sections: [
        {
          heading: 'Was wir brauchen',
          paragraphs: ['Nenne uns die E-Mail-Adresse deines Kontos und bei Zahlungen Datum und Betrag. Schick uns nie dein Passwort: Wir fragen nie danach.'],
        },
        {
          heading: 'Wann wir antworten',
          paragraphs: ['Wir antworten auf Deutsch, Englisch oder Französisch, meist innerhalb von zwei Werktagen.'],
        },
        {
          heading: 'Inhalte melden',
          paragraphs: ['Wenn ein Inhalt entfernt werden soll, nutze bitte das Formular zur Inhaltsentfernung: Es fragt alles ab, was wir brauchen, um schnell zu handeln.'],
        },
      ],
    },
    report: {
      title: 'Inhalte entfernen lassen',
      intro: 'Wenn etwas auf Velora gegen das Gesetz oder deine Rechte verstößt oder du darin zu sehen bist, ohne zugestimmt zu haben, sag es uns hier.',
      sections: [
        {
          heading: 'Wie es weitergeht',
          paragraphs: [
            'Unser Team liest jede Meldung, meist innerhalb von 24 Stunden. Inhalte, die als Darstellung Minderjähriger oder als ohne Einwilligung veröffentlicht gemeldet werden, nehmen wir während der Prüfung sofort offline.',
            'Wir antworten an die angegebene E-Mail-Adresse und teilen dir unsere Entscheidung mit.',
          ],
        },
        {
          heading: 'Missbrauch',
          paragraphs: ['Wissentlich falsche Meldungen können rechtliche Folgen haben. Rechteinhaber können außerdem eine förmliche Mitteilung senden, wie auf der DMCA-Seite beschrieben.'],
        },
      ],
    },
    agb: {
      title: 'Allgemeine Geschäftsbedingungen',
      intro: 'Diese Bedingungen regeln die Nutzung von Velora und die dort abgeschlossenen Mitgliedschaften. Bitte lies sie, bevor du dich registrierst.',
      sections: [
        {
          heading: '1. Geltungsbereich',
          paragraphs: ['Diese Bedingungen gelten für jede Nutzung der Website durch Besucher und Mitglieder. Abweichende Bedingungen eines Mitglieds gelten nur, wenn wir ihnen schriftlich zustimmen.'],
        },
        {
          heading: '2. Alter und Konto',
          paragraphs: ['Velora dürfen nur Erwachsene nutzen: Du musst mindestens 18 Jahre alt sein, oder älter, wo das Recht deines Landes es verlangt. Dein Konto ist persönlich; halte dein Passwort geheim und sag uns sofort Bescheid, wenn jemand anderes es nutzt.'],
        },
        {
          heading: '3. Mitgliedschaft und Zahlung',
          paragraphs: ['Eine kostenlose Mitgliedschaft öffnet den Mitgliederbereich. Eine Premium-Mitgliedschaft schaltet für den gewählten Zeitraum alle Videos und Playdates frei; die Preise werden vor der Zahlung angezeigt und enthalten, wo sie anfällt, die Umsatzsteuer. Mit Coins bezahlst du Extras wie Trinkgelder und private Playdates; sie verfallen nicht, solange dein Konto besteht.'],
        },
        {
          heading: '4. Laufzeit und Kündigung',
          paragraphs: ['Eine Premium-Mitgliedschaft verlängert sich um denselben Zeitraum, wenn du nicht vor ihrem Ende kündigst; kündigen kannst du jederzeit in den Kontoeinstellungen oder mit einer Nachricht an uns. Verbraucher in der EU können innerhalb von 14 Tagen widerrufen; das Recht erlischt vorzeitig, sobald du mit deiner ausdrücklichen Zustimmung die bezahlten Inhalte nutzt.'],
        },
        {
          heading: '5. Nutzung der Inhalte',
          paragraphs: ['Die Inhalte sind nur für deinen persönlichen, privaten Gebrauch bestimmt. Herunterladen über die Möglichkeiten des Players hinaus, Aufnehmen, Weitergeben oder Verkaufen ist nicht erlaubt.'],
        },
        {
          heading: '6. Verhalten',
          paragraphs: ['Begegne Models und anderen Mitgliedern mit Respekt und halte dich an die Community-Richtlinien und die Netiquette. Konten, die gegen diese Regeln oder das Gesetz verstoßen, können wir sperren.'],
        },
        {
          heading: '7. Haftung',
          paragraphs: ['Für Vorsatz und grobe Fahrlässigkeit sowie für Schäden an Leben, Körper oder Gesundheit haften wir unbeschränkt. Im Übrigen haften wir nur für die Verletzung wesentlicher Vertragspflichten und nur für vorhersehbare, typische Schäden.'],
        },
        {
          heading: '8. Schlussbestimmungen',
          paragraphs: ['Es gilt das Recht des Landes des Betreibers, unbeschadet der zwingenden Verbraucherschutzvorschriften deines Wohnsitzlandes. Sollte eine Bestimmung unwirksam sein, bleiben die übrigen wirksam.'],
        },
      ],
    },
    notice2257: {
      heading: 'Erklärung zu den Aufzeichnungspflichten nach 18 U.S.C. 2257',
      paragraphs: [
        'Alle Personen, die auf dieser Website in einer Darstellung tatsächlicher oder simulierter sexuell expliziter Handlungen zu sehen sind, waren zum Zeitpunkt der Aufnahme mindestens 18 Jahre alt.',
        'Die nach 18 U.S.C. § 2257 und 28 C.F.R. Part 75 für all dieses Material erforderlichen Unterlagen verwahrt der unten genannte Verwahrer der Unterlagen.',
        'Material von Dritten wird mit den Unterlagen seines Produzenten geliefert, der sie als Erstproduzent verwahrt.',
      ],
    },
    dmca: {
      title: 'DMCA und Urheberrecht',
      intro: 'Wir respektieren die Rechte von Urhebern. Wenn du meinst, dass Material auf Velora dein Urheberrecht verletzt, schick uns eine Mitteilung wie hier beschrieben.',
      sections: [
        {
          heading: 'Deine Mitteilung',
          paragraphs: ['Sende die Mitteilung über das Formular zur Inhaltsentfernung (Kategorie „Urheberrechtsverletzung“) oder per E-Mail an die Adresse auf unserer Kontaktseite. Sie sollte enthalten:'],
          items: [
            'deine eigenhändige oder elektronische Unterschrift',
            'das Werk, das du verletzt siehst',
            'die Adresse (URL) des Materials auf Velora',
            'deinen Namen, deine Postanschrift, Telefonnummer und E-Mail-Adresse',
            'die Erklärung, dass du in gutem Glauben annimmst, dass die Nutzung weder vom Rechteinhaber noch von seinem Vertreter noch vom Gesetz erlaubt ist',
            'die Erklärung unter Strafandrohung für Meineid, dass die Mitteilung zutrifft und du der Rechteinhaber oder zu seiner Vertretung berechtigt bist',
          ],
        },
        {
          heading: 'Was wir tun',
          paragraphs: ['Wir entfernen oder sperren das Material umgehend und informieren die Person, die es bereitgestellt hat. Wiederholte Verletzer verlieren ihr Konto.'],
        },
        {
          heading: 'Gegendarstellung',
          paragraphs: ['Wurde dein Material irrtümlich entfernt, kannst du eine Gegendarstellung senden: mit deiner Unterschrift, dem entfernten Material und seinem Ort, der Erklärung unter Strafandrohung für Meineid, dass es irrtümlich entfernt wurde, und deiner Zustimmung zur Zuständigkeit des zuständigen Gerichts. Wir stellen das Material nach 10 bis 14 Werktagen wieder her, sofern der Anspruchsteller uns nicht mitteilt, dass er Klage erhoben hat.'],
        },
      ],
    },
    prohibitedContent: {
      title: 'Verbotene Inhalte',
      intro: 'Manche Inhalte haben auf Velora keinen Platz, egal wer sie bereitstellt und in welchem Zusammenhang. Wir entfernen sie sofort und melden sie, wo das Gesetz es verlangt, den Behörden.',
      sections: [
        {
          heading: 'Niemals erlaubt',
          paragraphs: ['Verboten ist in Videos, Fotos, Livesessions, Nachrichten, Kommentaren und Profilen:'],
          items: [
            'jede Person unter 18 Jahren oder Inhalte, die Minderjährige andeuten, auch im Rollenspiel',
            'Personen, die nicht eingewilligt haben oder nicht einwilligen können, aufgenommen oder gezeigt zu werden',
            'Gewalt, Zwang oder Drohungen sowie Inhalte, die sie verherrlichen',
            'berauschte oder bewusstlose Personen',
            'Tiere in sexuellem Zusammenhang',
            'Hassrede oder Diskriminierung wegen Herkunft, Religion, Geschlecht, sexueller Orientierung oder Behinderung',
            'persönliche Daten anderer ohne deren Einwilligung',
            'illegale Waren oder Dienstleistungen sowie bezahlte Treffen außerhalb der Website',
          ],
        },
        {
          heading: 'Prüfungen',
          paragraphs: ['Jedes Model wird identifiziert, und Alter und Einwilligung werden dokumentiert, bevor Inhalte veröffentlicht werden. Livesessions werden moderiert.'],
        },
        {
          heading: 'Etwas gesehen?',
          paragraphs: ['Bitte melde es über das Formular zur Inhaltsentfernung. Ein Konto brauchst du dafür nicht.'],
        },
      ],
    },
    apply: {
      title: 'Als Model bewerben',
      intro: 'Wir arbeiten mit erwachsenen Models, die ihre Arbeit zu ihren eigenen Bedingungen zeigen möchten. So fängst du an.',
      sections: [
        {
          heading: 'Wer sich bewerben kann',
          paragraphs: ['Alle ab 18 Jahren mit einem gültigen amtlichen Lichtbildausweis. Erfahrung ist willkommen, aber keine Voraussetzung.'],
        },
        {
          heading: 'So funktioniert es',
          paragraphs: [
            'Schreib uns über das Kontaktformular mit dem Betreff „Model-Bewerbung“. Erzähl uns ein wenig über dich und wie du arbeiten möchtest; bitte schick mit der ersten Nachricht keine Fotos.',
            'Wir antworten innerhalb einer Woche und vereinbaren ein Videogespräch. Danach erhältst du einen schriftlichen Vertrag; was du produzierst und wann, entscheidest du.',
          ],
        },
        {
          heading: 'Was wir bieten',
          paragraphs: ['Einen fairen Anteil an den Einnahmen, monatlich ausgezahlt; ein Team, das sich um Produktion, Support und Moderation kümmert; und die Entfernung deiner Inhalte, wenn du die Zusammenarbeit beendest, im Rahmen des Gesetzes.'],
        },
        {
          heading: 'Deine Sicherheit',
          paragraphs: ['Dein bürgerlicher Name und deine Dokumente werden nie auf der Website gezeigt. Du wählst deinen Model-Namen und kannst Länder und Regionen sperren.'],
        },
      ],
    },
    aboutUs: {
      title: 'Über uns',
      intro: 'Velora ist eine Bibliothek mit Filmen, Fotosets und Livesessions nur für Mitglieder, entstanden mit Models, die aus freien Stücken mit uns arbeiten.',
      sections: [
        {
          heading: 'Was wir machen',
          paragraphs: ['Wir veröffentlichen jede Woche neue Filme und Fotosets, veranstalten <cams>Livesessions</cams> und <playdates>Playdates</playdates> und halten alles in einer übersichtlichen Bibliothek für unsere Mitglieder bereit.'],
        },
        {
          heading: 'Wie wir arbeiten',
          paragraphs: ['Jedes Model ist erwachsen, identifiziert und wird fair bezahlt. Für jede Produktion ist die Einwilligung dokumentiert, und die Models entscheiden, was sie tun. Unser Moderationsteam begleitet Livesessions und bearbeitet Meldungen rund um die Uhr.'],
        },
        {
          heading: 'Privatsphäre',
          paragraphs: ['Zahlungen erscheinen unter einem neutralen Namen, wir verkaufen deine Daten nie, und du kannst dein Konto jederzeit löschen.'],
        },
        {
          heading: 'Wer wir sind',
          paragraphs: ['Ein kleines europäisches Team aus Produktion, Technik und Support. Du erreichst uns über die Kontaktseite.'],
        },
      ],
    },
    netiquette: {
      title: 'Netiquette',
      intro: 'Chats, Nachrichten und Kommentare funktionieren, wenn alle einander respektvoll begegnen. Diese wenigen Regeln gelten überall auf Velora.',
      sections: [
        {
          heading: 'Sei respektvoll',
          paragraphs: ['Sei höflich zu Models und anderen Mitgliedern. Keine Beleidigungen, kein Druck, keine Drohungen oder Belästigung, auch nicht im Scherz.'],
        },
        {
          heading: 'Achte Grenzen',
          paragraphs: ['Was in ihrer Show passiert, entscheidet das Model. Ein „Nein“ ist endgültig: Frag nicht noch einmal und versuch nicht zu verhandeln.'],
        },
        {
          heading: 'Schütze die Privatsphäre',
          paragraphs: ['Frag nicht nach echten Namen, Adressen, Telefonnummern oder Social-Media-Konten, gib sie nicht weiter und verabrede keine Treffen außerhalb der Website.'],
        },
        {
          heading: 'Kein Spam',
          paragraphs: ['Keine Werbung, keine Links zu anderen Websites, keine wiederholten Nachrichten. Bleib in Kommentaren beim Thema.'],
        },
        {
          heading: 'In Playdates',
          paragraphs: ['Ein Playdate ist die Zeit des Models: Halte dich an das, was sie anbietet, zeichne nichts auf und gib nichts weiter, was du siehst, und verlass den Raum, wenn sie ihn beendet. Deine eigene Kamera schaltest nur du ein oder aus.'],
        },
        {
          heading: 'Wenn etwas nicht stimmt',
          paragraphs: ['Melde Nachrichten und Verhalten, die gegen diese Regeln verstoßen. Unsere Moderatoren können Konten verwarnen, stummschalten oder sperren.'],
        },
      ],
    },
    playdateFaq: {
      title: 'Playdate-FAQ',
      intro: 'Playdates sind Live-Sessions mit einem Model zu einer festen Zeit: öffentliche Shows für viele Mitglieder und private Sessions nur für dich. So funktionieren sie.',
      sections: [
        {
          heading: 'Wer kann teilnehmen?',
          paragraphs: ['Die <playdates>Playdate-Seite</playdates> kann sich jeder ansehen. Für die Teilnahme an einer öffentlichen Show und für das Anfragen oder Verlängern eines privaten Playdates brauchst du eine Premium-Mitgliedschaft. In manchen Ländern sind private Playdates aus rechtlichen Gründen nicht verfügbar.'],
        },
        {
          heading: 'Was ist ein öffentliches Playdate?',
          paragraphs: ['Eine Live-Show zu einer angekündigten Zeit. Premium-Mitglieder nehmen über die <playdates>Playdate-Seite</playdates> oder die <cams>Kamera-Seite</cams> des Models teil und chatten mit ihr und miteinander. Schalte „Erinnere mich“ ein, dann sagen wir dir kurz vor dem Beginn Bescheid – mit einer Nachricht auf der Seite und per Mail, wenn du Playdate-Mails in deinen Einstellungen erlaubst.'],
        },
        {
          heading: 'Wie frage ich ein privates Playdate an?',
          paragraphs: ['Wähle auf der <playdates>Playdate-Seite</playdates> oder ihrer <cams>Kamera-Seite</cams> ein Model und dann „Anfragen“. Wähle die Dauer (das Model legt ihre Dauern und ihren Preis pro Minute fest), den Beginn – einen ihrer freien Termine oder so bald wie möglich, wenn sie live ist – und schreib ihr, wenn du magst, eine kurze Nachricht.', 'Alle Zeiten werden in deiner eigenen Zeitzone angezeigt.'],
        },
        {
          heading: 'Wann werden meine Coins abgebucht?',
          paragraphs: ['Wenn du eine Anfrage sendest, wird ihr Preis reserviert: Die Coins werden zurückgelegt, aber nicht bezahlt. Abgebucht werden sie, wenn das Playdate beginnt. Lehnt das Model ab, antwortet es nicht rechtzeitig oder ziehst du deine Anfrage zurück, gehen alle reservierten Coins sofort zurück auf dein Guthaben.'],
        },
        {
          heading: 'Kann ich absagen?',
          paragraphs: ['Ja. Bis das Playdate begonnen hat, kannst du deine Anfrage auf der Playdate-Seite zurückziehen oder das angenommene Playdate absagen; die reservierten Coins werden freigegeben.'],
        },
        {
          heading: 'Was passiert, wenn die Zeit um ist?',
          paragraphs: ['Der Raum schließt, und du kannst für ein paar Minuten verlängern, wenn das nächste Playdate des Models Platz lässt. Eine Verlängerung wird genauso aus deinen Coins bezahlt, und du bist sofort wieder im Raum.'],
        },
        {
          heading: 'Und wenn das Model nicht kommt?',
          paragraphs: ['Betritt sie den Raum nicht innerhalb weniger Minuten nach dem Beginn, gilt das Playdate als verpasst, und du bekommst alle Coins automatisch zurück.'],
        },
        {
          heading: 'Sieht mich das Model?',
          paragraphs: ['In einem privaten Playdate kannst du deine Kamera einschalten, damit sie dich sieht; das liegt ganz bei dir, und ohne deine Erlaubnis bleibt sie aus. In einer öffentlichen Show ist nur das Model zu sehen.'],
        },
        {
          heading: 'Werden Playdates aufgezeichnet?',
          paragraphs: ['Es wird kein Video aufgezeichnet. Den Chat einer öffentlichen Show kann man eine Weile über ihren Link nachlesen; der Chat eines privaten Playdates gehört nur euch beiden.'],
        },
        {
          heading: 'Wie bewerte ich ein Playdate?',
          paragraphs: ['Nach einem privaten Playdate fragen wir dich nach ein bis fünf Sternen und einem optionalen Kommentar. Das hilft dem Model und uns; du kannst auch „Nicht jetzt“ sagen.'],
        },
      ],
    },
    communityGuidelines: {
      title: 'Community-Richtlinien',
      intro: 'Velora ist eine Gemeinschaft von Erwachsenen mit gemeinsamen Vorlieben. Diese Richtlinien sorgen dafür, dass sie ein guter Ort für Mitglieder und Models bleibt.',
      sections: [
        {
          heading: 'Nur für Erwachsene',
          paragraphs: ['Jedes Mitglied und jedes Model ist mindestens 18 Jahre alt. Inhalte, die auch nur Minderjährige andeuten, werden entfernt und gemeldet.'],
        },
        {
          heading: 'Einwilligung zuerst',
          paragraphs: ['Alles auf Velora wird mit Einwilligung gezeigt. Teile Inhalte der Website nicht anderswo und zeichne Livesessions niemals auf.'],
        },
        {
          heading: 'Geh gut mit anderen um',
          paragraphs: ['Respektiere Models und Mitglieder in Chats, Nachrichten und Kommentaren. Die Netiquette erklärt die Einzelheiten.'],
        },
        {
          heading: 'Eine Person, ein Konto',
          paragraphs: ['Teile dein Konto nicht und eröffne nicht mehrere. Konten, mit denen eine Sperre umgangen wird, werden geschlossen.'],
        },
        {
          heading: 'Folgen',
          paragraphs: ['Je nach Schwere eines Verstoßes verwarnen, beschränken oder schließen wir das Konto. Schwere Fälle melden wir den Behörden.'],
        },
      ],
    },
    friends: {
      title: 'Freunde von Velora',
      intro: 'Projekte, die wir mögen, und Menschen, die uns helfen, und wie du deine Freunde mitbringen kannst.',
      sections: [
        {
          heading: 'Partner',
          paragraphs: ['Wir arbeiten mit unabhängigen Produzenten und Studios, die unsere Standards bei Einwilligung, Altersprüfung und fairer Bezahlung teilen. Neue Partner stellen wir im Blog vor.'],
        },
        {
          heading: 'Partner werden',
          paragraphs: ['Du betreibst eine Website oder produzierst Inhalte und möchtest mit uns arbeiten? Schreib uns über das Kontaktformular mit dem Betreff „Partnerschaft“.'],
        },
        {
          heading: 'Velora empfehlen',
          paragraphs: ['Mitglieder können Velora erwachsenen Freunden empfehlen. Bitte schick Empfehlungen nur an Menschen, die sie auch bekommen möchten.'],
        },
      ],
    },
  },
  blog: {
    title: 'Blog',
    intro: 'Neues aus dem Studio, Geschichten hinter den Kulissen und Tipps für Mitglieder.',
    filters: 'Artikel filtern',
    search: 'Nach Titel suchen',
    searchPlaceholder: 'z. B. hinter den Kulissen',
    searchSubmit: 'Suchen',
    category: 'Kategorie',
    allCategories: 'Alle Kategorien',
    clear: 'Filter zurücksetzen',
    results_one: '{{count}} Artikel',
    results_many: '{{count}} Artikel',
    results_other: '{{count}} Artikel',
    loading: 'Artikel werden geladen…',
    empty: {
      title: 'Keine Artikel gefunden',
      text: 'Versuch es mit einer anderen Suche oder Kategorie.',
    },
    emptyAll: {
      title: 'Noch keine Artikel',
      text: 'Die ersten Geschichten sind unterwegs. Schau bald wieder vorbei.',
    },
    error: 'Die Artikel konnten nicht geladen werden',
    readMore: '„{{title}}“ lesen',
    published: 'Veröffentlicht am {{date}}',
    by: 'Von {{author}}',
    back: 'Zurück zum Blog',
    articleError: 'Der Artikel konnte nicht geladen werden',
    notFound: {
      title: 'Artikel nicht gefunden',
      text: 'Vielleicht wurde er entfernt oder verschoben.',
    },
    otherLanguages: 'Auch verfügbar auf',
  },
};

export default texts;
