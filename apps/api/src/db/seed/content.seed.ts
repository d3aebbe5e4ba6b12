import { eq } from 'drizzle-orm';
import type { HelpCategory } from '@sunstamp/domain/contracts/content';
import type { Database } from '../client.ts';
import { contentItems } from '../schema.ts';
import { renderMarkdown } from '../../platform/markdown.ts';

/*
 * The first help articles and blog posts, describing the product as it is built. They are written
 * once into an empty help centre (or blog): after that they are the editors' to change or delete,
 * and a restart never brings a deleted one back.
 */

type SeedArticle = { slug: string; title: string; summary: string; category: HelpCategory; body: string };
type SeedPost = { slug: string; title: string; summary: string; body: string; daysAgo: number };

export const SEED_HELP_ARTICLES: SeedArticle[] = [
  {
    slug: 'ordering-a-job',
    title: 'Ordering a job',
    category: 'Ordering a job',
    summary: 'The seven steps of a new job, saving a draft and submitting it to our team.',
    body: `A job is one site and one order: the address, the arrays, the equipment and the services you want from us.

## Start a job
Open **Jobs** and choose **New job**. The form has seven steps, shown at the top (on a phone: "Step n of 7"):

1. **Address**: find the site by address or ZIP, then fine-tune the pin on the map. Choose the AHJ (the authority that issues the permit) when you know it.
2. **Arrays**: one card per array of modules. The defaults are typical values: change what differs.
3. **CAD intake**: what the designer needs for the plan set. See [The CAD intake](/help/cad-intake).
4. **Equipment**: the module, inverter and other models, picked from our equipment catalogue. Their datasheets become the cut sheets.
5. **Services**: what you are ordering, for example *CAD Design*, *Structural Roof Letter* or *CAD Stamp (Electrical)*.
6. **Files**: site photos, utility bills, spec sheets. You can add files later too.
7. **Review**: check everything, then submit.

## Drafts
Until you submit, the job is a **Draft**: only your company sees it and our team does not work on it. Leave the form and come back to it from the jobs list.

## After you submit
The job moves to **Pending Pre-Check**: our team checks that nothing is missing before design starts. From then on the status on the job page says where it is. When we need something from you the job shows **Pending Client** with our question; see [Answering a question from our team](/help/answering-questions).

You can cancel a job that is not finished from its page.`,
  },
  {
    slug: 'cad-intake',
    title: 'The CAD intake',
    category: 'Ordering a job',
    summary: 'What the CAD intake asks, why, and what is filled in for you.',
    body: `The CAD intake is the designer's checklist. It is step 3 of a new job and stays editable on the job page until design starts.

## What it asks
- **Structure**: roof material, pitch, racking type and connection type. For ground mounts: foundation type, beam shape and spacing.
- **Electrical**: main service panel rating, main breaker rating and any derate, whether a main panel upgrade is needed, subpanels and the interconnection method.
- **Equipment counts**: modules, inverters, optimizers, MCI devices and batteries, with battery backup.
- **Existing solar**: if the site already has a system, its modules, inverters, interconnection and panel ratings.
- **Utility**: pick the utility from the list (or write its name when it is not listed). The utility decides some of the requirements on your plan set.

Switches such as *Needs battery info* or *Needs ground mount* open the parts that apply; parts that do not apply stay hidden.

## What is filled in for you
What the address and the arrays already say (the state, for example) is filled in. Lists such as roof materials and racking types are the same lists our designers use.

## Extra fields asked by your requirements
Some authorities or utilities ask for more on the plan set: a case number, a permit number, the number of stories, attic photos. When the requirements that apply to a job ask for such a field, our team fills it in on the job page under **Design inputs**, and may ask you for it.`,
  },
  {
    slug: 'requirements',
    title: 'Requirements: how your preferences reach every plan set',
    category: 'Requirements',
    summary: 'Company, utility and AHJ requirements, which one wins, and where to see them on a job.',
    body: `Requirements are the rules a plan set follows: title block notes, placards and stickers, stamps, whether an AC disconnect is shown, and many more.

## Three levels
- **Your company**: your own standards, set once. A company admin edits them on the **Requirements** page.
- **The utility**: what the utility asks for (for example a production meter or an interconnection label). Our team keeps these.
- **The AHJ**: what the permitting authority asks for. Our team keeps these too.

When the levels disagree, the more specific one wins: the AHJ over the utility, the utility over your company. A level that says nothing leaves the decision to the next.

## On a job
The job page shows the **resolved requirements**: every value that applies to this job and which level it came from. If something looks wrong, tell us in the job's conversation before design starts.

## Changing your company's requirements
Company admins open **Requirements**, choose their company and change a value. Every new job follows the change; jobs already designed are not redrawn. Files such as your company's stamp or logo are uploaded on the same page.`,
  },
  {
    slug: 'answering-questions',
    title: 'Answering a question from our team',
    category: 'Ordering a job',
    summary: 'What "Pending Client" means and how to send your answer.',
    body: `When the team needs something from you (a missing photo, a panel rating, a choice between two layouts) the job moves to **Pending Client** and a banner on the job page shows the question.

## To answer
1. Open the job and read the question in the banner.
2. Change what is needed: **Edit** opens the job's form, and the **Files** panel takes new files.
3. Choose **Save and send answer**. The job goes back to the step it was in and our team is told.

**Save changes** keeps your edits but leaves the job waiting for your answer, so you can finish later.

You can also reply in the job's conversation; see [Messaging our team](/help/messaging).`,
  },
  {
    slug: 'plan-sets-and-deliverables',
    title: 'Your deliverables and approving them',
    category: 'Plan sets and deliverables',
    summary: 'Where finished files appear, what a plan set contains and how to approve or ask for changes.',
    body: `## Where to find them
Finished plan sets, letters and stamped documents appear in the job's **Files** panel. Download them from there.

## What a plan set contains
A permit plan set is a PDF of numbered sheets. Depending on the services you ordered it holds the site plan and roof layout, the attachment and structural details, the electrical line diagram with its calculations, the labels and placards your requirements call for, and the equipment cut sheets, each sheet with its title block. Engineering letters (for example a *Structural Roof Letter*) are separate PDFs.

## Review and approve
When the team is done the job moves to **Pending Approval**. Check the files, then on the job page:
- **Approve** when everything is right. The job becomes **Approved**.
- **Request revision** when something must change; see [Requesting a revision](/help/requesting-a-revision).

Approved jobs can still get a revision later, for example after an AHJ or utility rejection or to match the installed system (*As Built*).`,
  },
  {
    slug: 'requesting-a-revision',
    title: 'Requesting a revision',
    category: 'Revisions',
    summary: 'Reasons for a revision, what to write, and how revisions are tracked.',
    body: `A revision asks the team to change a job that was delivered. From the job page choose **Request revision**.

## Choose the reason
- **Equipment Change**: module, inverter, battery, racking changes
- **Layout Change**: increase or decrease system size
- **Electrical Change**: interconnection, service panel or wiring changes
- **AHJ Rejection**: the authority having jurisdiction asked for corrections
- **Utility Rejection**: the utility asked for corrections
- **As Built**: update the plans to match the installed system
- **Company Preference**: drafting or layout preferences of your company
- **Additional Service**: a service added after the original order
- **Other**: describe it in the note

Write what must change in the note and attach the rejection letter or marked-up sheets if you have them.

## What happens next
The job moves to **Pending Design Revision** and the designer takes it up. The job's **Revisions** table lists every revision with its reason and date. When a revision is caused by a mistake of ours, it is marked as such and does not count against you.`,
  },
  {
    slug: 'messaging',
    title: 'Messaging our team',
    category: 'Messaging',
    summary: 'The conversation on each job, files in messages, notifications and email.',
    body: `Every job has a conversation with our team, on the job page.

## Writing
Type your message and send it. You can attach up to 10 files to a message; they are checked like any upload. Links in the form \`[text](https://…)\` become links. You can edit or delete your own message within 15 minutes of sending it.

## Who reads it
Your company's users on the job and our staff. Our staff also keep internal notes that you do not see.

## Notifications
The bell at the top shows new messages and changes on your jobs, for example when a job needs your answer or is ready for your review. Messages you have not read are also sent by email, a few minutes later and gathered into one mail, so a burst of messages is one email. Turn these emails on or off in your **Profile**.

## Closed conversations
Our staff may close a conversation when a job is finished. You can still read it; to write again, ask us to reopen it.`,
  },
  {
    slug: 'account-and-security',
    title: 'Your account and security',
    category: 'Account and security',
    summary: 'Passwords, signing in, sessions, resetting a password and managing your company\u2019s users.',
    body: `## Passwords
A password has at least 10 characters, is not a commonly used password and does not contain your email name. Change it in your **Profile**: every other signed-in browser is signed out.

## Forgot your password
On the sign-in page choose **Forgot your password?** and enter your email. If an account exists you receive a link, valid for one hour and usable once.

## Too many attempts
After 5 failed sign-ins the account waits 15 minutes before the next try. Reset the password if you are unsure of it.

## Sessions
You stay signed in on a browser for up to 30 days, or 7 days without using it.

## Company admins
A company admin invites users to the company from **Users**: they receive a link to set their own password. Company admins can deactivate a user of their company, and edit the company's details and requirements.`,
  },
  {
    slug: 'job-statuses',
    title: 'What each job status means',
    category: 'Getting started',
    summary: 'From Draft to Approved: who is working on the job at each step.',
    body: `The status on a job says where it is and who has the next move.

| Status | What it means | Who acts |
|---|---|---|
| Draft | Saved but not submitted | You |
| Pending Pre-Check | Submitted; we check nothing is missing | Our team |
| Pending Design | The designer is drawing the plan set | Our team |
| Pending QC, Pending Electrical Check | Quality and electrical checks | Our team |
| Pending PE, Pending EE | Structural or electrical engineer review and stamp | Our team |
| Pending Reinforcements | A structural reinforcement is being designed | Our team |
| Pending Wet Stamp | Physical stamping and shipping | Our team |
| Pending Client | We asked you a question | You |
| Design Completed, Finalized | The deliverables are done | Our team |
| Pending Approval | Ready for your review | You |
| Waiting on AHJ | Submitted to the permitting authority | The AHJ |
| Pending Design Revision | A revision is being made | Our team |
| Approved | You approved the deliverables | Nobody |
| Cancelled | The job was cancelled | Nobody |

The jobs list can be filtered by status, and the jobs that wait on you are marked as needing your action.`,
  },
];

