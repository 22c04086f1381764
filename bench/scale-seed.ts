// The firms of `npm run bench:scale`, written with SQL (INSERT … SELECT over generate_series) into
// the real schema: a large firm and a small one in one database. Every id is derived from the
// firm's prefix and a row number (md5(…)::uuid), so rows reference each other by arithmetic, not
// by joins, and the "random" choices (statuses, counts) are hashes of the row number: the same
// database on every run.

import { rankKeySql } from '../server/modules/requests/order-keys'

export interface FirmSpec {
  /** Short tag in every id and e-mail address: 'large', 'small'. */
  prefix: string
  name: string
  clients: number
  projectsPerClient: number
  auditsPerProject: number
  requestsPerAudit: number
  admins: number
  staff: number
  clientUsersPerClient: number
  events: number
  openInvitations: number
  /** Handed-in files with their text read (search's documents: FILE_TEXT below). */
  files: number
}

export const LARGE_FIRM: FirmSpec = {
  prefix: 'large',
  name: 'Large Firm LLP',
  clients: 1_000,
  projectsPerClient: 5,
  auditsPerProject: 2,
  requestsPerAudit: 25,
  admins: 3,
  staff: 60,
  clientUsersPerClient: 2,
  events: 1_000_000,
  openInvitations: 20,
  files: 10_000,
}

export const SMALL_FIRM: FirmSpec = {
  prefix: 'small',
  name: 'Small Firm',
  clients: 10,
  projectsPerClient: 1,
  auditsPerProject: 2,
  requestsPerAudit: 25,
  admins: 1,
  staff: 3,
  clientUsersPerClient: 2,
  events: 2_000,
  openInvitations: 2,
  files: 100,
}

/** The large firm at a fraction of its size (for the embedded database if the full one is too slow). */
export function scaled(spec: FirmSpec, factor: number): FirmSpec {
  if (factor === 1) return spec
  return {
    ...spec,
    clients: Math.max(10, Math.round(spec.clients * factor)),
    events: Math.max(1000, Math.round(spec.events * factor)),
    files: Math.max(100, Math.round(spec.files * factor)),
  }
}

export const totals = (spec: FirmSpec) => {
  const projects = spec.clients * spec.projectsPerClient
  const audits = projects * spec.auditsPerProject
  return { projects, audits, requests: audits * spec.requestsPerAudit }
}

/** Requests of each firm's largest audit: the cap of an audit (MAX_REQUESTS_PER_AUDIT). */
export const BIG_AUDIT_REQUESTS = 2_000

/** The one password of every seeded user. */
export const SEED_PASSWORD = 'bench-scale-password-1'

const emailOf = (prefix: string, who: string) => `${who}@${prefix}.bench.test`
export const adminEmail = (spec: FirmSpec) => emailOf(spec.prefix, 'admin1')
/** The first user of client number `client` (1-based). */
export const clientUserEmail = (spec: FirmSpec, client: number) =>
  emailOf(spec.prefix, `client${client}-user0`)

/** A version 4 uuid from text (the API checks ids' format): bench_uuid below. */
const uuid = (prefix: string, kind: string, ...parts: string[]) =>
  `bench_uuid('${prefix}-${kind}-' || ${parts.join(` || '-' || `)})`

/** Before the firms' statements; DROP_UUID_FUNCTION after them. */
export const CREATE_UUID_FUNCTION = `create or replace function bench_uuid(t text) returns uuid
  language sql immutable as $$
    select (substr(md5(t), 1, 12) || '4' || substr(md5(t), 14, 3) || '8' || substr(md5(t), 18, 15))::uuid
  $$`
export const DROP_UUID_FUNCTION = 'drop function bench_uuid(text)'
/** A pseudo-random byte (0–255) of a row: byte `n` of md5(seed). */
const byte = (seed: string, n = 0) => `get_byte(decode(md5(${seed}), 'hex'), ${n})`

