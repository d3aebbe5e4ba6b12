/*
 * The open pages of spec §2 that are not edited content: their title, meta description, lead and
 * text. The web renders them and the API prerenders the same words into the HTML a crawler reads,
 * so both come from here. Every sentence describes what the portal does today.
 */

import type { ContentSlug } from './public-pages.routes.ts';

export type PublicSection = { heading: string; /** Paragraphs, separated by blank lines. */ body: string };
export type PublicPage = {
  title: string;
  /** The meta description: one or two sentences, under 160 characters where possible. */
  description: string;
  lead: string;
  sections: PublicSection[];
  /** Ends with the "request a demo" call to action. */
  cta?: boolean;
  /** Legal text: one column, with its date. */
  legal?: { updated: string };
};


export const HOME_PAGE = {
  title: 'Sunstamp: solar permit design and engineering',
  description: 'Order solar permit plan sets, structural and electrical engineering letters and stamps, and follow every job to approval in one portal.',
  hero: {
    title: 'Solar permit plan sets and engineering letters, stamped.',
    lead: 'Order permit design and structural or electrical engineering for your PV jobs, follow every job to approval, and keep each authority’s requirements in one place.',
  },
  servicesHeading: 'Services',
  services: [
    { to: '/permit-design', title: 'Permit design', text: 'Permit plan sets drawn to the requirements of each authority, utility and your own company.' },
    { to: '/structural-engineering', title: 'Structural engineering', text: 'Roof, ground-mount and post-install letters and structural stamps.' },
    { to: '/electrical-engineering', title: 'Electrical engineering', text: 'Load calculations, busbar certifications and electrical stamps.' },
  ],
  stepsHeading: 'How it works',
  steps: [
    { n: '1', title: 'Order', text: 'Find the site on the map, describe the arrays and equipment, choose the services.' },
    { n: '2', title: 'We design', text: 'Pre-check, design, checks and engineering review; questions come to you on the job.' },
    { n: '3', title: 'Approve', text: 'Review the finished files on the job and approve, or request a revision with its reason.' },
  ],
  receive: {
    heading: 'What you receive',
    text: 'A permit plan set generated from the job in seconds: site plan, roof plan, structural and electrical sheets with their labels, the title block and the equipment cut sheets. Every number comes from the engineering calculations and is checked against the other sheets before anyone sees it. Below, the single-line diagram of a sample set.',
  },
} as const;


/** The listing and contact pages: their head (title, description) and the hero's lead, which the server prerenders too. */
export const LISTING_PAGES = {
  blog: {
    title: 'Blog',
    description: 'News on codes, authorities and utilities, and how we design and engineer solar permit sets.',
    lead: 'News on codes, authorities and utilities, and how we design and engineer solar permit sets.',
  },
  help: {
    title: 'Help centre',
    description: 'Guides to ordering jobs, requirements, plan sets, revisions, messaging and your account on Sunstamp.',
    lead: 'Guides to ordering jobs, requirements, plan sets, revisions, messaging and your account.',
  },
  'contact-us': {
    title: 'Contact us',
    description: 'Reach the Sunstamp team about an account, a job or a demo of the portal.',
    lead: 'Questions about a job, an account or our services? We answer on business days.',
  },
} as const;

