// Namespace `pages`: the site’s pages, the legal texts and the blog (decision 066). English is the source: German and French take its shape.

export default {
  pages: {
    loading: 'Loading the page…',
    related: 'Related pages',
    error: {
      title: 'This page could not be loaded',
      text: 'Something went wrong on the way. Please try again in a moment.',
    },
    forward: {
      pending: 'Taking you to the page…',
      broken: 'This link does not lead anywhere. Please let us know about it.',
    },
    password: {
      title: 'This page is protected',
      intro: 'Enter the password you were given to open it.',
      label: 'Please Enter Password',
      submit: 'Open page',
      checking: 'Checking…',
      invalid: 'Invalid password!',
      required: 'Enter the password first.',
    },
    captcha: {
      label: 'Spam protection',
      hint: 'Tick the box: your browser solves a small puzzle. Nothing is sent to anyone else.',
      required: 'Solve the captcha first: tick the spam protection box.',
      invalid: 'The captcha is invalid or has expired. Please solve it again.',
      checkbox: 'I am not a robot',
      solving: 'Checking your browser…',
      verified: 'Verified',
      failed: 'The check did not work. Tick the box to try again.',
      expired: 'The check has expired. Tick the box again.',
    },
    form: {
      required: 'Required',
      email: 'Enter a valid email address.',
      url: 'Enter a web address starting with http:// or https://.',
      choose: 'Choose one of the options.',
      tooShort: 'Use at least {{min}} characters.',
      tooLong: 'Use at most {{max}} characters.',
      invalid: 'Please check this field.',
      fixErrors: 'Please correct the marked fields.',
      failed: 'It could not be sent. Please try again.',
      rateLimited: 'You have sent a lot in a short time. Please wait a few minutes and try again.',
    },
    contact: {
      formTitle: 'Write to us',
      subject: 'Subject',
      message: 'Message',
      messageHint: 'At least 10 characters.',
      email: 'Email',
      submit: 'Send message',
      sending: 'Sending…',
      success: 'Thank you! Your message has been sent. We usually reply within two working days.',
      another: 'Write another message',
    },
    report: {
      formTitle: 'Report content',
      category: 'What is the problem?',
      categoryPlaceholder: 'Choose a category',
      categories: {
        copyright: 'Copyright infringement',
        privacy: 'Privacy violation',
        consent: 'Published without consent',
        underage: 'A person may be under 18',
        illegal: 'Other illegal content',
        other: 'Something else',
      },
      name: 'Your name',
      email: 'Your email',
      url: 'Address (URL) of the content',
      urlHint: 'Copy it from the address bar of the page that shows the content.',
      reason: 'Why should it be removed?',
      reasonHint: 'Describe the content and the reason, in at least 10 characters.',
      isDepicted: 'I am a person shown in this content',
      isAgreed: 'I confirm that the information in this report is accurate and complete',
      agreeRequired: 'Please confirm that the information is accurate.',
      submit: 'Send report',
      sending: 'Sending…',
      success: 'Thank you. Your report has been received. We review every report, usually within 24 hours, and reply by email.',
      another: 'Send another report',
    },
    unsubscribe: {
      title: 'Unsubscribe from mails',
      intro: 'Stop newsletters and offers by email. Messages about your account and payments still reach you.',
      pending: 'Unsubscribing you…',
      done: 'Done. You will no longer receive newsletters and offers by email. You can subscribe again in your account settings.',
      failed: 'You could not be unsubscribed just now.',
      loggedOut: 'Log in to unsubscribe: we need to know which account the mails go to. Every mail also has an unsubscribe link of its own.',
      logIn: 'Log in to unsubscribe',
      cameras: {
        title: 'Go-live mails',
        done: 'You will no longer get mails when your favourite models go live.',
        settings: 'Change your notification settings',
        badToken: 'This unsubscribe link is not valid',
        badTokenText: 'It may be incomplete or too old. You can turn off go-live mails in your notification settings.',
      },
    },
    sitemap: {
      title: 'Sitemap',
      intro: 'Every part of Velora at a glance.',
      groups: {
        discover: 'Discover',
        members: 'For members',
        info: 'Information and help',
        legal: 'Legal',
      },
    },
  },
  legal: {
    company: {
      operator: 'Operator of this website',
      custodian: 'Custodian of records',
      name: 'Company',
      address: 'Address',
      register: 'Commercial register',
      vatId: 'VAT ID',
      director: 'Managing director',
      email: 'Email',
    },
    contactUs: {
      title: 'Contact us',
      intro: 'Questions about your membership, a payment or something on the site? Write to us: a real person reads every message.',
      sections: [
        {
          heading: 'What to include',
          paragraphs: ['Tell us the email address of your account and, for payments, the date and the amount. Never send your password: we will never ask for it.'],
        },
        {
          heading: 'When we reply',
          paragraphs: ['We answer in English, German or French, usually within two working days.'],
        },
        {
          heading: 'Reporting content',
          paragraphs: ['To ask for content to be removed, please use the content removal form: it asks for everything we need to act quickly.'],
        },
      ],
    },
    report: {
      title: 'Content removal',
      intro: 'If something on Velora breaks the law or your rights, or you appear in it and did not agree, tell us here.',
      sections: [
        {
          heading: 'What happens next',
          paragraphs: [
            'Our team reads every report, usually within 24 hours. Content reported as showing a minor or as published without consent is taken offline at once while we check it.',
            'We reply to the email address you give and tell you what we decided.',
          ],
        },
        {
          heading: 'Misuse',
          paragraphs: ['Knowingly false reports may have legal consequences. Copyright owners may also send a formal notice as described on the DMCA page.'],
        },
      ],
    },
    agb: {
      title: 'Terms and conditions',
      intro: 'These terms govern the use of Velora and the memberships bought on it. Please read them before you sign up.',
      sections: [
        {
          heading: '1. Scope',
          paragraphs: ['These terms apply to every use of the website by visitors and members. Other terms of a member apply only if we agree to them in writing.'],
        },
        {
          heading: '2. Age and account',
          paragraphs: ['Only adults may use Velora: you must be at least 18 years old, or older where the law of your country requires it. Your account is personal; keep your password secret and tell us at once if someone else uses it.'],
        },
        {
          heading: '3. Membership and payment',
          paragraphs: ['A free membership opens the member area. A premium membership adds all videos and playdates for the period you chose; prices are shown before you pay and include VAT where it applies. Coins pay for extras such as tips and private playdates and do not expire while your account exists.'],
        },
        {
          heading: '4. Term and cancellation',
          paragraphs: ['A premium membership renews for the same period unless you cancel before it ends; you can cancel at any time in your account settings or by writing to us. Consumers in the EU may withdraw within 14 days; the right ends early once you start using the paid content with your express consent.'],
        },
        {
          heading: '5. Use of content',
          paragraphs: ['Content is for your personal, private viewing only. Downloading beyond what the player offers, recording, sharing or selling it is not allowed.'],
        },
        {
          heading: '6. Conduct',
          paragraphs: ['Treat models and other members with respect and follow the community guidelines and the netiquette. We may suspend accounts that break these rules or the law.'],
        },
        {
          heading: '7. Liability',
          paragraphs: ['We are fully liable for intent and gross negligence and for injury to life, body or health. Otherwise we are liable only for breaches of essential contractual duties and only for foreseeable, typical damage.'],
        },
        {
          heading: '8. Final provisions',
          paragraphs: ['The law of the operator’s country applies, without prejudice to the mandatory consumer protection of your country of residence. Should a provision be invalid, the others remain in force.'],
        },
      ],
    },
    notice2257: {
      heading: '18 U.S.C. 2257 record-keeping requirements compliance statement',
      paragraphs: [
        'All persons who appear in any visual depiction of actual or simulated sexually explicit conduct on this website were at least 18 years old when the depiction was created.',
        'The records required by 18 U.S.C. § 2257 and 28 C.F.R. Part 75 for all such material are kept by the custodian of records named below.',
        'Material produced by third parties comes with the records of its producer, who keeps them as its primary producer.',
      ],
    },
    dmca: {
      title: 'DMCA and copyright',
      intro: 'We respect the rights of creators. If you believe that material on Velora infringes your copyright, send us a notice as described here.',
      sections: [
        {
          heading: 'Your notice',
          paragraphs: ['Send the notice with the content removal form (category “Copyright infringement”) or by email to the address on our contact page. Please include:'],
          items: [
            'your physical or electronic signature',
            'the work you believe is infringed',
            'the address (URL) of the material on Velora',
            'your name, postal address, telephone number and email address',
            'a statement that you believe in good faith that the use is not authorised by the owner, its agent or the law',
            'a statement, under penalty of perjury, that the notice is accurate and that you are the owner or authorised to act for the owner',
          ],
        },
        {
          heading: 'What we do',
          paragraphs: ['We remove or block the material promptly and tell the person who provided it. Repeat infringers lose their accounts.'],
        },
        {
          heading: 'Counter-notice',
          paragraphs: ['If your material was removed by mistake, you may send a counter-notice with your signature, the removed material and where it was, a statement under penalty of perjury that it was removed by mistake, and your consent to the jurisdiction of the competent court. We restore the material after 10 to 14 working days unless the claimant tells us that they have gone to court.'],
        },
      ],
    },
    prohibitedContent: {
      title: 'Prohibited content',
      intro: 'Some content has no place on Velora, whoever provides it and whatever the context. It is removed at once and, where the law requires it, reported to the authorities.',
      sections: [
        {
          heading: 'Never allowed',
          paragraphs: ['The following is prohibited in videos, photos, live sessions, messages, comments and profiles:'],
          items: [
            'any person under 18, or content that suggests a minor, role-play included',
            'anyone who has not consented, or cannot consent, to being recorded or shown',
            'violence, coercion or threats, and content that glorifies them',
            'intoxicated or unconscious persons',
            'animals in a sexual context',
            'hate speech or discrimination on the grounds of origin, religion, gender, sexual orientation or disability',
            'personal data of others published without their consent',
            'illegal goods or services, and offers of payment for meetings offline',
          ],
        },
        {
          heading: 'Checks',
          paragraphs: ['Every model is identified, and her age and consent are documented, before any content is published. Live sessions are moderated.'],
        },
        {
          heading: 'Seen something?',
          paragraphs: ['Please report it with the content removal form. You do not need an account.'],
        },
      ],
    },
    apply: {
      title: 'Apply as a model',
      intro: 'We work with adult models who want to present their work on their own terms. This is how to start.',
      sections: [
        {
          heading: 'Who can apply',
          paragraphs: ['Anyone aged 18 or over with a valid government-issued photo ID. Experience is welcome but not required.'],
        },
        {
          heading: 'How it works',
          paragraphs: [
            'Write to us with the contact form, subject “Model application”. Tell us a little about yourself and how you would like to work; please send no photos with your first message.',
            'We reply within a week and arrange a video call. After the call you receive a written contract; you decide what you produce and when.',
          ],
        },
        {
          heading: 'What we offer',
          paragraphs: ['A fair share of the revenue, paid monthly; a team that takes care of production, support and moderation; and the removal of your content when you stop working with us, within the limits of the law.'],
        },
        {
          heading: 'Your safety',
          paragraphs: ['Your legal name and your documents are never shown on the site. You choose your model name and can block countries and regions.'],
        },
      ],
    },
    aboutUs: {
      title: 'About us',
      intro: 'Velora is a members-only library of films, photo sets and live sessions, made with models who work with us by choice.',
      sections: [
        {
          heading: 'What we do',
          paragraphs: ['We publish new films and photo sets every week, host <cams>live sessions</cams> and <playdates>playdates</playdates>, and keep everything in one well-organised library for our members.'],
        },
        {
          heading: 'How we work',
          paragraphs: ['Every model is an adult, identified and fairly paid. Consent is documented for every production, and the models decide what they do. Our moderation team watches live sessions and answers reports around the clock.'],
        },
        {
          heading: 'Privacy',
          paragraphs: ['Payments appear under a neutral name, we never sell your data, and you can delete your account at any time.'],
        },
        {
          heading: 'Who we are',
          paragraphs: ['A small European team working in production, engineering and support. You reach us through the contact page.'],
        },
      ],
    },
    netiquette: {
      title: 'Netiquette',
      intro: 'Chats, messages and comments work when everyone treats everyone with respect. These few rules apply everywhere on Velora.',
      sections: [
        {
          heading: 'Be respectful',
          paragraphs: ['Be polite to models and other members. No insults, pressure, threats or harassment, not even as a joke.'],
        },
        {
          heading: 'Respect boundaries',
          paragraphs: ['A model decides what happens in her show. A “no” is final: do not ask again or try to bargain.'],
        },
        {
          heading: 'Protect privacy',
          paragraphs: ['Do not ask for or share real names, addresses, phone numbers or social media accounts, and do not arrange meetings offline.'],
        },
        {
          heading: 'No spam',
          paragraphs: ['No advertising, links to other sites or repeated messages. Stay on topic in comments.'],
        },
        {
          heading: 'In playdates',
          paragraphs: ['A playdate is the model’s time: keep to what she offers, do not record or share what you see, and leave the room when she ends it. Your own camera is yours to switch on or off.'],
        },
        {
          heading: 'If something is wrong',
          paragraphs: ['Report messages and behaviour that break these rules. Our moderators may warn, mute or block accounts.'],
        },
      ],
    },
    playdateFaq: {
      title: 'Playdate FAQ',
      intro: 'Playdates are live sessions with a model at a set time: public shows for many members, and private sessions just for you. Here is how they work.',
      sections: [
        {
          heading: 'Who can take part?',
          paragraphs: ['Everyone can look at <playdates>the playdate page</playdates>. Joining a public show and requesting or extending a private playdate needs a premium membership. In some countries private playdates are not available for legal reasons.'],
        },
        {
          heading: 'What is a public playdate?',
          paragraphs: ['A live show at an announced time. Premium members join it from <playdates>the playdate page</playdates> or the model’s <cams>camera page</cams> and chat with her and with each other. Turn on “Remind me” and we tell you shortly before it starts – by a message on the site, and by mail if you allow playdate mails in your settings.'],
        },
        {
          heading: 'How do I request a private playdate?',
          paragraphs: ['Pick a model on <playdates>the playdate page</playdates> or her <cams>camera page</cams> and choose “Request”. Choose how long (the model sets her durations and her price per minute), when it should start – one of her free times, or as soon as possible while she is live – and add a short message if you like.', 'All times are shown in your own time zone.'],
        },
        {
          heading: 'When are my coins charged?',
          paragraphs: ['When you send a request, its price is held: the coins are set aside but not paid. They are paid when the playdate starts. If the model declines, does not answer in time, or you withdraw your request, every held coin goes back to your balance at once.'],
        },
        {
          heading: 'Can I cancel?',
          paragraphs: ['Yes. Until the playdate has started you can withdraw your request or cancel the accepted playdate on the playdate page; the held coins are released.'],
        },
        {
          heading: 'What happens when the time is up?',
          paragraphs: ['The room closes and you can extend for a few minutes if the model’s next playdate leaves room. An extension is paid from your coins in the same way, and you go straight back into the room.'],
        },
        {
          heading: 'What if the model does not come?',
          paragraphs: ['If she does not enter the room within a few minutes of the start, the playdate counts as missed and all your coins are refunded automatically.'],
        },
        {
          heading: 'Does the model see me?',
          paragraphs: ['In a private playdate you may turn on your camera so that she sees you; it is entirely up to you and it stays off unless you allow it. In a public show only the model is seen.'],
        },
        {
          heading: 'Are playdates recorded?',
          paragraphs: ['No video is recorded. The chat of a public show can be read again for a while through its replay link; the chat of a private playdate is only for the two of you.'],
        },
        {
          heading: 'How do I rate a playdate?',
          paragraphs: ['After a private playdate we ask you for one to five stars and an optional comment. It helps the model and us; you can also say “Not now”.'],
        },
      ],
    },
    communityGuidelines: {
      title: 'Community guidelines',
      intro: 'Velora is a community of adults who enjoy the same things. These guidelines keep it a good place for members and models.',
      sections: [
        {
          heading: 'Adults only',
          paragraphs: ['Every member and every model is at least 18 years old. Content that even suggests a minor is removed and reported.'],
        },
        {
          heading: 'Consent comes first',
          paragraphs: ['Everything shown on Velora is shown with consent. Do not share content from the site elsewhere, and never record live sessions.'],
        },
        {
          heading: 'Treat people well',
          paragraphs: ['Respect models and members in chats, messages and comments. The netiquette explains the details.'],
        },
        {
          heading: 'One person, one account',
          paragraphs: ['Do not share your account or open several. Accounts used to get around a block are closed.'],
        },
        {
          heading: 'Consequences',
          paragraphs: ['Depending on how serious a breach is, we warn, restrict or close the account. Serious cases are reported to the authorities.'],
        },
      ],
    },
    friends: {
      title: 'Friends of Velora',
      intro: 'Projects we like and people who help us, and how you can bring your friends along.',
      sections: [
        {
          heading: 'Partners',
          paragraphs: ['We work with independent producers and studios who share our standards on consent, age checks and fair pay. New partners are introduced on the blog.'],
        },
        {
          heading: 'Become a partner',
          paragraphs: ['You run a site or produce content and would like to work with us? Write to us with the contact form, subject “Partnership”.'],
        },
        {
          heading: 'Recommend Velora',
          paragraphs: ['Members can recommend Velora to adult friends. Please send recommendations only to people who want to receive them.'],
        },
      ],
    },
  },
  blog: {
    title: 'Blog',
    intro: 'News from the studio, stories from behind the scenes and tips for members.',
    filters: 'Filter articles',
    search: 'Search by title',
    searchPlaceholder: 'e.g. behind the scenes',
    searchSubmit: 'Search',
    category: 'Category',
    allCategories: 'All categories',
    clear: 'Clear filters',
    results_one: '{{count}} article',
    results_many: '{{count}} articles',
    results_other: '{{count}} articles',
    loading: 'Loading articles…',
    empty: {
      title: 'No articles found',
      text: 'Try another search or category.',
    },
    emptyAll: {
      title: 'No articles yet',
      text: 'The first stories are on their way. Come back soon.',
    },
    error: 'The articles could not be loaded',
    readMore: 'Read “{{title}}”',
    published: 'Published on {{date}}',
    by: 'By {{author}}',
    back: 'Back to the blog',
    articleError: 'The article could not be loaded',
    notFound: {
      title: 'Article not found',
      text: 'It may have been removed or moved.',
    },
    otherLanguages: 'Also available in',
  },
};