const WORDS = [
  'north',
  'harbor',
  'cedar',
  'summit',
  'atlas',
  'beacon',
  'copper',
  'delta',
  'ember',
  'falcon',
  'granite',
  'horizon',
  'iris',
  'juniper',
  'keystone',
  'linden',
  'meridian',
  'nova',
  'orchard',
  'pioneer',
  'quarry',
  'riverside',
  'sterling',
  'timber',
  'union',
  'vertex',
  'willow',
  'yardley',
  'zenith',
  'alder',
  'bramble',
  'crescent',
  'dover',
  'evergreen',
  'fairview',
  'glacier',
]
const SUFFIXES = ['Ltd', 'GmbH', 'LLC', 'Holdings', 'Partners', 'Group', 'Foods', 'Logistics']

/** A word of the client's name that some clients' names contain (the `q` search). */
export const SEARCH_WORD = 'harbor'

const sqlArray = (values: string[]) => `array[${values.map((v) => `'${v}'`).join(', ')}]`

/**
 * The text of the seeded files, as the background job would have read it out of them (search's
 * documents): 300 to 2,000 words each, drawn from a vocabulary of 6,000 words whose frequencies
 * fall off as in natural language (a Zipf–Mandelbrot law: the word of rank k is used in proportion
 * to (k + 2.7)^-1.25, so that the commonest makes 7% of the words and the vocabulary's last ones
 * are in fewer than 1% of the files). The commonest are English stop words (which the index
 * drops, as in a real document) and an accountant's words; the rest made-up words of three
 * syllables ("kabelo"), but for FILE_WORDS, which stand at the ranks that put them in the share of
 * files they are named for. One token in about twelve is an amount ("48213.07"), nearly each its
 * own word in the index, as a statement's figures are.
 */
const FILE_TEXT = {
  vocabulary: 6_000,
  exponent: 1.25,
  shift: 2.7,
  minWords: 300,
  maxWords: 2_000,
  /** Tokens that are an amount: this many in 256. */
  amountsIn256: 21,
} as const

const STOP_WORDS = (
  'the of and to in for on is by with as at from this be are or an was it that which not ' +
  'has all'
).split(' ')
const ACCOUNTING_WORDS = (
  'account balance amount total date payment bank period statement invoice number credit ' +
  'debit transfer tax fee interest opening closing transaction reference description page ' +
  'customer vendor ledger journal entry cash deposit withdrawal charge rate year month ' +
  'quarter report schedule asset liability equity revenue expense cost income net gross due ' +
  'paid received current prior adjustment accrual depreciation inventory receivable payable ' +
  'loan principal note agreement contract lease term policy signed approved director board ' +
  'company limited group subsidiary control summary detail value unit quantity price ' +
  'discount currency exchange foreign branch office address telephone purchase order ' +
  'supplier delivery goods services salary wages pension insurance premium dividend share ' +
  'capital reserve provision allowance budget forecast variance authorised'
).split(' ')
/** The vocabulary's commonest words, by rank from 1. */
const HEAD_WORDS = [...STOP_WORDS, ...ACCOUNTING_WORDS]

/**
 * Words of the files' text that search looks for, each in the share of files it is named for
 * (at the rank of the vocabulary that gives it that share), and one (`distinctive`) in one file
 * in 2,000 only (five of the large firm's 10,000).
 */
export const FILE_WORDS = {
  /** In about 20% of the files. */
  common: 'remittance',
  /** About 5%. */
  several: 'reconciliation',
  /** About 3% ("bank" is in nearly all: the comments' "bank confirmation" finds 3% of the files). */
  some: 'confirmation',
  /** About 1%. */
  rare: 'escrow',
  distinctive: 'kittiwake',
} as const
const RANKED_FILE_WORDS: ReadonlyArray<readonly [string, number]> = [
  [FILE_WORDS.common, 418],
  [FILE_WORDS.several, 1_380],
  [FILE_WORDS.some, 2_098],
  [FILE_WORDS.rare, 5_106],
]
const DISTINCTIVE_EVERY = 2_000

const CONSONANTS = 'bdfgklmnprstvz'
const VOWELS = 'aeiou'
/** A made-up word of three syllables for a rank: one of 70³, none the same for two ranks. */
function madeUpWordSql(rank: string) {
  const syllables = CONSONANTS.length * VOWELS.length
  const m = `((${rank})::bigint * 2654435761 % ${syllables ** 3})`
  const syllable = (digit: string) =>
    `substr('${CONSONANTS}', (${digit}) / ${VOWELS.length} + 1, 1) || substr('${VOWELS}', (${digit}) % ${VOWELS.length} + 1, 1)`
  return [0, 1, 2]
    .map((place) => syllable(`(${m} / ${syllables ** place} % ${syllables})::int`))
    .join(' || ')
}

