/**
 * Copy of the open content pages. A later issue replaces this with managed content (blog, help
 * and the marketing pages are edited by staff); until then each page has a short, honest text.
 */
export type ContentSection = { heading: string; body: string };
export type ContentPageData = { title: string; lead: string; sections: ContentSection[]; cta?: boolean };

export const CONTENT_PAGES = {
  'permit-design': {
    title: 'Solar permit design',
    lead: 'Permit-ready PV plan sets, PV-1 to PV-5, drawn to the requirements of your authority having jurisdiction and utility.',
    sections: [
      { heading: 'Plan sets that pass the first time', body: 'Site plan, roof plan and attachment details, single-line diagram, labels and notes: every sheet follows the requirement catalogue we keep per authority and per utility.' },
      { heading: 'Order in minutes', body: 'Enter the address, pick the equipment and the services you need. We geocode the site, pull the parcel and start the design.' },
      { heading: 'Revisions tracked', body: 'Every revision records its reason, so you see why a set changed and what it cost.' },
    ],
    cta: true,
  },
  engineering: {
    title: 'Engineering services',
    lead: 'Structural and electrical engineering letters, CAD stamps and wet stamps from licensed engineers.',
    sections: [
      { heading: 'Structural', body: 'Roof and ground-mount letters, framing checks and reinforcement details.' },
      { heading: 'Electrical', body: 'Load calculations, busbar certifications and electrical CAD stamps.' },
      { heading: 'One portal', body: 'Order letters alongside plan sets, follow each job from pre-check to approval, and message the team that handles it.' },
    ],
    cta: true,
  },
  'structural-engineering': {
    title: 'Structural engineering',
    lead: 'Roof and ground-mount structural letters backed by calculations to ASCE 7 and the local building code.',
    sections: [
      { heading: 'Letters and stamps', body: 'Structural roof letters, ground-mount letters, post-install letters and CAD stamps.' },
      { heading: 'Calculations you can read', body: 'Wind and snow loads, attachment spacing and framing checks with the code references they rest on.' },
    ],
    cta: true,
  },
  'electrical-engineering': {
    title: 'Electrical engineering',
    lead: 'Electrical review and stamps for PV and storage systems, to the NEC or the CEC.',
    sections: [
      { heading: 'Services', body: 'Electrical load calculations, busbar certification, wall-mounted battery letters and electrical CAD stamps.' },
      { heading: 'Interconnection', body: 'Supply-side taps, load-side breakers and the labels each method needs.' },
    ],
    cta: true,
  },
  about: {
    title: 'About Sunstamp',
    lead: 'Sunstamp is an engineering firm for solar installers: plan sets, engineering letters and stamps, ordered and tracked in one portal.',
    sections: [
      { heading: 'What we do', body: 'Our designers and engineers turn your site data into permit-ready documents, and keep a catalogue of design requirements for the authorities and utilities you work with.' },
      { heading: 'Who we work with', body: 'Installers and contractors of every size, from a single crew to national companies.' },
    ],
    cta: true,
  },
  terms: {
    title: 'Terms of service',
    lead: 'The terms that govern the use of the Sunstamp portal and services.',
    sections: [
      { heading: 'Using the portal', body: 'Accounts are personal. Keep your password to yourself and tell us at once if you think someone else used your account.' },
      { heading: 'Deliverables', body: 'Plan sets and letters are prepared from the information you provide; check them before you submit them to an authority.' },
      { heading: 'Full terms', body: 'The complete terms of service are part of your service agreement. Contact us for a copy.' },
    ],
  },
  'privacy-policy': {
    title: 'Privacy policy',
    lead: 'How Sunstamp handles the personal data of its users and their customers.',
    sections: [
      { heading: 'What we keep', body: 'Account details (name, email, phone), the jobs you submit and the files attached to them, and the messages exchanged about them.' },
      { heading: 'Why', body: 'To produce and deliver the services you order, to notify you about your jobs, and to keep the portal secure.' },
      { heading: 'Your choices', body: 'You can change your notification settings on your profile at any time. Contact us to access or delete your data.' },
    ],
  },
} as const satisfies Record<string, ContentPageData>;

export type ContentSlug = keyof typeof CONTENT_PAGES;