export const SEED_POSTS: SeedPost[] = [
  {
    slug: 'welcome-to-sunstamp',
    title: 'Welcome to Sunstamp',
    summary: 'Ordering permit design and engineering in one place: jobs, requirements, messaging and revisions.',
    daysAgo: 14,
    body: `Sunstamp is where our clients order solar permit design and engineering from us, and follow every job to the stamped set.

## What you can do today
- **Order a job** in seven steps, with the site found on a map and the equipment picked from our catalogue.
- **Set your company's requirements once** and see, on each job, which requirement applies and where it came from.
- **Talk to the team on the job**, with files, instead of in long email threads.
- **Review and approve** deliverables, or ask for a revision with a reason, and see every revision in one table.
- **See your numbers** on the analytics page: jobs, turnaround and revisions.

Questions? The [help centre](/help) explains each step, and the [contact page](/contact-us) reaches us.`,
  },
  {
    slug: 'fewer-permit-rejections',
    title: 'Three habits that avoid permit rejections',
    summary: 'Most rejections we see come from three gaps in the order. Here is how to close them.',
    daysAgo: 5,
    body: `Most rejected permit sets we revise trace back to what was known when the job was ordered.

## 1. Name the AHJ and the utility
Requirements differ by authority and utility: disconnect rules, placards, meter locations. Choosing both on the job lets the right requirements apply from the first draft.

## 2. Send the panel photos
The main service panel's label and breaker ratings decide the interconnection. A clear photo of the label and the dead front saves a round of questions.

## 3. Keep your company requirements current
If your crews always place the production meter in the same spot, or your title block needs a licence note, set it once in **Requirements**. Every new job follows it.

When a rejection still happens, request a revision with the reason **AHJ Rejection** or **Utility Rejection** and attach the letter: it tells the designer exactly what to change.`,
  },
];