/** The word of a rank of the vocabulary (`rank`: an SQL integer from 1 to its size). */
function vocabularySql(rank: string) {
  return `case ${RANKED_FILE_WORDS.map(([word, at]) => `when ${rank} = ${at} then '${word}'`).join(' ')}
               when ${rank} <= ${HEAD_WORDS.length} then (${sqlArray(HEAD_WORDS)})[${rank}]
               else ${madeUpWordSql(rank)} end`
}

/**
 * The SQL text of file number `n` (an SQL bigint expression): its tokens drawn by hashing the
 * file's number and the token's place, the rank by the inverse of the law's distribution.
 */
function fileTextSql(prefix: string, n: string) {
  const { vocabulary: V, exponent: s, shift: q, minWords, maxWords } = FILE_TEXT
  const a = (1 + q) ** (1 - s)
  const b = (V + 1 + q) ** (1 - s)
  const seed = `'${prefix}-fw-' || ${n}`
  const words = `${minWords} + (${byte(seed)} * 256 + ${byte(seed, 1)}) % ${maxWords - minWords + 1}`
  const amount = `((h >> 44) & 1048575)`
  const rank = `least(${V}, floor(power(${a} - (h & 4294967295)::float8 / 4294967296 * ${a - b}, ${1 / (1 - s)}) - ${q}))::int`
  return `(select string_agg(case when ((h >> 40) & 255) < ${FILE_TEXT.amountsIn256}
                                  then (${amount} / 100) || '.' || lpad((${amount} % 100)::text, 2, '0')
                                  else ${vocabularySql('k')} end, ' ' order by i)
           from generate_series(1, ${words}) i
           cross join lateral (select hashint8extended((${n}) * 4096 + i, 0) as h) hh
           cross join lateral (select ${rank} as k) kk)
         || case when (${n}) % ${DISTINCTIVE_EVERY} = 1 then ' ${FILE_WORDS.distinctive}' else '' end`
}

const FILE_KINDS = (
  'bank-statement invoice general-ledger payroll-summary fixed-asset-register board-minutes ' +
  'lease-agreement trial-balance tax-return loan-agreement aged-receivables stock-count ' +
  'insurance-policy sales-contract'
).split(' ')