export const CONTENT_PAGES: Record<ContentSlug, PublicPage> = {
  'permit-design': {
    title: 'Solar permit design',
    description: 'Permit plan sets for residential and commercial PV and storage, drawn to the requirements of your AHJ and utility.',
    lead: 'Permit plan sets for PV and storage systems, drawn to the requirements of the authority having jurisdiction and the utility that serve each site.',
    sections: [
      {
        heading: 'Requirements applied for you',
        body: 'We keep design requirements per AHJ and per utility (disconnects, meters, placards, title block notes), and you set your company\'s own once. Each job shows which requirement applies and where it came from.',
      },
      {
        heading: 'Order in seven steps',
        body: 'Find the site on the map, describe the arrays, answer the CAD intake, pick the equipment from our catalogue, choose the services and add your photos. Save a draft and submit when you are ready.',
      },
      {
        heading: 'Follow it to approval',
        body: 'The job page shows the status, answers our questions in one place, and holds the finished files. Review them, approve, or request a revision with its reason; every revision is listed with why it was made.',
      },
    ],
    cta: true,
  },
  engineering: {
    title: 'Engineering services',
    description: 'Structural and electrical engineering letters, CAD stamps and wet stamps for solar and storage, ordered with your plan sets.',
    lead: 'Structural and electrical engineering letters, CAD stamps and wet stamps, ordered on the same job as the plan set.',
    sections: [
      { heading: 'Structural', body: 'Structural roof letters, ground-mount letters, post-install letters and structural CAD stamps.' },
      { heading: 'Electrical', body: 'Electrical load calculations, busbar certifications, wall-mounted battery letters and electrical CAD stamps.' },
      { heading: 'One job, one conversation', body: 'Order letters alongside the plan set, follow each job from pre-check to approval, and talk to the team on the job itself, with files.' },
    ],
    cta: true,
  },
  'structural-engineering': {
    title: 'Structural engineering',
    description: 'Roof and ground-mount structural letters and CAD stamps for PV systems, based on the design criteria of the local authority.',
    lead: 'Roof and ground-mount structural letters and stamps, based on the wind, snow and seismic criteria the local authority adopts.',
    sections: [
      { heading: 'Letters and stamps', body: 'Structural Roof Letter, Structural Ground Mount Letter, Post-Install Letter and CAD Stamp (Structural); Wet Stamp where the authority requires one.' },
      { heading: 'From your site data', body: 'Roof material, pitch, framing, racking and attachment, or the ground-mount foundation and beams, come from the job\'s CAD intake and photos. When something is missing we ask on the job.' },
    ],
    cta: true,
  },
  'electrical-engineering': {
    title: 'Electrical engineering',
    description: 'Electrical load calculations, busbar certifications and electrical CAD stamps for PV and storage, to the NEC or the CEC.',
    lead: 'Electrical review and stamps for PV and storage systems, to the NEC edition or the California Electrical Code the authority adopts.',
    sections: [
      { heading: 'Services', body: 'Electrical Load Calculations, Busbar Certification, Wall Mounted Battery Letter and CAD Stamp (Electrical).' },
      { heading: 'Interconnection', body: 'Panel ratings, main breaker derates, main panel upgrades and subpanels are part of the CAD intake, so the interconnection is settled before design starts.' },
    ],
    cta: true,
  },
  about: {
    title: 'About Sunstamp',
    description: 'Sunstamp designs and engineers solar permit sets for installers, and runs the portal they order and track them in.',
    lead: 'Sunstamp is a design and engineering service for solar installers: plan sets, engineering letters and stamps, ordered and tracked in one portal.',
    sections: [
      { heading: 'What we do', body: 'Our designers and engineers turn your site data into permit documents, and we keep the design requirements of the authorities and utilities you work with.' },
      { heading: 'How we work with you', body: 'Each job has its own page: its status, its files, its requirements and a conversation with our team. Company admins manage their users and their company\'s requirements; everyone sees their own numbers on the analytics page.' },
    ],
    cta: true,
  },
  terms: {
    title: 'Terms of service',
    description: 'The terms that govern the use of the Sunstamp portal and the design and engineering services ordered through it.',
    lead: 'These terms govern your use of the Sunstamp portal and the design and engineering services you order through it.',
    legal: { updated: '23 November 2026' },
    sections: [
      {
        heading: '1. Who we are and what these terms cover',
        body: 'Sunstamp ("we", "us") provides solar permit design, engineering letters and stamps, and the web portal used to order and follow them (the "Services"). These terms are an agreement between us and the company that opened the account (the "Client"), and they bind every user the Client invites. If a signed service agreement exists between us and the Client, it prevails where it differs from these terms.',
      },
      {
        heading: '2. Accounts',
        body: 'Accounts are personal to the user they were issued to. Keep your password to yourself; we never ask for it. Tell us at once if you think someone else used your account.\n\nA company admin may invite, change and deactivate the Client\'s users and is responsible for who has access. We may suspend an account that is used to break these terms or that puts the Services or other clients at risk.',
      },
      {
        heading: '3. Orders and the information you provide',
        body: 'A job is ordered when it is submitted; a draft is not an order. We prepare deliverables from the information, photos and files you provide and from the requirements recorded for the authority, the utility and your company. You are responsible for that information being accurate and complete. We may ask questions on a job, and its work pauses until you answer.',
      },
      {
        heading: '4. Deliverables and your review',
        body: 'Deliverables are made available in the job\'s files. You must review them before submitting them to an authority, a utility or anyone else, and before installing. Approving a job confirms that the deliverables match your project as you described it.\n\nEngineering letters and stamps are issued by engineers licensed in the relevant state and are valid for the site, system and conditions described on the job. A change to the system after delivery requires a revision.',
      },
      {
        heading: '5. Revisions',
        body: 'You may request a revision of a delivered job with its reason. Revisions caused by an error of ours are made at no charge. Other revisions (for example an equipment or layout change, an authority or utility rejection based on information we did not have, or an as-built update) may be charged as agreed with the Client.',
      },
      {
        heading: '6. Fees and payment',
        body: 'Fees, invoicing and payment terms are those agreed with the Client in writing. The portal does not take payments.',
      },
      {
        heading: '7. Acceptable use',
        body: 'Do not upload programs or files you have no right to share, try to reach data of other clients, interfere with the Services, or use them to send unsolicited messages. Files are checked by their content on upload and programs are refused.',
      },
      {
        heading: '8. Your data and ours',
        body: 'You keep all rights in the information and files you provide. You grant us the rights needed to produce and deliver the Services. On delivery, you may use the deliverables for the project they were made for. Our privacy policy explains how we handle personal data.',
      },
      {
        heading: '9. Availability and changes',
        body: 'We work to keep the portal available and announce planned maintenance in the portal when we can. We may improve or change the Services; we will not remove a feature you rely on for an open job without notice.',
      },
      {
        heading: '10. Liability',
        body: 'To the extent the law allows, our liability for any claim arising from the Services is limited to the fees paid for the job the claim concerns, and we are not liable for indirect or consequential losses, lost profits or delays caused by authorities, utilities or information we were not given. Nothing in these terms limits liability that cannot be limited by law.',
      },
      {
        heading: '11. Ending the agreement',
        body: 'Either party may end the use of the Services by notice. Jobs already submitted are completed or cancelled as agreed. After the end, the Client may ask for a copy of its jobs\' files for 30 days.',
      },
      {
        heading: '12. Changes to these terms and contact',
        body: 'We may update these terms; the date above says when they last changed, and material changes are announced in the portal. Questions about these terms: use the contact page.',
      },
    ],
  },
  'privacy-policy': {
    title: 'Privacy policy',
    description: 'What personal data the Sunstamp portal keeps, why, for how long, who sees it, and the choices you have.',
    lead: 'How Sunstamp handles the personal data of the people who use the portal and of the property owners named on their jobs.',
    legal: { updated: '23 November 2026' },
    sections: [
      {
        heading: 'What we keep',
        body: 'For users: name, email, phone number, role and company, notification settings, sign-in records (time and network address, used to stop password guessing) and when a working session started and ended.\n\nFor jobs: the site address and coordinates, the property owner\'s name when you enter it, the system details, the files you upload and the messages exchanged on the job.\n\nDemo requests: the name, company and email you send.',
      },
      {
        heading: 'Why we keep it',
        body: 'To produce and deliver the services you order; to tell you about your jobs by notification and email; to keep the portal secure (sign-in limits, sessions, audit of changes to jobs); and to measure our own turnaround and quality.',
      },
      {
        heading: 'Who sees it',
        body: 'Your company\'s users see your company\'s jobs. Our staff see all jobs; outside drafters working for us see only the jobs assigned to them. We use service providers for hosting, file storage and sending email; they process data only on our instructions. We do not sell personal data.',
      },
      {
        heading: 'Cookies and similar technologies',
        body: 'The portal keeps your sign-in in your browser\'s local storage; this is needed for the portal to work. Error reporting and usage analytics, when we turn them on, load only after you accept them on the public pages, and never receive passwords, tokens, emails or message text.',
      },
      {
        heading: 'How long',
        body: 'Job records and files are kept as long as the Client\'s account is active and as long afterwards as engineering records must be kept by law. Sign-in records are kept for a short time for security. Deactivated users\' names stay on the jobs they worked on.',
      },
      {
        heading: 'Your choices and rights',
        body: 'You can change your name, phone and notification settings on your profile at any time. You may ask us for a copy of your personal data, to correct it, or to delete what we are not required to keep; a company admin can also deactivate users of their company. Write to us through the contact page.',
      },
      {
        heading: 'Changes',
        body: 'The date above says when this policy last changed. Material changes are announced in the portal.',
      },
    ],
  },
};