const DAY = 24 * 3600 * 1000;

/** Writes the seed articles into an empty help centre and the seed posts into an empty blog. */
export async function seedContent(database: Database, now = new Date()) {
  const db = database.db;
  const anyOf = async (kind: 'post' | 'help') =>
    (await db.select({ id: contentItems.id }).from(contentItems).where(eq(contentItems.kind, kind)).limit(1)).length > 0;
  const rows: (typeof contentItems.$inferInsert)[] = [];
  if (!(await anyOf('help'))) {
    // A day back, so a clock a moment behind this one (another process, a test's clock) sees them published.
    const at = new Date(now.getTime() - DAY);
    for (const a of SEED_HELP_ARTICLES) {
      rows.push({
        kind: 'help', slug: a.slug, title: a.title, summary: a.summary, category: a.category,
        bodyMd: a.body, bodyHtml: await renderMarkdown(a.body), status: 'published', publishedAt: at, createdAt: at, updatedAt: at,
      });
    }
  }
  if (!(await anyOf('post'))) {
    for (const p of SEED_POSTS) {
      const at = new Date(now.getTime() - p.daysAgo * DAY);
      rows.push({
        kind: 'post', slug: p.slug, title: p.title, summary: p.summary,
        bodyMd: p.body, bodyHtml: await renderMarkdown(p.body), status: 'published', publishedAt: at, createdAt: at, updatedAt: at,
      });
    }
  }
  if (rows.length) await db.insert(contentItems).values(rows).onConflictDoNothing();
}