/** The statements that seed one firm, in order; `now` is the seed's clock. */
export function firmStatements(spec: FirmSpec, hash: string): string[] {
  const p = spec.prefix
  const { projects: P, audits: A, requests: R } = totals(spec)
  const C = spec.clients
  const org = uuid(p, 'org', `'1'`)
  const bigAudit = uuid(p, 'audit', "'big'")
  const days = 1095 // three years of history
  const clientOfProject = (j: string) => `((${j} - 1) % ${C}) + 1`
  const projectOfAudit = (k: string) => `((${k} - 1) % ${P}) + 1`
  const auditOfRequest = (r: string) => `((${r} - 1) % ${A}) + 1`
  const clientUser = (c: string, n: string) => uuid(p, 'client-user', c, n)
  const staff = (n: string) => uuid(p, 'staff', n)
  /** People and their one membership each in this firm (a person keeps the membership's id). */
  const accounts = (a: {
    id: string
    email: string
    firstName: string
    lastName: string
    role: 'admin' | 'staff' | 'client'
    clientId?: string
    createdAt: string
    from: string
  }) => [
    `insert into people (id, email, password_hash, first_name, last_name, email_verified_at, created_at)
     select ${a.id}, ${a.email}, '${hash}', ${a.firstName}, ${a.lastName}, now(), ${a.createdAt}
     from ${a.from}`,
    `insert into users (id, person_id, organization_id, role, client_id, created_at)
     select ${a.id}, ${a.id}, ${org}, '${a.role}', ${a.clientId ?? 'null'}, ${a.createdAt}
     from ${a.from}`,
  ]
  const projectCreated = (j: string) =>
    `now() - ((${P} - ${j}) * ${days}.0 / ${P}) * interval '1 day'`
  const auditCreated = (k: string) =>
    `${projectCreated(projectOfAudit(k))} + ((${k} - 1) / ${P}) * interval '3 days'`
  /** 0–999 for a version `v.n` of request `q`. */
  const answerHash = `(${byte("q.id::text || '-' || v.n")} * 256 + ${byte("q.id::text || '-' || v.n", 1)}) % 1000`
  return [
    `insert into organizations (id, name, size, industry, phone)
     values (${org}, '${spec.name}', '51-200 employees', 'Financial Services', '+1 555 0100')`,
    // Users: admins, staff, and client users (below, once the clients exist).
    ...accounts({
      id: uuid(p, 'admin', 'i::text'),
      email: `'admin' || i || '@${p}.bench.test'`,
      firstName: `'Admin'`,
      lastName: `'Number ' || i`,
      role: 'admin',
      createdAt: `now() - interval '3 years'`,
      from: `generate_series(1, ${spec.admins}) i`,
    }),
    ...accounts({
      id: staff('i::text'),
      email: `'staff' || i || '@${p}.bench.test'`,
      firstName: `initcap((${sqlArray(WORDS)})[1 + i % ${WORDS.length}])`,
      lastName: `'Staff ' || i`,
      role: 'staff',
      createdAt: `now() - (i % 700) * interval '1 day'`,
      from: `generate_series(1, ${spec.staff}) i`,
    }),
    `insert into clients (id, organization_id, name, email, phone, address, created_at, updated_at)
     select ${uuid(p, 'client', 'i::text')}, ${org},
            initcap((${sqlArray(WORDS)})[1 + ${byte("'" + p + "-cn-' || i")} % ${WORDS.length}]) || ' ' ||
            initcap((${sqlArray(WORDS)})[1 + ${byte("'" + p + "-cn-' || i", 1)} % ${WORDS.length}]) || ' ' ||
            (${sqlArray(SUFFIXES)})[1 + i % ${SUFFIXES.length}] || ' ' || i,
            'office' || i || '@client.example', '+1 555 ' || lpad(i::text, 4, '0'), i || ' Main Street',
            now() - ((${C} - i) * ${days}.0 / ${C}) * interval '1 day', now()
     from generate_series(1, ${C}) i`,
    ...accounts({
      id: clientUser('c::text', 'n::text'),
      email: `'client' || c || '-user' || n || '@${p}.bench.test'`,
      firstName: `'Client'`,
      lastName: `'User ' || c || '-' || n`,
      role: 'client',
      clientId: uuid(p, 'client', 'c::text'),
      createdAt: `now() - interval '1 year'`,
      from: `generate_series(1, ${C}) c, generate_series(0, ${spec.clientUsersPerClient - 1}) n`,
    }),
    `insert into invitations (organization_id, email, role, token_hash, invited_by_user_id, expires_at)
     select ${org}, 'invitee' || i || '@${p}.bench.test', 'staff', md5('${p}-invitation-' || i) || md5('x' || i),
            ${uuid(p, 'admin', "'1'")}, now() + interval '7 days'
     from generate_series(1, ${spec.openInvitations}) i`,
    `insert into projects (id, organization_id, client_id, name, description, status, created_at, updated_at)
     select ${uuid(p, 'project', 'j::text')}, ${org}, ${uuid(p, 'client', `(${clientOfProject('j')})::text`)},
            'Engagement ' || (2020 + j % 6) || ' #' || j, 'Year-end audit and review work',
            case when ${byte("'" + p + "-ps-' || j")} % 10 < 6 then 'active'
                 when ${byte("'" + p + "-ps-' || j")} % 10 < 9 then 'completed' else 'on_hold' end,
            ${projectCreated('j')}, now()
     from generate_series(1, ${P}) j`,
    `insert into audits (id, organization_id, project_id, name, description, status, due_date, last_request_number, created_at, updated_at)
     select ${uuid(p, 'audit', 'k::text')}, ${org}, ${uuid(p, 'project', `(${projectOfAudit('k')})::text`)},
            'Audit FY' || (2020 + k % 6) || ' #' || k, null,
            case when ${byte("'" + p + "-as-' || k")} % 10 < 4 then 'in_progress'
                 when ${byte("'" + p + "-as-' || k")} % 10 < 6 then 'in_review' else 'completed' end,
            (${auditCreated('k')})::date + 90, ${spec.requestsPerAudit}, ${auditCreated('k')}, now()
     from generate_series(1, ${A}) k`,
    `insert into audit_members (audit_id, user_id, organization_id, lead)
     select ${uuid(p, 'audit', 'k::text')}, ${staff(`(((k - 1) % ${spec.staff}) + 1)::text`)}, ${org}, true
     from generate_series(1, ${A}) k`,
    ...(spec.staff > 1
      ? [
          `insert into audit_members (audit_id, user_id, organization_id, lead)
           select ${uuid(p, 'audit', 'k::text')}, ${staff(`((k % ${spec.staff}) + 1)::text`)}, ${org}, false
           from generate_series(1, ${A}) k`,
        ]
      : []),
    // Requests: statuses by a hash of the row (10% drafts, 25% sent, 15% submitted, 5% returned,
    // 40% accepted, 5% not applicable), their dates after their audit's start, 70% assigned.
    `insert into audit_requests (id, organization_id, audit_id, number, position, title, description, document_required,
            response_required, status, assignee_user_id, due_date, sent_at, submitted_at, accepted_at,
            not_applicable_reason, created_at, updated_at)
     select ${uuid(p, 'request', 'r::text')}, ${org}, ${uuid(p, 'audit', `(${auditOfRequest('r')})::text`)},
            (r - 1) / ${A} + 1, ${rankKeySql(`(r - 1) / ${A}`)},
            'Provide document ' || ((r - 1) / ${A} + 1) || ' of the year-end file',
            'Please upload the signed statement and answer the questions.', r % 3 = 0, r % 2 = 0,
            s.status,
            case when ${byte("'" + p + "-ra-' || r")} % 10 < 7
                 then ${clientUser(`(((${projectOfAudit(auditOfRequest('r'))}) - 1) % ${C} + 1)::text`, `(r % ${spec.clientUsersPerClient})::text`)} end,
            (a.created + (14 + (r - 1) / ${A}) * interval '1 day')::date,
            case when s.status <> 'draft' then a.created + interval '1 day' end,
            case when s.status in ('submitted', 'returned', 'accepted') then a.created + interval '5 days' end,
            case when s.status = 'accepted' then a.created + interval '8 days' end,
            case when s.status = 'not_applicable' then 'Not relevant this year' end,
            a.created, a.created + interval '8 days'
     from generate_series(1, ${R}) r
     cross join lateral (select ${auditCreated(auditOfRequest('r'))} as created) a
     cross join lateral (select case
            when ${byte("'" + p + "-rs-' || r")} % 20 < 2 then 'draft'
            when ${byte("'" + p + "-rs-' || r")} % 20 < 7 then 'sent'
            when ${byte("'" + p + "-rs-' || r")} % 20 < 10 then 'submitted'
            when ${byte("'" + p + "-rs-' || r")} % 20 < 11 then 'returned'
            when ${byte("'" + p + "-rs-' || r")} % 20 < 19 then 'accepted'
            else 'not_applicable' end as status) s`,
    // One audit at the cap (BIG_AUDIT_REQUESTS), in the first project: the request table's worst case.
    `insert into audits (id, organization_id, project_id, name, description, status, due_date, last_request_number, created_at, updated_at)
     values (${bigAudit}, ${org}, ${uuid(p, 'project', "'1'")}, 'Group audit (${BIG_AUDIT_REQUESTS} requests)', null,
             'in_progress', (now() + interval '60 days')::date, ${BIG_AUDIT_REQUESTS}, now() - interval '90 days', now())`,
    `insert into audit_members (audit_id, user_id, organization_id, lead)
     values (${bigAudit}, ${staff("'1'")}, ${org}, true)`,
    `insert into audit_requests (id, organization_id, audit_id, number, position, title, description, document_required,
            response_required, status, assignee_user_id, due_date, sent_at, submitted_at, accepted_at,
            not_applicable_reason, created_at, updated_at)
     select ${uuid(p, 'big-request', 'r::text')}, ${org}, ${bigAudit}, r, ${rankKeySql('r - 1')},
            'Provide document ' || r || ' of the group file',
            'Please upload the signed statement and answer the questions.', r % 3 = 0, r % 2 = 0,
            s.status,
            case when ${byte("'" + p + "-ba-' || r")} % 10 < 8
                 then ${clientUser("'1'", `(r % ${spec.clientUsersPerClient})::text`)} end,
            (now() - interval '60 days' + (r % 120) * interval '1 day')::date,
            case when s.status <> 'draft' then now() - interval '80 days' end,
            case when s.status in ('submitted', 'returned', 'accepted') then now() - interval '70 days' + (r % 60) * interval '1 day' end,
            case when s.status = 'accepted' then now() - interval '5 days' end,
            case when s.status = 'not_applicable' then 'Not relevant this year' end,
            now() - interval '90 days', now() - (r % 90) * interval '1 day'
     from generate_series(1, ${BIG_AUDIT_REQUESTS}) r
     cross join lateral (select case
            when ${byte("'" + p + "-bs-' || r")} % 20 < 2 then 'draft'
            when ${byte("'" + p + "-bs-' || r")} % 20 < 9 then 'sent'
            when ${byte("'" + p + "-bs-' || r")} % 20 < 13 then 'submitted'
            when ${byte("'" + p + "-bs-' || r")} % 20 < 14 then 'returned'
            when ${byte("'" + p + "-bs-' || r")} % 20 < 19 then 'accepted'
            else 'not_applicable' end as status) s`,
    // 1–3 versions on every answered request; all returned on a returned one, the last one not
    // returned otherwise. Two answers in 100 mention a remittance advice, two in 1,000 an escrow
    // agreement (words of the files' text too: search finds requests by their answers).
    `insert into request_versions (request_id, number, response, submitted_by_user_id, submitted_by_name,
            submitted_at, returned_reason, returned_by_user_id, returned_by_name, returned_at, created_at, updated_at)
     select q.id, v.n,
            case when ${answerHash} < 20 then 'Attached, see the file; the ${FILE_WORDS.common} advice is on its last page.'
                 when ${answerHash} < 22 then 'Attached: the ${FILE_WORDS.rare} agreement, signed by both parties.'
                 else 'Attached, see the file.' end,
            q.assignee_user_id, 'Client User',
            q.submitted_at - (v.k - v.n) * interval '1 day',
            case when v.n < v.k or q.status = 'returned' then 'Please add the signature page' end,
            case when v.n < v.k or q.status = 'returned' then ${staff("'1'")} end,
            case when v.n < v.k or q.status = 'returned' then 'Staff 1' end,
            case when v.n < v.k or q.status = 'returned' then q.submitted_at - (v.k - v.n) * interval '1 day' + interval '1 hour' end,
            q.submitted_at - (v.k - v.n) * interval '1 day', q.submitted_at
     from audit_requests q
     cross join lateral (select 1 + ${byte('q.id::text')} % 3 as k) kk
     cross join lateral (select n, kk.k from generate_series(1, kk.k) n) v
     where q.organization_id = ${org} and q.status in ('submitted', 'returned', 'accepted')`,
    // Comments on about 30% of the sent requests: 1–3 each, one in four an internal note.
    `insert into request_comments (organization_id, request_id, author_user_id, author_name, body, internal, created_at, updated_at)
     select ${org}, q.id, ${staff("'1'")}, 'Staff 1', 'Could you also send the bank confirmation?',
            n = 3, q.sent_at + n * interval '1 hour', q.sent_at + n * interval '1 hour'
     from audit_requests q
     cross join lateral generate_series(1, 1 + ${byte('q.id::text', 2)} % 3) n
     where q.organization_id = ${org} and q.sent_at is not null and ${byte('q.id::text', 3)} % 10 < 3`,
    // Files with their text read (FILE_TEXT), one each on spec.files answered requests (submitted
    // or accepted) of the ordinary audits, chosen by a hash: handed in with the last version,
    // an hour before it was submitted. No bytes are stored: the bench never downloads them.
    `insert into request_files (id, organization_id, request_id, version_id, storage_key, file_name, content_type,
            size_bytes, sha256, uploaded_by_user_id, uploaded_by_name, text_status, extracted_text, created_at, updated_at)
     select ${uuid(p, 'file', 'f.n::text')}, ${org}, f.id,
            (select v.id from request_versions v where v.request_id = f.id order by v.number desc limit 1),
            '${p}-file-' || f.n || '-' || md5('${p}-file-' || f.n),
            (${sqlArray(FILE_KINDS)})[1 + ${byte(`'${p}-fk-' || f.n`)} % ${FILE_KINDS.length}] || '-' || (2020 + f.n % 6)
              || '-' || lpad(f.n::text, 5, '0') || '.pdf',
            'application/pdf', 20000 + length(t.text) * 24, md5('${p}-sha-a-' || f.n) || md5('${p}-sha-b-' || f.n),
            f.assignee_user_id, 'Client User', 'done', t.text,
            f.submitted_at - interval '1 hour', f.submitted_at - interval '1 hour'
     from (select q.id, q.assignee_user_id, q.submitted_at, row_number() over (order by md5(q.id::text)) as n
           from audit_requests q
           where q.organization_id = ${org} and q.status in ('submitted', 'accepted') and q.audit_id <> ${bigAudit}
           order by md5(q.id::text) limit ${spec.files}) f
     cross join lateral (select ${fileTextSql(p, 'f.n')} as text) t`,
    // The trail: events about requests, the newest now, spread over three years.
    `insert into activity_events (organization_id, actor_user_id, actor_name, action, target, request_id, created_at, updated_at)
     select ${org}, ${staff(`(((e - 1) % ${spec.staff}) + 1)::text`)}, 'Staff ' || (((e - 1) % ${spec.staff}) + 1),
            (array['request.sent', 'request.submitted', 'request.accepted', 'request.returned',
                   'request.files_added', 'request.not_applicable', 'audit.team_changed'])[1 + e % 7],
            'Provide document ' || (e % 25 + 1), ${uuid(p, 'request', `(((e - 1) % ${R}) + 1)::text`)},
            now() - ((${spec.events} - e) * ${days}.0 / ${spec.events}) * interval '1 day',
            now() - ((${spec.events} - e) * ${days}.0 / ${spec.events}) * interval '1 day'
     from generate_series(1, ${spec.events}) e`,
  ]
}

