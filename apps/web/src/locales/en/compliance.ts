// Namespace `compliance`: the compliance popups and the site variants (the footer’s company block among them) (decision 066). English is the source: German and French take its shape.

export default {
  compliance: {
    legalLinks: 'Legal information',
    ageApproval: {
      title: 'Are you 18 or older?',
      text: 'Velora is a membership site for adults. Please confirm that you are at least 18 years old, or of legal age where you live, to continue.',
      confirm: 'I am 18 or older – enter',
      leave: 'Leave',
      note: 'We remember your answer on this device for a year.',
    },
    cookies: {
      title: 'Cookies',
      text: 'We use necessary cookies to run Velora, for example to keep you logged in. With your consent we also use analytics cookies to learn how the site is used and marketing cookies to measure our campaigns. You can change your choice at any time under “Cookie settings” at the bottom of every page.',
      acceptAll: 'Accept all',
      necessaryOnly: 'Only necessary',
      settings: 'Settings',
      save: 'Save my choice',
      categories: 'Cookie categories',
      necessary: 'Necessary',
      necessaryText: 'Log-in, language, security and your cookie choice. Always on.',
      analytics: 'Analytics',
      analyticsText: 'Usage statistics and session replays that help us improve the site.',
      marketing: 'Marketing',
      marketingText: 'A tag manager that measures our campaigns.',
      reopen: 'Cookie settings',
    },
    ageVerification: {
      title: 'Verify your age',
      text: 'The law requires us to check that every member is an adult. Our verification partner does the check; it takes about a minute and we only learn the result.',
      start: 'Verify my age',
      starting: 'Opening the verification…',
      later: 'Not now',
      failed: 'The verification could not be started. Please try again.',
      successTitle: 'Thank you',
      successText: 'Your age has been verified. Enjoy Velora.',
      successClose: 'Continue',
    },
    lawRestriction: {
      title: 'Not available in your region',
      text: 'A law in {{region}} requires websites like Velora to check the age of every visitor in a way we do not offer yet. Until we do, Velora is not available to visitors from your region.',
      members: 'Members who have already verified their age can log in.',
      logIn: 'Log in',
      contact: 'Contact us',
    },
    lawLimitation: {
      title: 'Not available in your country',
      text: 'Some parts of Velora, such as live cams and buying coins, are not available in your country because of local law. Everything else works as usual.',
      close: 'OK',
    },
  },
  siteVariant: {
    notFound: {
      title: 'Not Found',
      text: 'This page does not exist on this site.',
      home: 'Go to the home page',
    },
    ladies: {
      eyebrow: 'Made for women',
      title: 'Stories told with you in mind.',
      lead: 'Films and photo sets chosen for women: warm, respectful and made by creators who care about how they are seen.',
      ctaJoin: 'Join for free',
      ctaLogIn: 'I already have an account',
      promisesTitle: 'What you can count on',
      promises: {
        stories: {
          title: 'Stories first',
          text: 'Collections built around mood, atmosphere and story, not just clips.',
        },
        respect: {
          title: 'Made with respect',
          text: 'Every creator works with consent and on their own terms, and you can see it.',
        },
        privacy: {
          title: 'Yours alone',
          text: 'Discreet billing, no public profile and full control over what you keep.',
        },
      },
      closingTitle: 'Take your time.',
      closingText: 'Membership is free to start. Look around first, decide later.',
    },
    company: {
      label: 'Company',
      address: 'Address',
      register: '{{court}}, {{number}}',
      vatId: 'VAT ID {{id}}',
      managingDirector: 'Managing director: {{name}}',
      support: 'Support',
    },
  },
};
