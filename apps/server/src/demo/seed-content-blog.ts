import { PRODUCT_NAME, type Language } from '@velora/shared';

// Neutral demo blog articles: each topic written in English, German and French (product §2 /blog, /lecker_blog).

const TEAM_AUTHOR = `The ${PRODUCT_NAME} team`;

export interface BlogCategorySeed {
  slug: string;
  names: Record<Language, string>;
}

export interface ArticleText {
  alias: string;
  title: string;
  excerpt: string;
  body: string;
}

export interface BlogTopicSeed {
  topic: string;
  category: string;
  author: string;
  /** Published this many days before seeding. */
  daysAgo: number;
  texts: Record<Language, ArticleText>;
}

export const BLOG_CATEGORIES: BlogCategorySeed[] = [
  { slug: 'behind-the-scenes', names: { en: 'Behind the scenes', de: 'Hinter den Kulissen', fr: 'Dans les coulisses' } },
  { slug: 'photography', names: { en: 'Photography', de: 'Fotografie', fr: 'Photographie' } },
  { slug: 'platform', names: { en: 'Platform news', de: 'Plattform-News', fr: 'Actualités de la plateforme' } },
];

export const BLOG_TOPICS: BlogTopicSeed[] = [
  {
    topic: 'a-day-on-set',
    category: 'behind-the-scenes',
    author: 'Mara Lindqvist',
    daysAgo: 3,
    texts: {
      en: {
        alias: 'a-day-on-set',
        title: 'A day on set: how a shoot comes together',
        excerpt: 'From the first coffee to the last backup: what really happens on a production day.',
        body: `<p>A shoot day starts long before the first picture is taken. The crew arrives early, unpacks the lights and walks through the plan for the day: which looks, which rooms, which order.</p>
<h2>The plan is the backbone</h2>
<p>Every set has a shot list agreed with the model beforehand. It keeps the day calm, because everyone knows what comes next and how long it should take.</p>
<ul><li>Morning: light tests and the first look</li><li>Midday: a proper break with real food</li><li>Afternoon: the video part, while the light is still soft</li></ul>
<p>At the end of the day the memory cards are copied twice before anyone goes home. Nothing leaves the set without a backup.</p>`,
      },
      de: {
        alias: 'ein-tag-am-set',
        title: 'Ein Tag am Set: So entsteht ein Shooting',
        excerpt: 'Vom ersten Kaffee bis zur letzten Sicherung: was an einem Produktionstag wirklich passiert.',
        body: `<p>Ein Shooting-Tag beginnt lange vor dem ersten Foto. Das Team kommt früh, packt die Lampen aus und geht den Plan für den Tag durch: welche Looks, welche Räume, welche Reihenfolge.</p>
<h2>Der Plan ist das Rückgrat</h2>
<p>Jedes Set hat eine Shotliste, die vorher mit dem Model abgestimmt wurde. Das hält den Tag ruhig, weil alle wissen, was als Nächstes kommt und wie lange es dauern soll.</p>
<ul><li>Vormittag: Lichttests und der erste Look</li><li>Mittag: eine richtige Pause mit echtem Essen</li><li>Nachmittag: der Videoteil, solange das Licht noch weich ist</li></ul>
<p>Am Ende des Tages werden die Speicherkarten zweimal kopiert, bevor jemand nach Hause geht. Nichts verlässt das Set ohne Sicherung.</p>`,
      },
      fr: {
        alias: 'une-journee-sur-le-plateau',
        title: 'Une journée sur le plateau : comment naît une séance',
        excerpt: 'Du premier café à la dernière sauvegarde : ce qui se passe vraiment un jour de production.',
        body: `<p>Une journée de prise de vue commence bien avant la première photo. L'équipe arrive tôt, déballe les lumières et passe en revue le programme : quels looks, quelles pièces, dans quel ordre.</p>
<h2>Le plan, c'est la colonne vertébrale</h2>
<p>Chaque séance a une liste de plans convenue à l'avance avec le modèle. La journée reste calme, car chacun sait ce qui vient ensuite et combien de temps cela doit prendre.</p>
<ul><li>Le matin : tests de lumière et premier look</li><li>À midi : une vraie pause avec un vrai repas</li><li>L'après-midi : la partie vidéo, tant que la lumière est encore douce</li></ul>
<p>En fin de journée, les cartes mémoire sont copiées deux fois avant que quiconque ne rentre. Rien ne quitte le plateau sans sauvegarde.</p>`,
      },
    },
  },
  {
    topic: 'location-scouting',
    category: 'behind-the-scenes',
    author: 'Jonas Berger',
    daysAgo: 17,
    texts: {
      en: {
        alias: 'location-scouting',
        title: 'Location scouting: finding the right place',
        excerpt: 'Why we visit every location twice, and what we look for before we book it.',
        body: `<p>A good location does half of the work. Before we book a flat, a studio or a garden, someone from the team visits it, ideally at the time of day we plan to shoot.</p>
<h2>What we check</h2>
<ul><li>Where the sun comes in, and when</li><li>Enough space for lights and a camera on a tripod</li><li>Quiet surroundings for the video sound</li><li>A warm room to change and rest in</li></ul>
<p>The second visit is with the model. A place that looks great in photos but feels uncomfortable is not the right place.</p>`,
      },
      de: {
        alias: 'location-scouting',
        title: 'Location-Scouting: den richtigen Ort finden',
        excerpt: 'Warum wir jede Location zweimal besuchen und worauf wir achten, bevor wir sie buchen.',
        body: `<p>Eine gute Location erledigt die Hälfte der Arbeit. Bevor wir eine Wohnung, ein Studio oder einen Garten buchen, schaut sich jemand aus dem Team den Ort an, am besten zu der Tageszeit, zu der wir drehen wollen.</p>
<h2>Worauf wir achten</h2>
<ul><li>Wo das Sonnenlicht hereinfällt, und wann</li><li>Genug Platz für Lampen und eine Kamera auf dem Stativ</li><li>Eine ruhige Umgebung für den Ton im Video</li><li>Ein warmer Raum zum Umziehen und Ausruhen</li></ul>
<p>Der zweite Besuch findet mit dem Model statt. Ein Ort, der auf Fotos großartig aussieht, sich aber unangenehm anfühlt, ist nicht der richtige Ort.</p>`,
      },
      fr: {
        alias: 'reperage-des-lieux',
        title: 'Repérage : trouver le bon endroit',
        excerpt: 'Pourquoi nous visitons chaque lieu deux fois, et ce que nous vérifions avant de le réserver.',
        body: `<p>Un bon lieu fait la moitié du travail. Avant de réserver un appartement, un studio ou un jardin, quelqu'un de l'équipe le visite, idéalement à l'heure à laquelle nous prévoyons de tourner.</p>
<h2>Ce que nous vérifions</h2>
<ul><li>Par où entre le soleil, et à quel moment</li><li>Assez d'espace pour les lumières et une caméra sur trépied</li><li>Un environnement calme pour le son de la vidéo</li><li>Une pièce chauffée pour se changer et se reposer</li></ul>
<p>La deuxième visite se fait avec le modèle. Un lieu superbe en photo mais inconfortable n'est pas le bon lieu.</p>`,
      },
    },
  },
  {
    topic: 'editing-workflow',
    category: 'behind-the-scenes',
    author: 'Mara Lindqvist',
    daysAgo: 31,
    texts: {
      en: {
        alias: 'from-camera-to-release',
        title: 'From camera to release: our editing workflow',
        excerpt: 'Selecting, retouching, encoding: the steps between the shoot and the set you see.',
        body: `<p>A single shoot produces hundreds of pictures and a few hours of video. Only a part of it becomes the set you see on the site.</p>
<h2>Selecting</h2>
<p>Two people go through the pictures independently and mark their favourites. The final choice is made together, and the model has a say as well.</p>
<h2>Retouching and encoding</h2>
<p>We keep retouching light: colour, exposure and small distractions in the background. Videos are cut, their sound is cleaned, and then they are encoded in several qualities so they play smoothly on any connection.</p>`,
      },
      de: {
        alias: 'von-der-kamera-zur-veroeffentlichung',
        title: 'Von der Kamera zur Veröffentlichung: unser Schnitt-Workflow',
        excerpt: 'Auswählen, retuschieren, encodieren: die Schritte zwischen Shooting und fertigem Set.',
        body: `<p>Ein einziges Shooting ergibt Hunderte Fotos und einige Stunden Video. Nur ein Teil davon wird zu dem Set, das du auf der Seite siehst.</p>
<h2>Auswählen</h2>
<p>Zwei Personen gehen die Fotos unabhängig voneinander durch und markieren ihre Favoriten. Die endgültige Auswahl treffen sie gemeinsam, und auch das Model redet mit.</p>
<h2>Retusche und Encoding</h2>
<p>Wir retuschieren zurückhaltend: Farbe, Belichtung und kleine Störungen im Hintergrund. Videos werden geschnitten, der Ton wird bereinigt, und dann werden sie in mehreren Qualitäten encodiert, damit sie bei jeder Verbindung flüssig laufen.</p>`,
      },
      fr: {
        alias: 'de-la-camera-a-la-publication',
        title: 'De la caméra à la publication : notre méthode de montage',
        excerpt: 'Sélection, retouche, encodage : les étapes entre la séance et la série que vous voyez.',
        body: `<p>Une seule séance produit des centaines de photos et quelques heures de vidéo. Seule une partie devient la série que vous voyez sur le site.</p>
<h2>La sélection</h2>
<p>Deux personnes parcourent les photos chacune de leur côté et marquent leurs préférées. Le choix final se fait ensemble, et le modèle a aussi son mot à dire.</p>
<h2>Retouche et encodage</h2>
<p>Nous retouchons avec légèreté : couleurs, exposition et petits défauts à l'arrière-plan. Les vidéos sont montées, le son est nettoyé, puis elles sont encodées en plusieurs qualités pour être fluides sur toutes les connexions.</p>`,
      },
    },
  },
  {
    topic: 'natural-light',
    category: 'photography',
    author: 'Élodie Martin',
    daysAgo: 9,
    texts: {
      en: {
        alias: 'working-with-natural-light',
        title: 'Working with natural light',
        excerpt: 'A window, a white sheet and a little patience: simple ways to get soft, flattering light.',
        body: `<p>You do not need expensive equipment for beautiful light. A large window facing away from direct sun is one of the best light sources there is.</p>
<h2>Three simple tricks</h2>
<ol><li>Hang a thin white curtain or sheet in front of the window to soften harsh light.</li><li>Use a white board or a sheet of paper on the other side to brighten the shadows.</li><li>Turn off the room lights: mixed colour temperatures make skin tones look odd.</li></ol>
<p>Early morning and late afternoon give the warmest light. At midday, move further into the room.</p>`,
      },
      de: {
        alias: 'mit-natuerlichem-licht-arbeiten',
        title: 'Mit natürlichem Licht arbeiten',
        excerpt: 'Ein Fenster, ein weißes Laken und etwas Geduld: einfache Wege zu weichem, schmeichelndem Licht.',
        body: `<p>Für schönes Licht braucht man keine teure Ausrüstung. Ein großes Fenster ohne direkte Sonne ist eine der besten Lichtquellen überhaupt.</p>
<h2>Drei einfache Tricks</h2>
<ol><li>Häng einen dünnen weißen Vorhang oder ein Laken vor das Fenster, um hartes Licht weicher zu machen.</li><li>Stell auf der anderen Seite eine weiße Platte oder ein Blatt Papier auf, um die Schatten aufzuhellen.</li><li>Schalte das Raumlicht aus: gemischte Farbtemperaturen lassen Hauttöne seltsam aussehen.</li></ol>
<p>Früher Morgen und später Nachmittag geben das wärmste Licht. Zur Mittagszeit gehst du besser weiter in den Raum hinein.</p>`,
      },
      fr: {
        alias: 'travailler-avec-la-lumiere-naturelle',
        title: 'Travailler avec la lumière naturelle',
        excerpt: 'Une fenêtre, un drap blanc et un peu de patience : des moyens simples d\'obtenir une lumière douce et flatteuse.',
        body: `<p>Pas besoin d'un équipement coûteux pour une belle lumière. Une grande fenêtre à l'abri du soleil direct est l'une des meilleures sources de lumière qui soient.</p>
<h2>Trois astuces simples</h2>
<ol><li>Suspendez un voilage blanc ou un drap devant la fenêtre pour adoucir une lumière dure.</li><li>Placez un carton blanc ou une feuille de papier de l'autre côté pour éclaircir les ombres.</li><li>Éteignez les lampes de la pièce : des températures de couleur mélangées donnent des teints étranges.</li></ol>
<p>Le début de matinée et la fin d'après-midi offrent la lumière la plus chaude. À midi, reculez davantage dans la pièce.</p>`,
      },
    },
  },
  {
    topic: 'composition-basics',
    category: 'photography',
    author: 'Jonas Berger',
    daysAgo: 24,
    texts: {
      en: {
        alias: 'composition-basics',
        title: 'Composition basics: the rule of thirds and beyond',
        excerpt: 'Where to place your subject, and when to break the rules on purpose.',
        body: `<p>The rule of thirds divides the frame into a grid of nine equal parts. Placing the eyes or the main subject on one of the lines often gives a calmer, more natural picture than placing it in the centre.</p>
<h2>Beyond the grid</h2>
<ul><li><strong>Leading lines:</strong> a hallway, a railing or a shoreline guides the eye into the picture.</li><li><strong>Negative space:</strong> an empty wall can make a portrait feel quiet and open.</li><li><strong>Framing:</strong> a doorway or a window frame adds depth.</li></ul>
<p>Rules are a starting point. A centred, symmetrical portrait can be very strong, as long as it is a choice and not an accident.</p>`,
      },
      de: {
        alias: 'grundlagen-der-bildgestaltung',
        title: 'Grundlagen der Bildgestaltung: die Drittelregel und mehr',
        excerpt: 'Wo du dein Motiv platzierst und wann du die Regeln bewusst brichst.',
        body: `<p>Die Drittelregel teilt das Bild in ein Raster aus neun gleich großen Feldern. Liegen die Augen oder das Hauptmotiv auf einer der Linien, wirkt das Bild oft ruhiger und natürlicher als mit dem Motiv in der Mitte.</p>
<h2>Über das Raster hinaus</h2>
<ul><li><strong>Führende Linien:</strong> ein Flur, ein Geländer oder ein Ufer lenkt den Blick ins Bild.</li><li><strong>Freiraum:</strong> eine leere Wand lässt ein Porträt ruhig und offen wirken.</li><li><strong>Rahmen:</strong> ein Türrahmen oder ein Fensterrahmen gibt dem Bild Tiefe.</li></ul>
<p>Regeln sind ein Ausgangspunkt. Ein zentriertes, symmetrisches Porträt kann sehr stark sein, solange es eine Entscheidung ist und kein Zufall.</p>`,
      },
      fr: {
        alias: 'les-bases-de-la-composition',
        title: 'Les bases de la composition : la règle des tiers et au-delà',
        excerpt: 'Où placer votre sujet, et quand enfreindre les règles volontairement.',
        body: `<p>La règle des tiers divise le cadre en une grille de neuf parties égales. Placer les yeux ou le sujet principal sur l'une des lignes donne souvent une image plus calme et plus naturelle qu'au centre.</p>
<h2>Au-delà de la grille</h2>
<ul><li><strong>Lignes directrices :</strong> un couloir, une rampe ou un rivage guident le regard dans l'image.</li><li><strong>Espace négatif :</strong> un mur vide peut rendre un portrait calme et aéré.</li><li><strong>Cadrage :</strong> une porte ou une fenêtre ajoute de la profondeur.</li></ul>
<p>Les règles sont un point de départ. Un portrait centré et symétrique peut être très fort, à condition que ce soit un choix et non un hasard.</p>`,
      },
    },
  },
  {
    topic: 'choosing-a-lens',
    category: 'photography',
    author: 'Élodie Martin',
    daysAgo: 45,
    texts: {
      en: {
        alias: 'choosing-a-lens-for-portraits',
        title: 'Choosing a lens for portraits',
        excerpt: 'Why we mostly shoot portraits between 50 and 85 mm, and when a wide angle makes sense.',
        body: `<p>Focal length changes how a face looks. Very wide lenses close to a person exaggerate whatever is nearest to the camera; longer lenses flatten and flatter.</p>
<h2>Our everyday choices</h2>
<ul><li><strong>35 mm</strong> for a portrait that shows the room around the person.</li><li><strong>50 mm</strong> as the all-rounder: close to how we see.</li><li><strong>85 mm</strong> for head-and-shoulders portraits with a soft background.</li></ul>
<p>A wide aperture such as f/1.8 separates the subject from the background, but the focus becomes thin. Stopping down to f/2.8 keeps both eyes sharp.</p>`,
      },
      de: {
        alias: 'das-richtige-objektiv-fuer-portraets',
        title: 'Das richtige Objektiv für Porträts',
        excerpt: 'Warum wir Porträts meist zwischen 50 und 85 mm fotografieren und wann ein Weitwinkel sinnvoll ist.',
        body: `<p>Die Brennweite verändert, wie ein Gesicht aussieht. Sehr weitwinklige Objektive nah an einer Person übertreiben alles, was der Kamera am nächsten ist; längere Brennweiten verdichten und schmeicheln.</p>
<h2>Unsere Alltagswahl</h2>
<ul><li><strong>35 mm</strong> für ein Porträt, das den Raum um die Person zeigt.</li><li><strong>50 mm</strong> als Allrounder: nah an unserem eigenen Sehen.</li><li><strong>85 mm</strong> für Porträts von Kopf und Schultern mit weichem Hintergrund.</li></ul>
<p>Eine offene Blende wie f/1.8 löst das Motiv vom Hintergrund, aber die Schärfentiefe wird sehr gering. Mit f/2.8 bleiben beide Augen scharf.</p>`,
      },
      fr: {
        alias: 'choisir-un-objectif-pour-le-portrait',
        title: 'Choisir un objectif pour le portrait',
        excerpt: 'Pourquoi nous photographions surtout entre 50 et 85 mm, et quand un grand-angle a du sens.',
        body: `<p>La focale change l'apparence d'un visage. Un très grand-angle près d'une personne exagère ce qui est le plus proche de l'appareil ; les focales plus longues compriment et flattent.</p>
<h2>Nos choix au quotidien</h2>
<ul><li><strong>35 mm</strong> pour un portrait qui montre la pièce autour de la personne.</li><li><strong>50 mm</strong> comme objectif polyvalent : proche de notre vision.</li><li><strong>85 mm</strong> pour des portraits en buste avec un arrière-plan doux.</li></ul>
<p>Une grande ouverture comme f/1.8 détache le sujet de l'arrière-plan, mais la zone de netteté devient très fine. À f/2.8, les deux yeux restent nets.</p>`,
      },
    },
  },
  {
    topic: 'new-player',
    category: 'platform',
    author: TEAM_AUTHOR,
    daysAgo: 6,
    texts: {
      en: {
        alias: 'our-new-video-player',
        title: 'Our new video player',
        excerpt: 'Faster start, automatic quality, theater mode and picture-in-picture.',
        body: `<p>We rebuilt the video player from the ground up. Videos now start faster and pick the best quality for your connection automatically.</p>
<h2>What is new</h2>
<ul><li><strong>Automatic quality</strong> that adapts while you watch, or a fixed quality if you prefer.</li><li><strong>Theater mode</strong> for a larger picture without going full screen.</li><li><strong>Picture-in-picture</strong> to keep watching while you browse.</li><li>The player remembers your volume and quality settings.</li></ul>
<p>Tell us what you think through the <a href="/contact-us">contact form</a>.</p>`,
      },
      de: {
        alias: 'unser-neuer-videoplayer',
        title: 'Unser neuer Videoplayer',
        excerpt: 'Schnellerer Start, automatische Qualität, Kinomodus und Bild-im-Bild.',
        body: `<p>Wir haben den Videoplayer von Grund auf neu gebaut. Videos starten jetzt schneller und wählen automatisch die beste Qualität für deine Verbindung.</p>
<h2>Was neu ist</h2>
<ul><li><strong>Automatische Qualität</strong>, die sich beim Zuschauen anpasst, oder eine feste Qualität, wenn dir das lieber ist.</li><li><strong>Kinomodus</strong> für ein größeres Bild ohne Vollbild.</li><li><strong>Bild-im-Bild</strong>, um weiterzuschauen, während du stöberst.</li><li>Der Player merkt sich Lautstärke und Qualität.</li></ul>
<p>Sag uns deine Meinung über das <a href="/contact-us">Kontaktformular</a>.</p>`,
      },
      fr: {
        alias: 'notre-nouveau-lecteur-video',
        title: 'Notre nouveau lecteur vidéo',
        excerpt: 'Démarrage plus rapide, qualité automatique, mode cinéma et image dans l\'image.',
        body: `<p>Nous avons reconstruit le lecteur vidéo de fond en comble. Les vidéos démarrent plus vite et choisissent automatiquement la meilleure qualité pour votre connexion.</p>
<h2>Les nouveautés</h2>
<ul><li><strong>Qualité automatique</strong> qui s'adapte pendant la lecture, ou une qualité fixe si vous préférez.</li><li><strong>Mode cinéma</strong> pour une image plus grande sans passer en plein écran.</li><li><strong>Image dans l'image</strong> pour continuer à regarder en naviguant.</li><li>Le lecteur retient votre volume et votre qualité.</li></ul>
<p>Donnez-nous votre avis via le <a href="/contact-us">formulaire de contact</a>.</p>`,
      },
    },
  },
  {
    topic: 'community-guidelines-explained',
    category: 'platform',
    author: TEAM_AUTHOR,
    daysAgo: 38,
    texts: {
      en: {
        alias: 'community-guidelines-explained',
        title: 'Community guidelines explained',
        excerpt: 'What our guidelines say, why they exist, and what happens when someone breaks them.',
        body: `<p>Our <a href="/community_guidelines">community guidelines</a> are short on purpose. They come down to one idea: treat models and other members the way you would like to be treated.</p>
<h2>The main points</h2>
<ul><li>Be respectful in chats, comments and messages.</li><li>Never share someone else's personal details.</li><li>Do not record or redistribute content from the site.</li><li>Use the <a href="/report">report form</a> when something seems wrong.</li></ul>
<h2>What happens next</h2>
<p>Reports are read by people, not only by software. Depending on what happened, we send a reminder, pause an account or close it.</p>`,
      },
      de: {
        alias: 'community-richtlinien-erklaert',
        title: 'Community-Richtlinien erklärt',
        excerpt: 'Was in unseren Richtlinien steht, warum es sie gibt und was passiert, wenn jemand dagegen verstößt.',
        body: `<p>Unsere <a href="/community_guidelines">Community-Richtlinien</a> sind absichtlich kurz. Sie laufen auf einen Gedanken hinaus: Behandle Models und andere Mitglieder so, wie du selbst behandelt werden möchtest.</p>
<h2>Die wichtigsten Punkte</h2>
<ul><li>Sei respektvoll in Chats, Kommentaren und Nachrichten.</li><li>Gib niemals persönliche Daten anderer weiter.</li><li>Zeichne keine Inhalte der Seite auf und verbreite sie nicht weiter.</li><li>Nutze das <a href="/report">Meldeformular</a>, wenn dir etwas falsch vorkommt.</li></ul>
<h2>Was danach passiert</h2>
<p>Meldungen werden von Menschen gelesen, nicht nur von Software. Je nachdem, was passiert ist, schicken wir eine Erinnerung, pausieren ein Konto oder schließen es.</p>`,
      },
      fr: {
        alias: 'les-regles-de-la-communaute-expliquees',
        title: 'Les règles de la communauté expliquées',
        excerpt: 'Ce que disent nos règles, pourquoi elles existent et ce qui se passe quand quelqu\'un les enfreint.',
        body: `<p>Nos <a href="/community_guidelines">règles de la communauté</a> sont courtes à dessein. Elles se résument à une idée : traitez les modèles et les autres membres comme vous aimeriez être traité.</p>
<h2>Les points essentiels</h2>
<ul><li>Restez respectueux dans les chats, commentaires et messages.</li><li>Ne partagez jamais les données personnelles d'autrui.</li><li>N'enregistrez pas et ne redistribuez pas les contenus du site.</li><li>Utilisez le <a href="/report">formulaire de signalement</a> si quelque chose vous semble anormal.</li></ul>
<h2>Et ensuite ?</h2>
<p>Les signalements sont lus par des personnes, pas seulement par des logiciels. Selon la situation, nous envoyons un rappel, suspendons un compte ou le fermons.</p>`,
      },
    },
  },
  {
    topic: 'playdates-explained',
    category: 'platform',
    author: TEAM_AUTHOR,
    daysAgo: 52,
    texts: {
      en: {
        alias: 'playdates-explained',
        title: 'Playdates: scheduled live sessions, explained',
        excerpt: 'Public and private playdates, how to join one and how to request your own.',
        body: `<p>A playdate is a live session with a model at a time announced in advance. There are two kinds.</p>
<h2>Public and private</h2>
<ul><li><strong>Public playdates</strong> are open to all premium members. Everyone sees the same stream and can chat along.</li><li><strong>Private playdates</strong> are one-to-one sessions that you request for a time that suits you and the model.</li></ul>
<p>You can find upcoming sessions on the <a href="/playdates">playdates page</a>. Answers to common questions are in the <a href="/playdate-faq">playdate FAQ</a>.</p>`,
      },
      de: {
        alias: 'playdates-erklaert',
        title: 'Playdates: geplante Live-Sessions erklärt',
        excerpt: 'Öffentliche und private Playdates, wie du teilnimmst und wie du dein eigenes anfragst.',
        body: `<p>Ein Playdate ist eine Live-Session mit einem Model zu einer vorher angekündigten Zeit. Es gibt zwei Arten.</p>
<h2>Öffentlich und privat</h2>
<ul><li><strong>Öffentliche Playdates</strong> stehen allen Premium-Mitgliedern offen. Alle sehen denselben Stream und können mitchatten.</li><li><strong>Private Playdates</strong> sind Sessions zu zweit, die du für eine Zeit anfragst, die dir und dem Model passt.</li></ul>
<p>Kommende Sessions findest du auf der <a href="/playdates">Playdate-Seite</a>. Antworten auf häufige Fragen stehen in den <a href="/playdate-faq">Playdate-FAQ</a>.</p>`,
      },
      fr: {
        alias: 'les-playdates-expliques',
        title: 'Les playdates : des sessions live programmées, expliquées',
        excerpt: 'Playdates publics et privés, comment y participer et comment demander le vôtre.',
        body: `<p>Un playdate est une session live avec un modèle à une heure annoncée à l'avance. Il en existe deux sortes.</p>
<h2>Public et privé</h2>
<ul><li><strong>Les playdates publics</strong> sont ouverts à tous les membres premium. Tout le monde voit le même direct et peut participer au chat.</li><li><strong>Les playdates privés</strong> sont des sessions en tête-à-tête que vous demandez pour un horaire qui vous convient, à vous et au modèle.</li></ul>
<p>Les prochaines sessions se trouvent sur la <a href="/playdates">page des playdates</a>. Les réponses aux questions fréquentes sont dans la <a href="/playdate-faq">FAQ des playdates</a>.</p>`,
      },
    },
  },
];
