import type { LocaleTexts } from '../types';

const texts: LocaleTexts['pages'] = {
  pages: {
    loading: 'Chargement de la page…',
    related: 'Pages associées',
    error: {
      title: "Cette page n'a pas pu être chargée",
      text: 'Un problème est survenu en chemin. Veuillez réessayer dans un instant.',
    },
    forward: {
      pending: 'Redirection vers la page…',
      broken: 'Ce lien ne mène nulle part. Merci de nous le signaler.',
    },
    password: {
      title: 'Cette page est protégée',
      intro: "Saisissez le mot de passe que l'on vous a donné pour l'ouvrir.",
      label: 'Veuillez saisir le mot de passe',
      submit: 'Ouvrir la page',
      checking: 'Vérification…',
      invalid: 'Mot de passe invalide !',
      required: "Saisissez d'abord le mot de passe.",
    },
    captcha: {
      label: 'Protection anti-spam',
      hint: "Cochez la case : votre navigateur résout une petite énigme. Rien n'est transmis à des tiers.",
      required: "Résolvez d'abord le captcha : cochez la case de protection anti-spam.",
      invalid: 'Le captcha est invalide ou a expiré. Veuillez le résoudre à nouveau.',
      checkbox: 'Je ne suis pas un robot',
      solving: 'Vérification de votre navigateur…',
      verified: 'Vérifié',
      failed: "La vérification n'a pas abouti. Cochez la case pour réessayer.",
      expired: 'La vérification a expiré. Cochez à nouveau la case.',
    },
    form: {
      required: 'Obligatoire',
      email: 'Saisissez une adresse e-mail valide.',
      url: 'Saisissez une adresse web commençant par http:// ou https://.',
      choose: 'Choisissez une des options.',
      tooShort: 'Utilisez au moins {{min}} caractères.',
      tooLong: 'Utilisez au plus {{max}} caractères.',
      invalid: 'Veuillez vérifier ce champ.',
      fixErrors: 'Veuillez corriger les champs signalés.',
      failed: "L'envoi a échoué. Veuillez réessayer.",
      rateLimited: 'Vous avez beaucoup envoyé en peu de temps. Veuillez patienter quelques minutes avant de réessayer.',
    },
    contact: {
      formTitle: 'Écrivez-nous',
      subject: 'Objet',
      message: 'Message',
      messageHint: 'Au moins 10 caractères.',
      email: 'E-mail',
      submit: 'Envoyer le message',
      sending: 'Envoi…',
      success: 'Merci ! Votre message a été envoyé. Nous répondons généralement sous deux jours ouvrés.',
      another: 'Écrire un autre message',
    },
    report: {
      formTitle: 'Signaler un contenu',
      category: 'Quel est le problème ?',
      categoryPlaceholder: 'Choisissez une catégorie',
      categories: {
        copyright: "Violation du droit d'auteur",
        privacy: 'Atteinte à la vie privée',
        consent: 'Publié sans consentement',
        underage: 'Une personne pourrait avoir moins de 18 ans',
        illegal: 'Autre contenu illégal',
        other: 'Autre chose',
      },
      name: 'Votre nom',
      email: 'Votre e-mail',
      url: 'Adresse (URL) du contenu',
      urlHint: "Copiez-la depuis la barre d'adresse de la page qui montre le contenu.",
      reason: 'Pourquoi faut-il le retirer ?',
      reasonHint: 'Décrivez le contenu et la raison, en au moins 10 caractères.',
      isDepicted: "Je suis l'une des personnes visibles dans ce contenu",
      isAgreed: 'Je confirme que les informations de ce signalement sont exactes et complètes',
      agreeRequired: 'Veuillez confirmer que les informations sont exactes.',
      submit: 'Envoyer le signalement',
      sending: 'Envoi…',
      success: 'Merci. Votre signalement a bien été reçu. Nous examinons chaque signalement, généralement sous 24 heures, et répondons par e-mail.',
      another: 'Envoyer un autre signalement',
    },
    unsubscribe: {
      title: 'Se désabonner des e-mails',
      intro: 'Ne plus recevoir les newsletters et offres par e-mail. Les messages concernant votre compte et vos paiements vous parviennent toujours.',
      pending: 'Désabonnement en cours…',
      done: 'C’est fait. Vous ne recevrez plus de newsletters ni d’offres par e-mail. Vous pouvez vous réabonner dans les paramètres de votre compte.',
      failed: "Le désabonnement n'a pas pu être effectué pour le moment.",
      loggedOut: 'Connectez-vous pour vous désabonner : nous devons savoir à quel compte les e-mails sont destinés. Chaque e-mail contient aussi son propre lien de désabonnement.',
      logIn: 'Se connecter pour se désabonner',
      cameras: {
        title: 'Mails de direct',
        done: 'Vous ne recevrez plus de mails quand vos modèles favorites passent en direct.',
        settings: 'Modifier vos préférences de notification',
        badToken: 'Ce lien de désinscription n’est pas valide',
        badTokenText: 'Il est peut-être incomplet ou trop ancien. Vous pouvez désactiver ces mails dans vos préférences de notification.',
      },
    },
    sitemap: {
      title: 'Plan du site',
      intro: "Toutes les parties de Velora d'un coup d'œil.",
      groups: {
        discover: 'Découvrir',
        members: 'Pour les membres',
        info: 'Informations et aide',
        legal: 'Mentions légales',
      },
    },
  },
  legal: {
    company: {
      operator: 'Exploitant de ce site',
      custodian: 'Dépositaire des registres',
      name: 'Société',
      address: 'Adresse',
      register: 'Registre du commerce',
      vatId: 'N° de TVA',
      director: 'Gérance',
      email: 'E-mail',
    },
    contactUs: {
      title: 'Nous contacter',
      intro: 'Une question sur votre abonnement, un paiement ou un élément du site ? Écrivez-nous : chaque message est lu par une vraie personne.',
      sections: [
        {
          heading: 'Ce que nous devons savoir',
          paragraphs: ["Indiquez l'adresse e-mail de votre compte et, pour un paiement, la date et le montant. N'envoyez jamais votre mot de passe : nous ne vous le demanderons jamais."],
        },
        {
          heading: 'Quand nous répondons',
          paragraphs: ['Nous répondons en français, en anglais ou en allemand, généralement sous deux jours ouvrés.'],
        },
        {
          heading: 'Signaler un contenu',
          paragraphs: ['Pour demander le retrait d’un contenu, utilisez le formulaire de retrait : il demande tout ce dont nous avons besoin pour agir vite.'],
        },
      ],
    },
    report: {
      title: 'Retrait de contenu',
      intro: 'Si un contenu de Velora enfreint la loi ou vos droits, ou si vous y apparaissez sans avoir donné votre accord, dites-le-nous ici.',
      sections: [
        {
          heading: 'Et ensuite ?',
          paragraphs: [
            'Notre équipe lit chaque signalement, généralement sous 24 heures. Un contenu signalé comme montrant un mineur ou publié sans consentement est mis hors ligne immédiatement pendant la vérification.',
            "Nous répondons à l'adresse e-mail indiquée et vous informons de notre décision.",
          ],
        },
        {
          heading: 'Abus',
          paragraphs: ['Un signalement sciemment faux peut avoir des conséquences juridiques. Les titulaires de droits peuvent aussi envoyer une notification formelle, comme décrit sur la page DMCA.'],
        },
      ],
    },
    agb: {
      title: 'Conditions générales',
      intro: "Ces conditions régissent l'utilisation de Velora et les abonnements souscrits sur le site. Veuillez les lire avant de vous inscrire.",
      sections: [
        {
          heading: "1. Champ d'application",
          paragraphs: ["Ces conditions s'appliquent à toute utilisation du site par les visiteurs et les membres. Les conditions propres à un membre ne s'appliquent que si nous les acceptons par écrit."],
        },
        {
          heading: '2. Âge et compte',
          paragraphs: ["Velora est réservé aux adultes : vous devez avoir au moins 18 ans, ou davantage si la loi de votre pays l'exige. Votre compte est personnel ; gardez votre mot de passe secret et prévenez-nous immédiatement si quelqu'un d'autre l'utilise."],
        },
        {
          heading: '3. Abonnement et paiement',
          paragraphs: ["Un abonnement gratuit ouvre l'espace membres. Un abonnement premium donne accès à toutes les vidéos et à tous les playdates pour la période choisie ; les prix sont affichés avant le paiement et comprennent la TVA lorsqu'elle s'applique. Les coins paient des extras comme les pourboires et les playdates privés et n'expirent pas tant que votre compte existe."],
        },
        {
          heading: '4. Durée et résiliation',
          paragraphs: ["Un abonnement premium se renouvelle pour la même durée sauf résiliation avant son terme ; vous pouvez résilier à tout moment dans les paramètres de votre compte ou en nous écrivant. Les consommateurs de l'UE disposent d'un droit de rétractation de 14 jours, qui prend fin dès que vous utilisez le contenu payant avec votre accord exprès."],
        },
        {
          heading: '5. Utilisation des contenus',
          paragraphs: ["Les contenus sont destinés à votre usage personnel et privé. Il est interdit de les télécharger au-delà de ce que permet le lecteur, de les enregistrer, de les partager ou de les vendre."],
        },
        {
          heading: '6. Comportement',
          paragraphs: ['Traitez les modèles et les autres membres avec respect et suivez les règles de la communauté et la nétiquette. Nous pouvons suspendre les comptes qui enfreignent ces règles ou la loi.'],
        },
        {
          heading: '7. Responsabilité',
          paragraphs: ["Nous sommes pleinement responsables en cas de faute intentionnelle ou de négligence grave et en cas d'atteinte à la vie, au corps ou à la santé. Pour le reste, nous ne répondons que de la violation d'obligations contractuelles essentielles et des seuls dommages prévisibles et typiques."],
        },
        {
          heading: '8. Dispositions finales',
          paragraphs: ["Le droit du pays de l'exploitant s'applique, sans préjudice des règles impératives de protection des consommateurs de votre pays de résidence. Si une disposition était nulle, les autres resteraient en vigueur."],
        },
      ],
    },
    notice2257: {
      heading: "Déclaration de conformité aux obligations d'archivage de 18 U.S.C. 2257",
      paragraphs: [
        'Toutes les personnes apparaissant sur ce site dans une représentation de conduite sexuellement explicite, réelle ou simulée, avaient au moins 18 ans au moment de sa création.',
        'Les registres exigés par 18 U.S.C. § 2257 et 28 C.F.R. Part 75 pour l’ensemble de ce matériel sont conservés par le dépositaire des registres nommé ci-dessous.',
        'Le matériel produit par des tiers est accompagné des registres de son producteur, qui les conserve en tant que producteur principal.',
      ],
    },
    dmca: {
      title: "DMCA et droit d'auteur",
      intro: "Nous respectons les droits des créateurs. Si vous estimez qu'un contenu de Velora viole vos droits d'auteur, envoyez-nous une notification comme décrit ici.",
      sections: [
        {
          heading: 'Votre notification',
          paragraphs: ["Envoyez la notification avec le formulaire de retrait (catégorie « Violation du droit d'auteur ») ou par e-mail à l'adresse de notre page de contact. Elle doit contenir :"],
          items: [
            'votre signature manuscrite ou électronique',
            "l'œuvre que vous estimez contrefaite",
            "l'adresse (URL) du contenu sur Velora",
            'vos nom, adresse postale, numéro de téléphone et adresse e-mail',
            "une déclaration selon laquelle vous pensez de bonne foi que l'utilisation n'est autorisée ni par le titulaire, ni par son mandataire, ni par la loi",
            "une déclaration, sous peine de parjure, que la notification est exacte et que vous êtes le titulaire ou habilité à agir en son nom",
          ],
        },
        {
          heading: 'Ce que nous faisons',
          paragraphs: ["Nous retirons ou bloquons rapidement le contenu et en informons la personne qui l'a fourni. Les récidivistes perdent leur compte."],
        },
        {
          heading: 'Contre-notification',
          paragraphs: ["Si votre contenu a été retiré par erreur, vous pouvez envoyer une contre-notification avec votre signature, le contenu retiré et son emplacement, une déclaration sous peine de parjure qu'il a été retiré par erreur et votre acceptation de la compétence du tribunal compétent. Nous rétablissons le contenu après 10 à 14 jours ouvrés, sauf si le plaignant nous informe qu'il a saisi la justice."],
        },
      ],
    },
    prohibitedContent: {
      title: 'Contenus interdits',
      intro: "Certains contenus n'ont pas leur place sur Velora, quel que soit leur auteur et quel que soit le contexte. Ils sont retirés immédiatement et, lorsque la loi l'exige, signalés aux autorités.",
      sections: [
        {
          heading: 'Jamais autorisé',
          paragraphs: ['Sont interdits dans les vidéos, photos, sessions en direct, messages, commentaires et profils :'],
          items: [
            "toute personne de moins de 18 ans, ou tout contenu évoquant un mineur, jeu de rôle compris",
            "toute personne qui n'a pas consenti, ou ne peut pas consentir, à être filmée ou montrée",
            'la violence, la contrainte ou les menaces, et les contenus qui les glorifient',
            'les personnes ivres ou inconscientes',
            'les animaux dans un contexte sexuel',
            "les discours de haine ou la discrimination fondée sur l'origine, la religion, le genre, l'orientation sexuelle ou le handicap",
            "les données personnelles d'autrui publiées sans leur consentement",
            'les biens ou services illégaux et les offres de rencontres payantes hors ligne',
          ],
        },
        {
          heading: 'Contrôles',
          paragraphs: ['Chaque modèle est identifiée, et son âge et son consentement sont documentés, avant toute publication. Les sessions en direct sont modérées.'],
        },
        {
          heading: 'Vous avez vu quelque chose ?',
          paragraphs: ["Signalez-le avec le formulaire de retrait de contenu. Vous n'avez pas besoin de compte."],
        },
      ],
    },
    apply: {
      title: 'Devenir modèle',
      intro: 'Nous travaillons avec des modèles adultes qui souhaitent présenter leur travail selon leurs propres conditions. Voici comment commencer.',
      sections: [
        {
          heading: 'Qui peut postuler',
          paragraphs: ["Toute personne de 18 ans ou plus disposant d'une pièce d'identité officielle avec photo en cours de validité. L'expérience est bienvenue mais pas indispensable."],
        },
        {
          heading: 'Comment ça marche',
          paragraphs: [
            "Écrivez-nous via le formulaire de contact avec l'objet « Candidature modèle ». Parlez-nous un peu de vous et de la façon dont vous aimeriez travailler ; n'envoyez pas de photos avec votre premier message.",
            'Nous répondons sous une semaine et convenons d’un appel vidéo. Vous recevez ensuite un contrat écrit ; vous décidez de ce que vous produisez et quand.',
          ],
        },
        {
          heading: 'Ce que nous proposons',
          paragraphs: ["Une part équitable des revenus, versée chaque mois ; une équipe qui s'occupe de la production, du support et de la modération ; et le retrait de vos contenus lorsque vous cessez de travailler avec nous, dans les limites de la loi."],
        },
        {
          heading: 'Votre sécurité',
          paragraphs: ["Votre nom civil et vos documents ne sont jamais affichés sur le site. Vous choisissez votre nom de modèle et pouvez bloquer des pays et des régions."],
        },
      ],
    },
    aboutUs: {
      title: 'À propos',
      intro: 'Velora est une bibliothèque de films, de séries photo et de sessions en direct réservée aux membres, créée avec des modèles qui travaillent avec nous par choix.',
      sections: [
        {
          heading: 'Ce que nous faisons',
          paragraphs: ['Nous publions chaque semaine de nouveaux films et séries photo, organisons des <cams>sessions en direct</cams> et des <playdates>playdates</playdates>, et rassemblons tout dans une bibliothèque bien organisée pour nos membres.'],
        },
        {
          heading: 'Notre façon de travailler',
          paragraphs: ['Chaque modèle est majeure, identifiée et rémunérée équitablement. Le consentement est documenté pour chaque production, et les modèles décident de ce qu’elles font. Notre équipe de modération suit les sessions en direct et traite les signalements jour et nuit.'],
        },
        {
          heading: 'Confidentialité',
          paragraphs: ['Les paiements apparaissent sous un nom neutre, nous ne vendons jamais vos données et vous pouvez supprimer votre compte à tout moment.'],
        },
        {
          heading: 'Qui sommes-nous',
          paragraphs: ['Une petite équipe européenne de production, de technique et de support. Vous nous joignez via la page de contact.'],
        },
      ],
    },
    netiquette: {
      title: 'Nétiquette',
      intro: 'Les chats, messages et commentaires fonctionnent quand chacun traite les autres avec respect. Ces quelques règles s’appliquent partout sur Velora.',
      sections: [
        {
          heading: 'Soyez respectueux',
          paragraphs: ["Soyez poli avec les modèles et les autres membres. Pas d'insultes, de pression, de menaces ni de harcèlement, même pour plaisanter."],
        },
        {
          heading: 'Respectez les limites',
          paragraphs: ['La modèle décide de ce qui se passe pendant son show. Un « non » est définitif : ne redemandez pas et n’essayez pas de négocier.'],
        },
        {
          heading: 'Protégez la vie privée',
          paragraphs: ["Ne demandez ni ne partagez de vrais noms, adresses, numéros de téléphone ou comptes de réseaux sociaux, et n'organisez pas de rencontres hors ligne."],
        },
        {
          heading: 'Pas de spam',
          paragraphs: ['Pas de publicité, de liens vers d’autres sites ni de messages répétés. Restez dans le sujet dans les commentaires.'],
        },
        {
          heading: 'Dans les playdates',
          paragraphs: ['Un playdate, c’est le temps du model : respectez ce qu’elle propose, n’enregistrez et ne partagez rien de ce que vous voyez, et quittez la salle quand elle y met fin. Votre propre caméra, c’est vous qui l’allumez ou l’éteignez.'],
        },
        {
          heading: 'Si quelque chose ne va pas',
          paragraphs: ['Signalez les messages et comportements contraires à ces règles. Nos modérateurs peuvent avertir, rendre muets ou bloquer des comptes.'],
        },
      ],
    },
    playdateFaq: {
      title: 'FAQ des playdates',
      intro: 'Les playdates sont des sessions en direct avec un model à une heure fixe : des shows publics pour de nombreux membres, et des sessions privées rien que pour vous. Voici comment ils fonctionnent.',
      sections: [
        {
          heading: 'Qui peut participer ?',
          paragraphs: ['Tout le monde peut consulter <playdates>la page des playdates</playdates>. Rejoindre un show public, demander ou prolonger un playdate privé nécessite un abonnement premium. Dans certains pays, les playdates privés ne sont pas disponibles pour des raisons légales.'],
        },
        {
          heading: 'Qu’est-ce qu’un playdate public ?',
          paragraphs: ['Un show en direct à une heure annoncée. Les membres premium le rejoignent depuis <playdates>la page des playdates</playdates> ou la <cams>page caméra</cams> du model, et discutent avec elle et entre eux. Activez « Me le rappeler » et nous vous prévenons peu avant le début – par un message sur le site, et par e-mail si vous autorisez les e-mails de playdate dans vos paramètres.'],
        },
        {
          heading: 'Comment demander un playdate privé ?',
          paragraphs: ['Choisissez un model sur <playdates>la page des playdates</playdates> ou sur sa <cams>page caméra</cams>, puis « Demander ». Choisissez la durée (le model fixe ses durées et son prix par minute), le début – l’un de ses créneaux libres, ou dès que possible lorsqu’elle est en direct – et ajoutez un petit message si vous le souhaitez.', 'Toutes les heures sont affichées dans votre propre fuseau horaire.'],
        },
        {
          heading: 'Quand mes pièces sont-elles débitées ?',
          paragraphs: ['Lorsque vous envoyez une demande, son prix est réservé : les pièces sont mises de côté mais pas payées. Elles sont débitées au début du playdate. Si le model refuse, ne répond pas à temps, ou si vous retirez votre demande, toutes les pièces réservées reviennent aussitôt sur votre solde.'],
        },
        {
          heading: 'Puis-je annuler ?',
          paragraphs: ['Oui. Tant que le playdate n’a pas commencé, vous pouvez retirer votre demande ou annuler le playdate accepté sur la page des playdates ; les pièces réservées sont libérées.'],
        },
        {
          heading: 'Que se passe-t-il à la fin du temps ?',
          paragraphs: ['La salle se ferme et vous pouvez prolonger de quelques minutes si le prochain playdate du model le permet. Une prolongation est payée de la même façon avec vos pièces, et vous revenez directement dans la salle.'],
        },
        {
          heading: 'Et si le model ne vient pas ?',
          paragraphs: ['Si elle n’entre pas dans la salle quelques minutes après le début, le playdate est considéré comme manqué et toutes vos pièces vous sont remboursées automatiquement.'],
        },
        {
          heading: 'Le model me voit-il ?',
          paragraphs: ['Dans un playdate privé, vous pouvez allumer votre caméra pour qu’elle vous voie ; c’est entièrement votre choix, et elle reste éteinte sans votre accord. Dans un show public, seul le model est visible.'],
        },
        {
          heading: 'Les playdates sont-ils enregistrés ?',
          paragraphs: ['Aucune vidéo n’est enregistrée. Le chat d’un show public peut être relu pendant un certain temps grâce à son lien ; le chat d’un playdate privé n’appartient qu’à vous deux.'],
        },
        {
          heading: 'Comment noter un playdate ?',
          paragraphs: ['Après un playdate privé, nous vous demandons une à cinq étoiles et un commentaire facultatif. Cela aide le model et nous ; vous pouvez aussi répondre « Pas maintenant ».'],
        },
      ],
    },
    communityGuidelines: {
      title: 'Règles de la communauté',
      intro: 'Velora est une communauté d’adultes aux goûts communs. Ces règles en font un bon endroit pour les membres et les modèles.',
      sections: [
        {
          heading: 'Réservé aux adultes',
          paragraphs: ['Chaque membre et chaque modèle a au moins 18 ans. Tout contenu évoquant un mineur, même de loin, est retiré et signalé.'],
        },
        {
          heading: "Le consentement d'abord",
          paragraphs: ["Tout ce qui est montré sur Velora l'est avec consentement. Ne partagez pas les contenus du site ailleurs et n'enregistrez jamais les sessions en direct."],
        },
        {
          heading: 'Traitez bien les autres',
          paragraphs: ['Respectez les modèles et les membres dans les chats, messages et commentaires. La nétiquette donne les détails.'],
        },
        {
          heading: 'Une personne, un compte',
          paragraphs: ["Ne partagez pas votre compte et n'en ouvrez pas plusieurs. Les comptes servant à contourner un blocage sont fermés."],
        },
        {
          heading: 'Conséquences',
          paragraphs: ['Selon la gravité du manquement, nous avertissons, restreignons ou fermons le compte. Les cas graves sont signalés aux autorités.'],
        },
      ],
    },
    friends: {
      title: 'Les amis de Velora',
      intro: 'Des projets que nous aimons, des personnes qui nous aident, et comment vous pouvez amener vos amis.',
      sections: [
        {
          heading: 'Partenaires',
          paragraphs: ['Nous travaillons avec des producteurs et studios indépendants qui partagent nos exigences en matière de consentement, de vérification de l’âge et de rémunération équitable. Les nouveaux partenaires sont présentés sur le blog.'],
        },
        {
          heading: 'Devenir partenaire',
          paragraphs: ["Vous gérez un site ou produisez des contenus et souhaitez travailler avec nous ? Écrivez-nous via le formulaire de contact avec l'objet « Partenariat »."],
        },
        {
          heading: 'Recommander Velora',
          paragraphs: ["Les membres peuvent recommander Velora à des amis adultes. N'envoyez des recommandations qu'aux personnes qui souhaitent les recevoir."],
        },
      ],
    },
  },
  blog: {
    title: 'Blog',
    intro: 'Les nouvelles du studio, des histoires des coulisses et des conseils pour les membres.',
    filters: 'Filtrer les articles',
    search: 'Rechercher par titre',
    searchPlaceholder: 'p. ex. coulisses',
    searchSubmit: 'Rechercher',
    category: 'Catégorie',
    allCategories: 'Toutes les catégories',
    clear: 'Effacer les filtres',
    results_one: '{{count}} article',
    results_many: '{{count}} articles',
    results_other: '{{count}} articles',
    loading: 'Chargement des articles…',
    empty: {
      title: 'Aucun article trouvé',
      text: 'Essayez une autre recherche ou une autre catégorie.',
    },
    emptyAll: {
      title: "Pas encore d'articles",
      text: 'Les premières histoires arrivent. Revenez bientôt.',
    },
    error: "Les articles n'ont pas pu être chargés",
    readMore: 'Lire « {{title}} »',
    published: 'Publié le {{date}}',
    by: 'Par {{author}}',
    back: 'Retour au blog',
    articleError: "L'article n'a pas pu être chargé",
    notFound: {
      title: 'Article introuvable',
      text: 'Il a peut-être été supprimé ou déplacé.',
    },
    otherLanguages: 'Aussi disponible en',
  },
};

export default texts;