/** The audit in the middle of the firm (the one the audit and request screens open) and its client. */
export function middleAudit(spec: FirmSpec) {
  const { projects, audits } = totals(spec)
  const audit = Math.ceil(audits / 2)
  const project = ((audit - 1) % projects) + 1
  return { audit, client: ((project - 1) % spec.clients) + 1 }
}

/** What the bench reads of a seeded firm: the records each screen opens. */
export function pickStatements(spec: FirmSpec) {
  const p = spec.prefix
  const org = uuid(p, 'org', `'1'`)
  const { audit } = middleAudit(spec)
  return {
    org: `select ${org}::text as id`,
    /** An audit in the middle; its project and client; a request of it with versions and comments. */
    bigAudit: `select ${uuid(p, 'audit', "'big'")}::text as id`,
    audit: `select a.id::text as "auditId", a.project_id::text as "projectId", p.client_id::text as "clientId"
            from audits a join projects p on p.id = a.project_id where a.id = ${uuid(p, 'audit', `'${audit}'`)}`,
    request: `select q.id::text as id from audit_requests q
              where q.audit_id = ${uuid(p, 'audit', `'${audit}'`)} and q.status = 'accepted'
                and exists (select 1 from request_comments c where c.request_id = q.id)
              order by q.position limit 1`,
    /** The keys of the middle client by name and of the middle event, for a cursor deep in the list. */
    middleClient: `select array[lower(name), id::text] as keys from clients where organization_id = ${org}
                   order by lower(name), id offset ${Math.floor(spec.clients / 2)} limit 1`,
    middleEvent: `select array[to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), id::text] as keys
                  from activity_events where organization_id = ${org}
                  order by created_at desc, id desc offset ${Math.floor(spec.events / 2)} limit 1`,
  }
}
