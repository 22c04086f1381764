/** One item of a starter list: what the client is asked for. */
export interface LibraryItem {
  /** A section of the list, e.g. "3 Cash and bank"; items of a section are consecutive. */
  section: string
  /** Its reference within the list, e.g. "3.1"; unique within the list. */
  reference: string
  /** What is asked, as a short imperative title (at most 200 characters). */
  title: string
  /** What exactly to provide and how (1 to 3 sentences, at most 600 characters). */
  description: string
  /** The client must upload a document. */
  requiresDocument: boolean
  /** The client must answer in writing. */
  requiresResponse: boolean
  /** Due this many days before the audit's due date (0 to 365), or null. */
  dueDaysBefore: number | null
}

/** A starter list a firm copies into its own templates. */
export interface LibraryList {
  /** Stable key in kebab-case, e.g. "year-end-financial-statements". */
  key: string
  /** The template's name once copied (at most 200 characters). */
  name: string
  /** One or two sentences: what engagement it serves (at most 500 characters). */
  description: string
  items: LibraryItem[]
}

export const LIBRARY: LibraryList[] = [
  {
    key: 'year-end-financial-statements',
    name: 'Year-end financial statement audit: PBC list',
    description:
      'Documents and written answers we need from management to audit the annual financial statements as of the period end. Covers planning, balance sheet and income statement areas, taxes, legal matters and completion.',
    items: [
      {
        section: '1 General and planning',
        reference: '1.1',
        title: 'Trial balance as of the period end',
        description:
          'Provide the pre-audit trial balance as of the period end in Excel, showing account number, account name, prior-year closing balance and current-year balance. It must agree to the draft financial statements; if you post further entries, send an updated version with the changes listed.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 30,
      },
      {
        section: '1 General and planning',
        reference: '1.2',
        title: 'General ledger detail for the audit period',
        description:
          'Export the full general ledger detail for the audit period in Excel or CSV, including posting date, entry number, account, description, amount, source and the user who posted each entry. Totals by account should agree to the trial balance.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 30,
      },
      {
        section: '1 General and planning',
        reference: '1.3',
        title: 'Draft financial statements with notes',
        description:
          'Provide the draft financial statements and notes in Word or Excel, together with a mapping of trial balance accounts to financial statement line items. Mark any amounts or disclosures that are still provisional.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 20,
      },
      {
        section: '1 General and planning',
        reference: '1.4',
        title: 'Organization chart and key finance personnel',
        description:
          'Provide the current organization chart covering management and the finance function. Note any changes in key personnel or responsibilities during the audit period.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 50,
      },
      {
        section: '1 General and planning',
        reference: '1.5',
        title: 'Describe significant changes in the business during the audit period',
        description:
          'Describe in writing any significant changes during the audit period, such as new products or locations, acquisitions or disposals, restructuring, new financing, changes in accounting systems or changes in accounting policies.',
        requiresDocument: false,
        requiresResponse: true,
        dueDaysBefore: 50,
      },
      {
        section: '1 General and planning',
        reference: '1.6',
        title: 'Summary of significant accounting policies and estimates',
        description:
          'Provide a summary of significant accounting policies and key estimates (for example credit loss allowances, inventory reserves, useful lives, provisions), identifying any change from the prior year and the reason for it. Include any new accounting standards adopted in the audit period and their effect.',
        requiresDocument: true,
        requiresResponse: true,
        dueDaysBefore: 40,
      },
      {
        section: '1 General and planning',
        reference: '1.7',
        title: 'Status of prior-year audit adjustments and recommendations',
        description:
          'Confirm that all prior-year audit adjustments were recorded, and describe the actions taken on each recommendation in our prior-year management letter.',
        requiresDocument: false,
        requiresResponse: true,
        dueDaysBefore: 45,
      },
      {
        section: '2 Cash and bank',
        reference: '2.1',
        title: 'Listing of all bank and investment accounts as of the period end',
        description:
          'Provide a listing in Excel of all bank, deposit and investment accounts, including accounts opened or closed during the audit period. Show bank name, last four digits of the account number, currency, balance per bank, balance per books and authorized signatories.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 55,
      },
      {
        section: '2 Cash and bank',
        reference: '2.2',
        title: 'Authorization for bank confirmations',
        description:
          'Sign the bank confirmation authorization letters we will prepare for each bank, or authorize our requests through the electronic confirmation platform your banks use. Please tell us the name and email of the person who can approve requests on the platform.',
        requiresDocument: true,
        requiresResponse: true,
        dueDaysBefore: 50,
      },
      {
        section: '2 Cash and bank',
        reference: '2.3',
        title: 'Bank reconciliations as of the period end',
        description:
          'Provide the bank reconciliation for every account as of the period end, with the bank statement, the list of outstanding checks and deposits in transit, and evidence of preparer and reviewer sign-off with dates.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 25,
      },
      {
        section: '2 Cash and bank',
        reference: '2.4',
        title: 'Bank statements for the month after the period end',
        description:
          'Provide bank statements for all accounts for the first month after the period end so that we can trace reconciling items to their clearance.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 15,
      },
      {
        section: '2 Cash and bank',
        reference: '2.5',
        title: 'Describe restricted cash and compensating balance arrangements',
        description:
          'Describe any cash that is restricted, pledged as collateral, held in escrow or subject to compensating balance arrangements as of the period end, and provide the supporting agreements.',
        requiresDocument: true,
        requiresResponse: true,
        dueDaysBefore: 30,
      },
      {
        section: '3 Revenue and receivables',
        reference: '3.1',
        title: 'Accounts receivable aging as of the period end',
        description:
          'Provide the aged accounts receivable listing by customer as of the period end in Excel, with aging buckets based on invoice date or due date (state which). The total must agree to the trial balance.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 30,
      },
      {
        section: '3 Revenue and receivables',
        reference: '3.2',
        title: 'Customer contact details for receivable confirmations',
        description:
          'For the customer balances we will select, provide in Excel the contact name, email address and mailing address of the person who can confirm the balance. We will send the confirmations directly.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 40,
      },
      {
        section: '3 Revenue and receivables',
        reference: '3.3',
        title: 'Allowance for credit losses calculation',
        description:
          'Provide the calculation of the allowance for credit losses as of the period end, including the methodology, historical loss rates, forward-looking adjustments and support for specific reserves. Explain any change in method from the prior year.',
        requiresDocument: true,
        requiresResponse: true,
        dueDaysBefore: 25,
      },
      {
        section: '3 Revenue and receivables',
        reference: '3.4',
        title: 'Cash received after the period end on period-end receivables',
        description:
          'For the customer balances we will select, provide evidence of cash received after the period end (remittance advice and bank statement) matched to the open invoices as of the period end.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 15,
      },
      {
        section: '3 Revenue and receivables',
        reference: '3.5',
        title: 'Significant customer contracts and revenue recognition analysis',
        description:
          'Provide copies of new or amended customer contracts in the audit period above the threshold we will communicate. For each, provide your analysis of performance obligations, transaction price, and timing of revenue recognition.',
        requiresDocument: true,
        requiresResponse: true,
        dueDaysBefore: 35,
      },
      {
        section: '3 Revenue and receivables',
        reference: '3.6',
        title: 'Revenue by stream and by month',
        description:
          'Provide revenue by stream or product line and by month for the audit period and the prior year in Excel. Explain significant fluctuations in margins or volumes.',
        requiresDocument: true,
        requiresResponse: true,
        dueDaysBefore: 25,
      },
      {
        section: '3 Revenue and receivables',
        reference: '3.7',
        title: 'Shipments and invoices around the period end for cutoff testing',
        description:
          'Provide in Excel a listing of shipments and invoices for the last ten business days before and the first ten business days after the period end. For a sample we will select, provide the shipping or delivery documents and the invoices.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 20,
      },
      {
        section: '3 Revenue and receivables',
        reference: '3.8',
        title: 'Deferred revenue and contract balances rollforward',
        description:
          'Provide a rollforward of deferred revenue, contract assets and contract liabilities for the audit period, with a listing of the main components of the closing balances as of the period end.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 25,
      },
      {
        section: '3 Revenue and receivables',
        reference: '3.9',
        title: 'Credit notes issued after the period end',
        description:
          'Provide a listing of credit notes and returns issued after the period end up to the date of your response, with the original invoice date and the reason for each credit.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: null,
      },
      {
        section: '4 Inventory',
        reference: '4.1',
        title: 'Inventory count instructions and schedule',
        description:
          'Provide the written instructions for the physical inventory count, with the locations, dates, times and count teams, so that we can plan our attendance. Tell us about any location where inventory is held by third parties.',
        requiresDocument: true,
        requiresResponse: true,
        dueDaysBefore: 60,
      },
      {
        section: '4 Inventory',
        reference: '4.2',
        title: 'Final priced inventory listing as of the period end',
        description:
          'Provide the final inventory listing as of the period end in Excel by location and item, with quantity, unit cost and extended value. Include inventory in transit, at third-party warehouses and on consignment, and agree the total to the trial balance.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 25,
      },
      {
        section: '4 Inventory',
        reference: '4.3',
        title: 'Count results and reconciliation to the perpetual records',
        description:
          'Provide the count sheets or tag control listing and the reconciliation of counted quantities to the perpetual records, with explanations for significant differences. If the count was not at the period end, provide the rollforward or rollback to the period end.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 20,
      },
      {
        section: '4 Inventory',
        reference: '4.4',
        title: 'Inventory costing and overhead allocation',
        description:
          'Describe the costing method (for example FIFO, weighted average or standard cost) and provide the calculation of overhead capitalized into inventory as of the period end. If you use standard costs, provide the variance analysis for the audit period.',
        requiresDocument: true,
        requiresResponse: true,
        dueDaysBefore: 25,
      },
      {
        section: '4 Inventory',
        reference: '4.5',
        title: 'Reserve for slow-moving, obsolete and damaged inventory',
        description:
          'Provide the calculation of the inventory reserve and the net realizable value assessment as of the period end, with the aging of inventory and recent selling prices used. Explain the basis for the reserve percentages.',
        requiresDocument: true,
        requiresResponse: true,
        dueDaysBefore: 25,
      },
      {
        section: '5 Property, plant and equipment and leases',
        reference: '5.1',
        title: 'Fixed asset register and rollforward as of the period end',
        description:
          'Provide the fixed asset register as of the period end in Excel and a rollforward by asset class showing opening cost, additions, disposals, transfers, depreciation and closing net book value, agreed to the trial balance.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 30,
      },
      {
        section: '5 Property, plant and equipment and leases',
        reference: '5.2',
        title: 'Fixed asset additions during the audit period',
        description:
          'Provide a listing of additions during the audit period, including transfers from construction in progress. For a sample we will select, provide invoices, contracts and evidence of approval.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 25,
      },
      {
        section: '5 Property, plant and equipment and leases',
        reference: '5.3',
        title: 'Fixed asset disposals and retirements',
        description:
          'Provide a listing of disposals and retirements during the audit period with the proceeds and the gain or loss calculation. For a sample we will select, provide the sale agreement or scrapping documentation.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 25,
      },
      {
        section: '5 Property, plant and equipment and leases',
        reference: '5.4',
        title: 'Confirm depreciation methods and useful lives',
        description:
          'Confirm the depreciation methods and useful lives used for each asset class, and describe any change made during the audit period with its effect.',
        requiresDocument: false,
        requiresResponse: true,
        dueDaysBefore: 35,
      },
      {
        section: '5 Property, plant and equipment and leases',
        reference: '5.5',
        title: 'Impairment assessment for long-lived assets and goodwill',
        description:
          "Provide management's written assessment of impairment indicators as of the period end. If an impairment test was performed, provide the model in Excel with the key assumptions and the forecasts they are based on.",
        requiresDocument: true,
        requiresResponse: true,
        dueDaysBefore: 25,
      },
      {
        section: '5 Property, plant and equipment and leases',
        reference: '5.6',
        title: 'Lease listing and lease accounting calculations',
        description:
          'Provide a listing of all leases with the right-of-use asset and lease liability calculations as of the period end, including the discount rates used. Provide copies of leases entered into, modified or terminated during the audit period.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 25,
      },
      {
        section: '6 Liabilities, debt and equity',
        reference: '6.1',
        title: 'Accounts payable aging as of the period end',
        description:
          'Provide the aged accounts payable listing by vendor as of the period end in Excel, agreed to the trial balance, together with the vendor statement reconciliations for your largest vendors.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 30,
      },
      {
        section: '6 Liabilities, debt and equity',
        reference: '6.2',
        title: 'Payments and invoices after the period end for unrecorded liabilities testing',
        description:
          'Provide in Excel a listing of all disbursements and unpaid invoices received after the period end up to the date of your response, above the threshold we will communicate. For a sample we will select, provide the invoices and receiving documents.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 15,
      },
      {
        section: '6 Liabilities, debt and equity',
        reference: '6.3',
        title: 'Accrued liabilities and provisions schedule',
        description:
          'Provide a schedule of accrued liabilities and provisions as of the period end (for example bonuses, professional fees, warranty and restructuring), with the calculation and support for each and the movement for the audit period.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 25,
      },
      {
        section: '6 Liabilities, debt and equity',
        reference: '6.4',
        title: 'Debt agreements and debt schedule',
        description:
          'Provide copies of loan agreements, credit facilities, amendments and waivers executed or in effect during the audit period, and a debt schedule showing principal, interest rate, interest expense, repayments and maturity for each facility.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 30,
      },
      {
        section: '6 Liabilities, debt and equity',
        reference: '6.5',
        title: 'Covenant compliance calculations',
        description:
          'Provide the covenant compliance calculations for each test date in the audit period and as of the period end, as submitted to lenders. Tell us about any breach, waiver or expected breach in the next twelve months.',
        requiresDocument: true,
        requiresResponse: true,
        dueDaysBefore: 25,
      },
      {
        section: '6 Liabilities, debt and equity',
        reference: '6.6',
        title: 'Equity rollforward and capital transactions',
        description:
          'Provide a rollforward of each equity account for the audit period and the capitalization table as of the period end. Provide the supporting documents for share issuances, repurchases and dividends.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 25,
      },
      {
        section: '6 Liabilities, debt and equity',
        reference: '6.7',
        title: 'Share-based compensation schedule',
        description:
          'Provide a schedule of awards granted, vested, exercised and forfeited during the audit period, with the valuation inputs and the expense calculation. Provide the plan documents if they changed during the audit period.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 25,
      },
      {
        section: '6 Liabilities, debt and equity',
        reference: '6.8',
        title: 'Minutes of board, committee and shareholder meetings',
        description:
          'Provide the minutes of all board, committee and shareholder meetings held during the audit period and up to the date of your response. If minutes are not yet approved, provide the drafts or a summary of decisions made.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 30,
      },
      {
        section: '7 Payroll and operating expenses',
        reference: '7.1',
        title: 'Payroll reconciliation for the audit period',
        description:
          'Provide a reconciliation of payroll register totals to the general ledger and to payroll tax filings for the audit period in Excel.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 25,
      },
      {
        section: '7 Payroll and operating expenses',
        reference: '7.2',
        title: 'Employee listing and personnel files for sampled employees',
        description:
          'Provide a listing of employees as of the period end with hire date, department and annual pay rate. For a sample we will select, provide the employment contract, approved pay rate and payslip.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 25,
      },
      {
        section: '7 Payroll and operating expenses',
        reference: '7.3',
        title: 'Pension and employee benefit plan reports',
        description:
          'Provide the actuarial reports, plan documents and contribution schedules for pension and other post-employment benefit plans for the audit period, and the census data provided to the actuary.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 25,
      },
      {
        section: '7 Payroll and operating expenses',
        reference: '7.4',
        title: 'Explain variances in operating expenses',
        description:
          'Provide a comparison of income statement accounts for the audit period and prior year, and explain variances above the threshold we will communicate.',
        requiresDocument: true,
        requiresResponse: true,
        dueDaysBefore: 20,
      },
      {
        section: '8 Taxes',
        reference: '8.1',
        title: 'Income tax provision as of the period end',
        description:
          'Provide the current and deferred income tax provision in Excel, including the effective tax rate reconciliation, the deferred tax asset and liability schedule, and the assessment of any valuation allowance.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 20,
      },
      {
        section: '8 Taxes',
        reference: '8.2',
        title: 'Tax returns and correspondence with tax authorities',
        description:
          'Provide the most recently filed income tax returns and any notices, assessments or correspondence from tax authorities received during the audit period, including the status of open tax audits.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 30,
      },
      {
        section: '8 Taxes',
        reference: '8.3',
        title: 'Describe uncertain tax positions',
        description:
          'Describe any uncertain tax positions as of the period end, the amount reserved for each, and the basis for your conclusion. Provide any tax advice or opinions supporting the positions taken.',
        requiresDocument: true,
        requiresResponse: true,
        dueDaysBefore: 20,
      },
      {
        section: '8 Taxes',
        reference: '8.4',
        title: 'Sales tax and VAT reconciliations',
        description:
          'Provide the reconciliation of sales tax, VAT or other indirect tax balances as of the period end to the returns filed, and copies of the returns for the last filing period of the audit period.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 25,
      },
      {
        section: '9 Related parties, legal matters and subsequent events',
        reference: '9.1',
        title: 'Related parties and related party transactions',
        description:
          'Provide a listing of related parties and all transactions and balances with them during the audit period and as of the period end, with the terms and evidence of approval. Confirm in writing that the listing is complete.',
        requiresDocument: true,
        requiresResponse: true,
        dueDaysBefore: 30,
      },
      {
        section: '9 Related parties, legal matters and subsequent events',
        reference: '9.2',
        title: 'Legal counsel contact details for legal inquiry letters',
        description:
          'Provide the name, firm and address of every lawyer engaged during the audit period, and a detail of the legal fees account for the audit period. We will prepare the inquiry letters for your signature.',
        requiresDocument: true,
        requiresResponse: true,
        dueDaysBefore: 45,
      },
      {
        section: '9 Related parties, legal matters and subsequent events',
        reference: '9.3',
        title: 'Signed legal inquiry letters',
        description:
          'Sign the legal inquiry letters we prepare on company letterhead and return them to us as signed PDFs. We will send them to counsel and receive the responses directly.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 40,
      },
      {
        section: '9 Related parties, legal matters and subsequent events',
        reference: '9.4',
        title: 'Describe litigation, claims and assessments',
        description:
          "Describe any pending or threatened litigation, claims and assessments as of the period end and up to the date of your response, with management's estimate of the likely outcome and amount.",
        requiresDocument: false,
        requiresResponse: true,
        dueDaysBefore: 20,
      },
      {
        section: '9 Related parties, legal matters and subsequent events',
        reference: '9.5',
        title: 'Commitments, guarantees and off-balance-sheet arrangements',
        description:
          'Provide a listing of significant purchase commitments, guarantees, letters of credit and other off-balance-sheet arrangements as of the period end, with the supporting agreements.',
        requiresDocument: true,
        requiresResponse: true,
        dueDaysBefore: 25,
      },
      {
        section: '9 Related parties, legal matters and subsequent events',
        reference: '9.6',
        title: 'Going concern assessment and cash flow forecast',
        description:
          "Provide management's going concern assessment covering at least twelve months from the date the financial statements are issued, with the cash flow forecast in Excel and the key assumptions.",
        requiresDocument: true,
        requiresResponse: true,
        dueDaysBefore: 20,
      },
      {
        section: '9 Related parties, legal matters and subsequent events',
        reference: '9.7',
        title: 'Describe subsequent events up to the date of your response',
        description:
          'Describe any significant events after the period end, such as new financing, acquisitions, litigation, impairment or restructuring. We will ask you to update this answer shortly before the report date.',
        requiresDocument: false,
        requiresResponse: true,
        dueDaysBefore: 5,
      },
      {
        section: '10 Completion',
        reference: '10.1',
        title: 'Review the draft management representation letter',
        description:
          'Review the draft management representation letter we will send and tell us in writing about any statement you cannot make or any change you propose.',
        requiresDocument: false,
        requiresResponse: true,
        dueDaysBefore: 10,
      },
      {
        section: '10 Completion',
        reference: '10.2',
        title: 'Explain why uncorrected misstatements were not recorded',
        description:
          'For the uncorrected misstatements we communicate, explain in writing why management has decided not to record them. This explanation will be included in the representation letter.',
        requiresDocument: false,
        requiresResponse: true,
        dueDaysBefore: 5,
      },
      {
        section: '10 Completion',
        reference: '10.3',
        title: 'Final financial statements approved for issue',
        description:
          'Provide the final financial statements as a PDF together with evidence of their approval by the board or those charged with governance, such as the signed resolution or minutes.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 2,
      },
      {
        section: '10 Completion',
        reference: '10.4',
        title: 'Signed management representation letter',
        description:
          'Provide the management representation letter on company letterhead as a signed PDF, dated the report date and signed by the chief executive officer and chief financial officer.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 0,
      },
    ],
  },
  {
    key: 'interim-audit',
    name: 'Interim audit: controls and walkthroughs',
    description:
      'Requests for the interim phase of a financial statement audit: walkthroughs of key processes, evidence for tests of controls over revenue, purchases, payroll and IT general controls, and interim financial information. Samples are drawn from the period from the start of the financial year to the interim date.',
    items: [
      {
        section: '1 General and planning',
        reference: '1.1',
        title: 'Trial balance as of the interim date',
        description:
          'Provide the trial balance as of the interim date in Excel, with the balances as of the prior year end and the same interim date of the prior year for comparison.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 30,
      },
      {
        section: '1 General and planning',
        reference: '1.2',
        title: 'Interim financial statements and monthly management accounts',
        description:
          "Provide the interim financial statements or management accounts for each month from the start of the financial year to the interim date, with management's commentary on performance against budget.",
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 30,
      },
      {
        section: '1 General and planning',
        reference: '1.3',
        title: "Describe changes since last year's audit",
        description:
          'Describe any changes since the last year end in ownership, operations, locations, key personnel, accounting systems, processes or controls, and accounting policies. Say whether any process is now outsourced or brought back in-house.',
        requiresDocument: false,
        requiresResponse: true,
        dueDaysBefore: 50,
      },
      {
        section: '1 General and planning',
        reference: '1.4',
        title: 'Updated organization chart with financial reporting roles',
        description:
          'Provide the current organization chart for the finance and IT functions, showing who prepares, reviews and approves key reconciliations, journal entries and payments.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 45,
      },
      {
        section: '1 General and planning',
        reference: '1.5',
        title: 'Process owners and availability for walkthroughs',
        description:
          'Provide the name, role and availability of the owner of each key process (revenue, purchases, payroll, financial close, treasury and IT) so that we can schedule walkthroughs.',
        requiresDocument: false,
        requiresResponse: true,
        dueDaysBefore: 55,
      },
      {
        section: '1 General and planning',
        reference: '1.6',
        title: 'Remediation of prior-year control deficiencies',
        description:
          'For each control deficiency or recommendation in our prior-year management letter, describe the remediation performed, the date it was completed, and provide evidence that the revised control is operating.',
        requiresDocument: true,
        requiresResponse: true,
        dueDaysBefore: 40,
      },
      {
        section: '1 General and planning',
        reference: '1.7',
        title: 'Significant or unusual transactions year to date',
        description:
          'Describe significant or unusual transactions since the start of the financial year, such as acquisitions, new financing, restructuring, large contracts or settlements, and provide the related agreements.',
        requiresDocument: true,
        requiresResponse: true,
        dueDaysBefore: 30,
      },
      {
        section: '2 Control environment and entity-level controls',
        reference: '2.1',
        title: 'Code of conduct and employee acknowledgments',
        description:
          'Provide the current code of conduct and evidence that employees acknowledged it during the current year. For a sample of employees we will select, provide the individual acknowledgments.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 30,
      },
      {
        section: '2 Control environment and entity-level controls',
        reference: '2.2',
        title: 'Delegation of authority and approval limits',
        description:
          'Provide the current delegation of authority or approval limits matrix, with the date it was approved and a description of any change since the last year end.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 40,
      },
      {
        section: '2 Control environment and entity-level controls',
        reference: '2.3',
        title: 'Board and audit committee minutes year to date',
        description:
          'Provide the minutes of board and audit committee meetings held since the start of the financial year, including any papers on internal control, risk or fraud.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 30,
      },
      {
        section: '2 Control environment and entity-level controls',
        reference: '2.4',
        title: 'Risk and control matrix for financial reporting',
        description:
          "Provide management's risk and control matrix or equivalent documentation of key controls over financial reporting, showing control owner, frequency and the evidence retained for each control.",
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 45,
      },
      {
        section: '2 Control environment and entity-level controls',
        reference: '2.5',
        title: 'Describe whistleblowing reports and fraud risk assessment',
        description:
          "Describe any whistleblowing reports, suspected or actual frauds received since the last year end and how they were investigated. Provide management's most recent fraud risk assessment.",
        requiresDocument: true,
        requiresResponse: true,
        dueDaysBefore: 30,
      },
      {
        section: '3 Financial close and reporting',
        reference: '3.1',
        title: 'Month-end close checklists',
        description:
          'For two months we will select, provide the completed close checklist with evidence of who performed and reviewed each step and when.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 25,
      },
      {
        section: '3 Financial close and reporting',
        reference: '3.2',
        title: 'Balance sheet reconciliations for selected accounts and months',
        description:
          'For a sample of balance sheet accounts and months we will select, provide the account reconciliations with supporting schedules and evidence of preparer and reviewer sign-off with dates.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 20,
      },
      {
        section: '3 Financial close and reporting',
        reference: '3.3',
        title: 'Manual journal entries and approval evidence',
        description:
          'Provide in Excel a listing of all manual journal entries posted from the start of the financial year to the interim date, with preparer and approver. For a sample we will select, provide the supporting documents and evidence of approval.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 25,
      },
      {
        section: '3 Financial close and reporting',
        reference: '3.4',
        title: 'Users able to post journal entries',
        description:
          'Provide a system-generated listing of users who can create or post journal entries in the accounting system, and tell us whether any user can post without independent approval.',
        requiresDocument: true,
        requiresResponse: true,
        dueDaysBefore: 30,
      },
      {
        section: '3 Financial close and reporting',
        reference: '3.5',
        title: 'Management review of monthly results',
        description:
          'For the months we will select, provide the monthly reporting pack reviewed by management with evidence of the review, such as comments, follow-up questions and sign-off.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 20,
      },
      {
        section: '4 Revenue and receivables',
        reference: '4.1',
        title: 'Order-to-cash walkthrough and process documentation',
        description:
          'Provide the process narratives or flowcharts for order-to-cash before the walkthrough, and arrange a session with the process owners to walk us through one transaction from order to cash receipt.',
        requiresDocument: true,
        requiresResponse: true,
        dueDaysBefore: 40,
      },
      {
        section: '4 Revenue and receivables',
        reference: '4.2',
        title: 'Sales invoice listing year to date',
        description:
          'Provide in Excel a listing of all sales invoices from the start of the financial year to the interim date, with invoice number, date, customer, amount and the total agreed to revenue in the general ledger.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 30,
      },
      {
        section: '4 Revenue and receivables',
        reference: '4.3',
        title: 'Support for a sample of sales transactions',
        description:
          'For a sample we will select, provide the customer order or contract, evidence of credit approval, the shipping or delivery evidence, the invoice and the cash receipt.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 20,
      },
      {
        section: '4 Revenue and receivables',
        reference: '4.4',
        title: 'Customer master data changes and approvals',
        description:
          'Provide a system report of changes to customer master data (new customers, credit limits, pricing and bank details) year to date. For a sample we will select, provide evidence of approval.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 25,
      },
      {
        section: '4 Revenue and receivables',
        reference: '4.5',
        title: 'Credit notes and price overrides',
        description:
          'Provide a listing of credit notes and manual price overrides year to date. For a sample we will select, provide the reason and evidence of approval in line with the delegation of authority.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 25,
      },
      {
        section: '4 Revenue and receivables',
        reference: '4.6',
        title: 'Review of receivables aging and collections',
        description:
          "For the months we will select, provide evidence of management's review of the receivables aging and the follow-up of overdue balances.",
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 20,
      },
      {
        section: '5 Purchases and payables',
        reference: '5.1',
        title: 'Purchase-to-pay walkthrough and process documentation',
        description:
          'Provide the process narratives or flowcharts for purchase-to-pay before the walkthrough, and arrange a session with the process owners to walk us through one purchase from requisition to payment.',
        requiresDocument: true,
        requiresResponse: true,
        dueDaysBefore: 40,
      },
      {
        section: '5 Purchases and payables',
        reference: '5.2',
        title: 'Purchase invoice listing year to date',
        description:
          'Provide in Excel a listing of all purchase invoices from the start of the financial year to the interim date, with vendor, invoice number, date, amount and general ledger account.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 30,
      },
      {
        section: '5 Purchases and payables',
        reference: '5.3',
        title: 'Purchase order, receipt and invoice support for sampled purchases',
        description:
          'For a sample we will select, provide the approved purchase order, the goods received note or service confirmation, the vendor invoice, evidence of matching and the payment.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 20,
      },
      {
        section: '5 Purchases and payables',
        reference: '5.4',
        title: 'Vendor master data changes and bank detail verification',
        description:
          'Provide a system report of changes to vendor master data year to date, including bank details. For a sample we will select, provide evidence of approval and of independent verification with the vendor, such as a call-back record.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 25,
      },
      {
        section: '5 Purchases and payables',
        reference: '5.5',
        title: 'Payment run approvals',
        description:
          'For a sample of payment runs we will select, provide the payment proposal, evidence of review and approval, and the bank authorization showing the approvers.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 20,
      },
      {
        section: '5 Purchases and payables',
        reference: '5.6',
        title: 'Capital expenditure approvals',
        description:
          'For a sample of capital expenditure items we will select, provide the approved investment request and evidence that approval was in line with the delegation of authority.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 20,
      },
      {
        section: '6 Payroll',
        reference: '6.1',
        title: 'Payroll walkthrough and process documentation',
        description:
          "Provide the payroll process narrative or flowchart and arrange a walkthrough covering starters, leavers, pay changes, payroll calculation, approval and payment. Tell us if payroll is outsourced and provide the provider's controls report if available.",
        requiresDocument: true,
        requiresResponse: true,
        dueDaysBefore: 40,
      },
      {
        section: '6 Payroll',
        reference: '6.2',
        title: 'Payroll registers and reconciliation to the general ledger',
        description:
          'For the pay periods we will select, provide the payroll register and the reconciliation of gross pay, deductions and net pay to the general ledger and to the bank payment.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 25,
      },
      {
        section: '6 Payroll',
        reference: '6.3',
        title: 'New hires and terminations year to date',
        description:
          'Provide a listing of new hires and terminations from the start of the financial year with their dates. For a sample we will select, provide the signed contract or termination documentation, the approval and the first or final payslip.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 25,
      },
      {
        section: '6 Payroll',
        reference: '6.4',
        title: 'Pay rate changes and approvals',
        description:
          'Provide a listing of pay rate changes year to date. For a sample we will select, provide the approved change request and evidence that the payroll system was updated correctly.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 25,
      },
      {
        section: '6 Payroll',
        reference: '6.5',
        title: 'Review of payroll exception reports',
        description:
          'For the pay periods we will select, provide the payroll exception or variance report and evidence of its review before the payroll was approved.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 20,
      },
      {
        section: '7 IT general controls',
        reference: '7.1',
        title: 'Systems relevant to financial reporting',
        description:
          'Provide a listing of applications, databases and operating systems relevant to financial reporting, with where each is hosted and any service provider involved. Describe any system implementation or major upgrade since the last year end.',
        requiresDocument: true,
        requiresResponse: true,
        dueDaysBefore: 45,
      },
      {
        section: '7 IT general controls',
        reference: '7.2',
        title: 'User listings for in-scope systems',
        description:
          'Provide system-generated listings of all user accounts and their roles for each in-scope system, with a screenshot or description showing how and when each listing was generated.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 30,
      },
      {
        section: '7 IT general controls',
        reference: '7.3',
        title: 'Access requests for new users',
        description:
          'Provide a listing of user accounts created since the start of the financial year. For a sample we will select, provide the approved access request dated before access was granted.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 25,
      },
      {
        section: '7 IT general controls',
        reference: '7.4',
        title: 'Access removal for leavers',
        description:
          'Provide the HR listing of leavers since the start of the financial year. For a sample we will select, provide evidence of the date their access to each in-scope system was removed or disabled.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 25,
      },
      {
        section: '7 IT general controls',
        reference: '7.5',
        title: 'Periodic user access reviews',
        description:
          'Provide evidence of each user access review completed year to date for in-scope systems, including the listing reviewed, reviewer sign-off, date, and evidence that requested changes were made.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 25,
      },
      {
        section: '7 IT general controls',
        reference: '7.6',
        title: 'Privileged accounts and password settings',
        description:
          'Provide a listing of administrator and other privileged accounts for each in-scope system with the business reason for each, and screenshots of password and multi-factor authentication settings.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 25,
      },
      {
        section: '7 IT general controls',
        reference: '7.7',
        title: 'Program changes and change approvals',
        description:
          'Provide a system-generated listing of changes moved to production year to date. For a sample we will select, provide the change request, test evidence, approval and deployment record, and tell us who can deploy to production.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 25,
      },
      {
        section: '7 IT general controls',
        reference: '7.8',
        title: 'Job scheduling and backup monitoring',
        description:
          'Provide evidence of how failures of scheduled jobs, interfaces and backups are monitored and resolved, for a sample of days we will select.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 25,
      },
      {
        section: '7 IT general controls',
        reference: '7.9',
        title: 'Service organization controls reports',
        description:
          'Provide the SOC 1 reports for service organizations relevant to financial reporting, covering the current financial year, with bridge letters where needed. Describe how you address the complementary user entity controls listed in each report.',
        requiresDocument: true,
        requiresResponse: true,
        dueDaysBefore: 30,
      },
      {
        section: '8 Interim substantive procedures and year-end planning',
        reference: '8.1',
        title: 'Fixed asset additions year to date',
        description:
          'Provide a listing of fixed asset additions from the start of the financial year to the interim date. For a sample we will select, provide invoices and evidence of approval.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 20,
      },
      {
        section: '8 Interim substantive procedures and year-end planning',
        reference: '8.2',
        title: 'Significant contracts signed year to date',
        description:
          'Provide copies of significant customer, supplier, financing and lease contracts signed or amended since the start of the financial year, above the threshold we will communicate.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 25,
      },
      {
        section: '8 Interim substantive procedures and year-end planning',
        reference: '8.3',
        title: 'Describe key judgments and estimates expected at year end',
        description:
          'Describe the significant judgments and estimates you expect at year end (for example impairment, provisions, revenue recognition or going concern) and how you plan to support them.',
        requiresDocument: false,
        requiresResponse: true,
        dueDaysBefore: 30,
      },
      {
        section: '8 Interim substantive procedures and year-end planning',
        reference: '8.4',
        title: 'Describe legal matters and claims',
        description:
          'Describe any litigation, claims or regulatory matters that are new or have changed since the last year end, with the expected outcome.',
        requiresDocument: false,
        requiresResponse: true,
        dueDaysBefore: 20,
      },
      {
        section: '8 Interim substantive procedures and year-end planning',
        reference: '8.5',
        title: 'Year-end close timetable',
        description:
          'Provide the planned year-end close timetable, including inventory count dates and the dates by which you expect to deliver the year-end trial balance and draft financial statements.',
        requiresDocument: true,
        requiresResponse: true,
        dueDaysBefore: null,
      },
    ],
  },
  {
    key: 'soc-2-type-ii',
    name: 'SOC 2 Type II: evidence request list',
    description:
      'Evidence for a SOC 2 Type II examination of controls relevant to the Security, Availability and Confidentiality trust services criteria. Populations and samples cover the whole observation period; remove the Availability or Confidentiality items if those categories are not in scope.',
    items: [
      {
        section: '1 Scope and system description',
        reference: '1.1',
        title: 'Confirm the scope and observation period',
        description:
          'Confirm in writing the trust services categories in scope, the start and end dates of the observation period, the services and locations covered, and whether each subservice organization is carved out or included.',
        requiresDocument: false,
        requiresResponse: true,
        dueDaysBefore: 60,
      },
      {
        section: '1 Scope and system description',
        reference: '1.2',
        title: 'Draft system description',
        description:
          'Provide the draft description of the system prepared under the description criteria, covering services, infrastructure, software, people, data, procedures, subservice organizations and complementary user entity controls. Word format with tracked changes is preferred.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 45,
      },
      {
        section: '1 Scope and system description',
        reference: '1.3',
        title: 'Network architecture and data flow diagrams',
        description:
          'Provide current diagrams of the production environment showing system boundaries, network segments, external connections, and where customer data is stored, processed and transmitted.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 50,
      },
      {
        section: '1 Scope and system description',
        reference: '1.4',
        title: 'Inventory of in-scope systems and tools',
        description:
          'Provide in Excel an inventory of in-scope production systems, databases, cloud accounts and supporting tools (identity provider, ticketing, source code, CI/CD, monitoring), with the owner of each.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 50,
      },
      {
        section: '1 Scope and system description',
        reference: '1.5',
        title: 'Control matrix mapped to the criteria',
        description:
          'Provide the list of controls with control owner, frequency, the system or tool where evidence is kept, and the mapping of each control to the applicable criteria.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 50,
      },
      {
        section: '2 Control environment (CC1)',
        reference: '2.1',
        title: 'Organization chart as of the period end',
        description:
          'Provide the organization chart as of the end of the observation period showing reporting lines for engineering, security, operations and management, and describe significant changes during the period.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 30,
      },
      {
        section: '2 Control environment (CC1)',
        reference: '2.2',
        title: 'Board or security committee minutes',
        description:
          'Provide the minutes or agendas of board, management or security committee meetings during the observation period at which security, availability or risk matters were discussed.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 30,
      },
      {
        section: '2 Control environment (CC1)',
        reference: '2.3',
        title: 'Code of conduct and acknowledgments',
        description:
          'Provide the code of conduct in effect during the observation period. For a sample of personnel we will select, provide their signed or electronic acknowledgment.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 30,
      },
      {
        section: '2 Control environment (CC1)',
        reference: '2.4',
        title: 'Job descriptions for key roles',
        description:
          'Provide the job descriptions for roles with security, infrastructure or change responsibilities, showing the responsibilities and required qualifications.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 40,
      },
      {
        section: '2 Control environment (CC1)',
        reference: '2.5',
        title: 'Background checks for new hires',
        description:
          'Provide the HR listing of all personnel hired during the observation period with start dates. For a sample we will select, provide evidence that the background check was completed in line with policy.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 30,
      },
      {
        section: '2 Control environment (CC1)',
        reference: '2.6',
        title: 'Annual performance evaluations',
        description:
          'For a sample of personnel we will select, provide evidence that a performance evaluation was completed during or for the observation period, as required by your policy.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 30,
      },
      {
        section: '3 Communication and information (CC2)',
        reference: '3.1',
        title: 'Information security policies with approval evidence',
        description:
          'Provide all information security policies and procedures in effect during the observation period, with version history and evidence of management approval and annual review.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 45,
      },
      {
        section: '3 Communication and information (CC2)',
        reference: '3.2',
        title: 'Security awareness training records',
        description:
          'Provide training completion records for all personnel for the observation period. For a sample of new hires we will select, provide evidence that training was completed within the timeframe set in your policy.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 30,
      },
      {
        section: '3 Communication and information (CC2)',
        reference: '3.3',
        title: 'Publication of policies to personnel',
        description:
          'Provide a screenshot of where policies are published for personnel (for example the intranet or wiki) and evidence of policy acknowledgments for a sample of personnel we will select.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 30,
      },
      {
        section: '3 Communication and information (CC2)',
        reference: '3.4',
        title: 'Commitments communicated to customers',
        description:
          'Provide the customer terms, service level agreement, privacy notice and security page in effect during the observation period, and describe how customers report incidents and complaints.',
        requiresDocument: true,
        requiresResponse: true,
        dueDaysBefore: 40,
      },
      {
        section: '3 Communication and information (CC2)',
        reference: '3.5',
        title: 'Customer notifications of system changes and outages',
        description:
          'Provide the release notes, status page history or customer notifications issued during the observation period for significant changes and outages.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 30,
      },
      {
        section: '4 Risk assessment and monitoring (CC3, CC4)',
        reference: '4.1',
        title: 'Risk assessment and risk register',
        description:
          'Provide the risk assessment methodology and the risk assessment completed during the observation period, including the risk register with likelihood, impact, owners and treatment, and evidence of management review.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 40,
      },
      {
        section: '4 Risk assessment and monitoring (CC3, CC4)',
        reference: '4.2',
        title: 'Describe how fraud risk is considered',
        description:
          'Describe how fraud risk, including management override and misuse of customer data, is considered in the risk assessment, and point us to where this is documented.',
        requiresDocument: true,
        requiresResponse: true,
        dueDaysBefore: 40,
      },
      {
        section: '4 Risk assessment and monitoring (CC3, CC4)',
        reference: '4.3',
        title: 'Vulnerability scans and penetration test',
        description:
          'Provide the internal and external vulnerability scan reports for the periods we will select and the penetration test report issued during or shortly before the observation period, with evidence of remediation tracking.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 30,
      },
      {
        section: '4 Risk assessment and monitoring (CC3, CC4)',
        reference: '4.4',
        title: 'Remediation of vulnerabilities within target timeframes',
        description:
          'Provide a listing of critical and high vulnerabilities identified during the observation period with identification and closure dates. For a sample we will select, provide the tickets showing remediation or an approved exception.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 25,
      },
      {
        section: '4 Risk assessment and monitoring (CC3, CC4)',
        reference: '4.5',
        title: 'Ongoing monitoring of controls',
        description:
          'Provide evidence of monitoring activities during the observation period, such as internal audits, control self-assessments or compliance tool dashboards, with the results and follow-up.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 30,
      },
      {
        section: '4 Risk assessment and monitoring (CC3, CC4)',
        reference: '4.6',
        title: 'Control deficiency tracking',
        description:
          'Provide the log of control deficiencies identified during the observation period by internal or external parties, with owners, remediation actions and status.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 30,
      },
      {
        section: '5 Logical and physical access (CC6)',
        reference: '5.1',
        title: 'User listings for in-scope systems',
        description:
          'Provide system-generated listings of all accounts and roles for each in-scope system (identity provider, cloud console, production databases, source code repository) as of a date we will specify. Include a screenshot showing the report parameters and generation date.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 30,
      },
      {
        section: '5 Logical and physical access (CC6)',
        reference: '5.2',
        title: 'Onboarding population and access approvals',
        description:
          'Provide the HR listing of all employees and contractors onboarded during the observation period. For a sample we will select, provide the approved access request and evidence that access granted matched the approved role.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 30,
      },
      {
        section: '5 Logical and physical access (CC6)',
        reference: '5.3',
        title: 'Offboarding population and access removal',
        description:
          'Provide the HR listing of all employees and contractors who left during the observation period with termination dates. For a sample we will select, provide the offboarding ticket and system evidence that access was removed within the required timeframe.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 30,
      },
      {
        section: '5 Logical and physical access (CC6)',
        reference: '5.4',
        title: 'Role changes and transfers',
        description:
          'Provide a listing of internal transfers and role changes during the observation period. For a sample we will select, provide evidence that access was modified and no longer needed access was removed.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 30,
      },
      {
        section: '5 Logical and physical access (CC6)',
        reference: '5.5',
        title: 'User access reviews',
        description:
          'Provide evidence of each user access review performed during the observation period: the listing reviewed, the reviewer, the date of sign-off, and tickets showing that changes requested by the reviewer were made.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 25,
      },
      {
        section: '5 Logical and physical access (CC6)',
        reference: '5.6',
        title: 'Privileged access to production',
        description:
          'Provide a listing of accounts with administrative or privileged access to production systems with the business justification and approval for each, including service accounts and shared accounts.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 30,
      },
      {
        section: '5 Logical and physical access (CC6)',
        reference: '5.7',
        title: 'Authentication and multi-factor settings',
        description:
          'Provide screenshots of password, session and multi-factor authentication settings for the identity provider, cloud console, VPN and production access tools, with evidence that single sign-on is enforced where stated.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 30,
      },
      {
        section: '5 Logical and physical access (CC6)',
        reference: '5.8',
        title: 'Network security rules and review',
        description:
          'Provide the firewall and security group configurations for the production environment and evidence of their periodic review during the observation period.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 30,
      },
      {
        section: '5 Logical and physical access (CC6)',
        reference: '5.9',
        title: 'Encryption in transit and at rest',
        description:
          'Provide configuration evidence for encryption of customer data at rest (databases, storage, backups) and in transit (TLS settings on public endpoints), and describe how encryption keys are managed and who can access them.',
        requiresDocument: true,
        requiresResponse: true,
        dueDaysBefore: 30,
      },
      {
        section: '5 Logical and physical access (CC6)',
        reference: '5.10',
        title: 'Endpoint protection and disk encryption',
        description:
          'Provide a report from your device management or endpoint protection tool as of a date we will specify, showing disk encryption, malware protection and screen lock status for all workstations.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 30,
      },
      {
        section: '6 Change management (CC8)',
        reference: '6.1',
        title: 'Change management and secure development procedures',
        description:
          'Provide the change management and software development life cycle procedures in effect during the observation period, covering application, infrastructure and configuration changes.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 45,
      },
      {
        section: '6 Change management (CC8)',
        reference: '6.2',
        title: 'Population of production changes',
        description:
          'Provide a system-generated listing of all changes deployed to production during the observation period, from the ticketing tool, repository merge history or deployment pipeline, with a description of how the listing was generated.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 30,
      },
      {
        section: '6 Change management (CC8)',
        reference: '6.3',
        title: 'Evidence for a sample of changes',
        description:
          'For a sample we will select, provide the change ticket, the pull request showing review and approval by someone other than the author, the test results and the deployment record.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 20,
      },
      {
        section: '6 Change management (CC8)',
        reference: '6.4',
        title: 'Branch protection and deployment permissions',
        description:
          'Provide screenshots of repository settings that enforce peer review before merge, and a listing of users able to deploy to production or bypass the protections.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 30,
      },
      {
        section: '6 Change management (CC8)',
        reference: '6.5',
        title: 'Emergency changes',
        description:
          'Provide a listing of emergency changes and hotfixes during the observation period. For a sample we will select, provide evidence of after-the-fact review and approval.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 20,
      },
      {
        section: '7 System operations and incident management (CC7)',
        reference: '7.1',
        title: 'Monitoring and alerting configuration',
        description:
          'Provide screenshots of the monitoring and alerting configuration for production systems, including alert thresholds, notification routing and the on-call schedule during the observation period.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 30,
      },
      {
        section: '7 System operations and incident management (CC7)',
        reference: '7.2',
        title: 'Security logging and log retention',
        description:
          'Provide evidence that audit logging is enabled for the cloud environment, production databases and identity provider, with the retention settings and the controls that protect logs from alteration.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 30,
      },
      {
        section: '7 System operations and incident management (CC7)',
        reference: '7.3',
        title: 'Review of security alerts',
        description:
          'For a sample of security alerts we will select from the observation period, provide evidence of triage, investigation and resolution by the responsible team.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 25,
      },
      {
        section: '7 System operations and incident management (CC7)',
        reference: '7.4',
        title: 'Incident response plan and test',
        description:
          'Provide the incident response plan in effect during the observation period and evidence of the annual test or tabletop exercise, including lessons learned.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 40,
      },
      {
        section: '7 System operations and incident management (CC7)',
        reference: '7.5',
        title: 'Incident population and samples',
        description:
          'Provide a listing of all security and availability incidents during the observation period with severity and dates. For a sample we will select, provide the ticket, root cause analysis, resolution and any customer notification.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 25,
      },
      {
        section: '8 Availability, backups and recovery (A1, CC9.1)',
        reference: '8.1',
        title: 'Capacity and performance monitoring',
        description:
          'Provide evidence of capacity and performance monitoring for production systems and its review during the observation period, for the months we will select.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 30,
      },
      {
        section: '8 Availability, backups and recovery (A1, CC9.1)',
        reference: '8.2',
        title: 'Backup configuration',
        description:
          'Provide screenshots of backup configuration for production data, showing frequency, retention, encryption and replication to a separate location.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 30,
      },
      {
        section: '8 Availability, backups and recovery (A1, CC9.1)',
        reference: '8.3',
        title: 'Backup failure monitoring',
        description:
          'For a sample of days we will select, provide evidence that backups completed successfully or that failures were alerted and resolved.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 25,
      },
      {
        section: '8 Availability, backups and recovery (A1, CC9.1)',
        reference: '8.4',
        title: 'Restore test results',
        description:
          'Provide evidence of restore tests performed during the observation period, showing the data restored, the date, the result and any issues followed up.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 30,
      },
      {
        section: '8 Availability, backups and recovery (A1, CC9.1)',
        reference: '8.5',
        title: 'Business continuity and disaster recovery plan and test',
        description:
          'Provide the business continuity and disaster recovery plans in effect during the observation period and the results of the test performed, including recovery time achieved against the objectives.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 30,
      },
      {
        section: '8 Availability, backups and recovery (A1, CC9.1)',
        reference: '8.6',
        title: 'Availability reports for the observation period',
        description:
          'Provide uptime or availability reports for the observation period compared with the commitments in your service level agreement, with explanations for any missed targets.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 25,
      },
      {
        section: '9 Vendor management and confidentiality (CC9.2, C1)',
        reference: '9.1',
        title: 'Vendor inventory with risk ratings',
        description:
          'Provide the inventory of vendors and subservice organizations with access to customer data or production systems, with the risk rating and owner of each.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 40,
      },
      {
        section: '9 Vendor management and confidentiality (CC9.2, C1)',
        reference: '9.2',
        title: 'Vendor security reviews',
        description:
          'For vendors rated critical or high risk, provide the SOC reports or security assessments obtained during the observation period and evidence of your review, including the complementary user entity controls you operate.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 30,
      },
      {
        section: '9 Vendor management and confidentiality (CC9.2, C1)',
        reference: '9.3',
        title: 'Vendor contracts with security and confidentiality terms',
        description:
          'For a sample of vendors we will select, provide the contract or data processing agreement showing security, confidentiality and breach notification obligations.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 30,
      },
      {
        section: '9 Vendor management and confidentiality (CC9.2, C1)',
        reference: '9.4',
        title: 'Data classification and retention policy',
        description:
          'Provide the data classification and retention policy in effect during the observation period, including retention periods for customer data and how confidential information is identified.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 40,
      },
      {
        section: '9 Vendor management and confidentiality (CC9.2, C1)',
        reference: '9.5',
        title: 'Deletion of customer data',
        description:
          'Provide a listing of customer terminations and data deletion requests during the observation period. For a sample we will select, provide evidence that data was deleted or returned within the committed timeframe.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 25,
      },
      {
        section: '9 Vendor management and confidentiality (CC9.2, C1)',
        reference: '9.6',
        title: 'Confidentiality agreements',
        description:
          'For a sample of employees and contractors we will select, provide the signed confidentiality or non-disclosure agreement.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 30,
      },
      {
        section: '10 Completion',
        reference: '10.1',
        title: 'Management responses to exceptions',
        description:
          "For each exception we communicate, provide management's written response for inclusion in the report, describing the cause and the remediation taken or planned.",
        requiresDocument: false,
        requiresResponse: true,
        dueDaysBefore: null,
      },
      {
        section: '10 Completion',
        reference: '10.2',
        title: 'Confirm changes and events after the observation period',
        description:
          'Tell us in writing about any significant change to the system, incident or control failure between the end of the observation period and the date of your response.',
        requiresDocument: false,
        requiresResponse: true,
        dueDaysBefore: 5,
      },
      {
        section: '10 Completion',
        reference: '10.3',
        title: 'Signed management assertion',
        description:
          'Provide the final management assertion on company letterhead as a signed PDF, consistent with the final system description.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 0,
      },
      {
        section: '10 Completion',
        reference: '10.4',
        title: 'Signed management representation letter',
        description:
          'Provide the management representation letter on company letterhead as a signed PDF, dated the report date.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 0,
      },
    ],
  },
  {
    key: 'iso-27001',
    name: 'ISO/IEC 27001:2022 certification audit: evidence list',
    description:
      'Evidence for an ISO/IEC 27001:2022 certification or recertification audit: the ISMS requirements of clauses 4 to 10 and a representative set of Annex A controls. Records should cover at least the last twelve months of ISMS operation.',
    items: [
      {
        section: '1 Context and scope of the ISMS (clause 4)',
        reference: '1.1',
        title: 'ISMS scope statement',
        description:
          'Provide the documented ISMS scope, including the organizational units, locations, services, technology and interfaces covered, dependencies on other parties, and the justification for anything excluded.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 60,
      },
      {
        section: '1 Context and scope of the ISMS (clause 4)',
        reference: '1.2',
        title: 'Organization profile for audit planning',
        description:
          'Provide the number of people working within the scope, the list of sites with the activities performed at each, and the working arrangements (office, remote or hybrid), so that we can plan audit time and site visits.',
        requiresDocument: true,
        requiresResponse: true,
        dueDaysBefore: 60,
      },
      {
        section: '1 Context and scope of the ISMS (clause 4)',
        reference: '1.3',
        title: 'Internal and external issues',
        description:
          'Provide the documented analysis of internal and external issues relevant to the ISMS, with the date it was last reviewed, including climate-related issues where relevant.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 45,
      },
      {
        section: '1 Context and scope of the ISMS (clause 4)',
        reference: '1.4',
        title: 'Interested parties and their requirements',
        description:
          'Provide the list of interested parties and their relevant requirements, including legal, regulatory and contractual requirements, and show which of these are addressed through the ISMS.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 45,
      },
      {
        section: '2 Leadership and planning (clauses 5 and 6)',
        reference: '2.1',
        title: 'Information security policy',
        description:
          'Provide the current information security policy with evidence of approval by top management, the date of the last review, and how it was communicated within the organization and to interested parties.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 60,
      },
      {
        section: '2 Leadership and planning (clauses 5 and 6)',
        reference: '2.2',
        title: 'Roles, responsibilities and authorities',
        description:
          'Provide the documented assignment of ISMS roles and responsibilities, including the person accountable for the ISMS and for reporting its performance to top management.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 45,
      },
      {
        section: '2 Leadership and planning (clauses 5 and 6)',
        reference: '2.3',
        title: 'Risk assessment methodology',
        description:
          'Provide the information security risk assessment methodology, including the risk acceptance criteria, the criteria for performing assessments, and how likelihood and impact are rated to produce consistent results.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 60,
      },
      {
        section: '2 Leadership and planning (clauses 5 and 6)',
        reference: '2.4',
        title: 'Risk assessment results and risk register',
        description:
          'Provide the most recent risk assessment results and the risk register in Excel, showing risk owners, likelihood, impact, risk level, and the date of the last assessment.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 45,
      },
      {
        section: '2 Leadership and planning (clauses 5 and 6)',
        reference: '2.5',
        title: 'Statement of Applicability',
        description:
          'Provide the current Statement of Applicability covering all 93 Annex A controls, with the justification for inclusion or exclusion, implementation status, version and approval date.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 60,
      },
      {
        section: '2 Leadership and planning (clauses 5 and 6)',
        reference: '2.6',
        title: 'Risk treatment plan and residual risk acceptance',
        description:
          'Provide the risk treatment plan with actions, owners and target dates, and evidence that risk owners approved the plan and accepted the residual risks.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 45,
      },
      {
        section: '2 Leadership and planning (clauses 5 and 6)',
        reference: '2.7',
        title: 'Information security objectives and progress',
        description:
          'Provide the information security objectives, the plans to achieve them (what, who, resources, when) and the measurement of progress to date.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 45,
      },
      {
        section: '2 Leadership and planning (clauses 5 and 6)',
        reference: '2.8',
        title: 'Describe planned changes to the ISMS',
        description:
          'Describe significant changes to the ISMS since the last audit or planned for the coming months (for example new sites, services, systems or outsourcing) and how they were planned and controlled.',
        requiresDocument: false,
        requiresResponse: true,
        dueDaysBefore: 30,
      },
      {
        section: '3 Support (clause 7)',
        reference: '3.1',
        title: 'Competence requirements and records',
        description:
          'Provide the competence requirements for roles that affect information security. For a sample of personnel we will select, provide evidence of their competence, such as training records, certifications or experience.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 30,
      },
      {
        section: '3 Support (clause 7)',
        reference: '3.2',
        title: 'Awareness program and completion records',
        description:
          'Provide the content of the security awareness program and completion records for all personnel within the scope for the last twelve months, with the actions taken for those who did not complete it.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 30,
      },
      {
        section: '3 Support (clause 7)',
        reference: '3.3',
        title: 'ISMS communication plan',
        description:
          'Provide the plan or procedure for internal and external communication on information security, showing what is communicated, when, to whom and by whom.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 40,
      },
      {
        section: '3 Support (clause 7)',
        reference: '3.4',
        title: 'Control of documented information',
        description:
          'Provide the procedure for controlling documented information and the master list of ISMS documents and records with version, owner, approval date and review date.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 45,
      },
      {
        section: '4 Operation, performance evaluation and improvement (clauses 8 to 10)',
        reference: '4.1',
        title: 'Evidence of risk treatment implementation',
        description:
          'Provide evidence that the actions in the risk treatment plan are being carried out as planned, and describe how externally provided processes, products or services relevant to the ISMS are controlled.',
        requiresDocument: true,
        requiresResponse: true,
        dueDaysBefore: 30,
      },
      {
        section: '4 Operation, performance evaluation and improvement (clauses 8 to 10)',
        reference: '4.2',
        title: 'Monitoring and measurement results',
        description:
          'Provide the information security metrics you monitor, the method and frequency of measurement, who analyzes the results, and the results for the last twelve months.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 30,
      },
      {
        section: '4 Operation, performance evaluation and improvement (clauses 8 to 10)',
        reference: '4.3',
        title: 'Internal audit program',
        description:
          'Provide the internal audit program showing that all ISMS clauses and applicable Annex A controls are covered over the audit cycle, with evidence of the competence and objectivity of the internal auditors.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 45,
      },
      {
        section: '4 Operation, performance evaluation and improvement (clauses 8 to 10)',
        reference: '4.4',
        title: 'Internal audit reports',
        description:
          'Provide the reports of internal audits performed in the last twelve months, including scope, criteria, findings and evidence that results were reported to relevant management.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 45,
      },
      {
        section: '4 Operation, performance evaluation and improvement (clauses 8 to 10)',
        reference: '4.5',
        title: 'Management review minutes',
        description:
          'Provide the minutes of the most recent management review, showing that all required inputs were considered and recording the decisions on improvement opportunities and changes to the ISMS.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 45,
      },
      {
        section: '4 Operation, performance evaluation and improvement (clauses 8 to 10)',
        reference: '4.6',
        title: 'Nonconformity and corrective action log',
        description:
          'Provide the log of nonconformities from the last twelve months, with the root cause analysis, corrective actions, completion dates and the review of their effectiveness.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 30,
      },
      {
        section: '4 Operation, performance evaluation and improvement (clauses 8 to 10)',
        reference: '4.7',
        title: 'Status of findings from the previous external audit',
        description:
          'If this is a recertification or follow-up audit, provide the previous certification audit findings and the evidence that each was closed, with the root cause and the corrective action taken.',
        requiresDocument: true,
        requiresResponse: true,
        dueDaysBefore: 45,
      },
      {
        section: '5 Organizational controls (Annex A 5)',
        reference: '5.1',
        title: 'Threat intelligence (A.5.7)',
        description:
          'Describe the sources of threat intelligence you use, how the information is analyzed, and provide an example of an action taken as a result in the last twelve months.',
        requiresDocument: true,
        requiresResponse: true,
        dueDaysBefore: 30,
      },
      {
        section: '5 Organizational controls (Annex A 5)',
        reference: '5.2',
        title: 'Information security in project management (A.5.8)',
        description:
          'Provide the procedure for addressing information security in projects. For a sample of projects we will select, provide the security requirements or risk assessment recorded.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 30,
      },
      {
        section: '5 Organizational controls (Annex A 5)',
        reference: '5.3',
        title: 'Inventory of information and other associated assets (A.5.9)',
        description:
          'Provide the asset inventory in Excel, including hardware, software, cloud services and information assets, with the owner and classification of each and the date of the last review.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 30,
      },
      {
        section: '5 Organizational controls (Annex A 5)',
        reference: '5.4',
        title: 'Information classification and acceptable use (A.5.10, A.5.12, A.5.13)',
        description:
          'Provide the acceptable use policy and the information classification and labeling scheme, with examples showing how labeling is applied in practice.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 30,
      },
      {
        section: '5 Organizational controls (Annex A 5)',
        reference: '5.5',
        title: 'Access control and access rights (A.5.15, A.5.16, A.5.18)',
        description:
          'Provide the access control policy and the listing of joiners, movers and leavers in the last twelve months. For a sample we will select, provide the approved access requests, evidence of timely removal, and the most recent access review.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 25,
      },
      {
        section: '5 Organizational controls (Annex A 5)',
        reference: '5.6',
        title: 'Supplier security (A.5.19 to A.5.22)',
        description:
          'Provide the supplier register with security risk ratings. For a sample of critical suppliers we will select, provide the contract clauses on information security and evidence of monitoring or review of their performance.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 30,
      },
      {
        section: '5 Organizational controls (Annex A 5)',
        reference: '5.7',
        title: 'Use of cloud services (A.5.23)',
        description:
          'Provide the list of cloud services in use and the process for acquiring, managing and exiting them, including how the shared responsibilities with each provider are defined.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 30,
      },
      {
        section: '5 Organizational controls (Annex A 5)',
        reference: '5.8',
        title: 'Incident management (A.5.24 to A.5.28)',
        description:
          'Provide the incident management procedure and the incident log for the last twelve months. For a sample we will select, provide the records of assessment, response, lessons learned and, where applicable, evidence collection.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 25,
      },
      {
        section: '5 Organizational controls (Annex A 5)',
        reference: '5.9',
        title: 'Business continuity and ICT readiness (A.5.29, A.5.30)',
        description:
          'Provide the business impact analysis, the business continuity and ICT recovery plans, and the results of the most recent test with the actions taken on the findings.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 30,
      },
      {
        section: '5 Organizational controls (Annex A 5)',
        reference: '5.10',
        title: 'Legal, regulatory and contractual requirements (A.5.31 to A.5.34)',
        description:
          'Provide the register of legal, statutory, regulatory and contractual requirements relevant to information security, including privacy and the protection of personal data, with the owner of each and how compliance is checked.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 30,
      },
      {
        section: '6 People controls (Annex A 6)',
        reference: '6.1',
        title: 'Screening of new personnel (A.6.1)',
        description:
          'Provide the screening policy and the listing of people who joined in the last twelve months. For a sample we will select, provide evidence that screening was completed before or in line with their start date.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 30,
      },
      {
        section: '6 People controls (Annex A 6)',
        reference: '6.2',
        title: 'Terms of employment and confidentiality agreements (A.6.2, A.6.6)',
        description:
          'For a sample of employees and contractors we will select, provide the signed employment or service contract and the confidentiality agreement showing their information security responsibilities.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 30,
      },
      {
        section: '6 People controls (Annex A 6)',
        reference: '6.3',
        title: 'Disciplinary process (A.6.4)',
        description:
          'Provide the documented disciplinary process for information security policy violations and describe in writing whether it was applied in the last twelve months.',
        requiresDocument: true,
        requiresResponse: true,
        dueDaysBefore: 40,
      },
      {
        section: '6 People controls (Annex A 6)',
        reference: '6.4',
        title: 'Remote working and event reporting (A.6.7, A.6.8)',
        description:
          'Provide the remote working policy and the technical measures that support it, and describe how personnel report observed or suspected information security events.',
        requiresDocument: true,
        requiresResponse: true,
        dueDaysBefore: 30,
      },
      {
        section: '7 Physical controls (Annex A 7)',
        reference: '7.1',
        title: 'Physical perimeters and entry controls (A.7.1, A.7.2)',
        description:
          'Provide the floor plans showing secure areas, the listing of people with access to secure areas from the access control system, and visitor logs for a sample of days we will select.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 30,
      },
      {
        section: '7 Physical controls (Annex A 7)',
        reference: '7.2',
        title: 'Physical security monitoring (A.7.4)',
        description:
          'Describe how premises are monitored (for example CCTV, intrusion alarms or guards) and provide evidence that alarms and recordings are reviewed.',
        requiresDocument: true,
        requiresResponse: true,
        dueDaysBefore: 30,
      },
      {
        section: '7 Physical controls (Annex A 7)',
        reference: '7.3',
        title: 'Clear desk and clear screen (A.7.7)',
        description:
          'Provide the clear desk and clear screen policy and evidence of its technical enforcement, such as a screenshot of the automatic screen lock setting.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 30,
      },
      {
        section: '7 Physical controls (Annex A 7)',
        reference: '7.4',
        title: 'Secure disposal or reuse of equipment (A.7.14)',
        description:
          'Provide the procedure for disposal or reuse of equipment and storage media. For a sample of disposals we will select, provide the data wiping records or destruction certificates.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 30,
      },
      {
        section: '8 Technological controls (Annex A 8)',
        reference: '8.1',
        title: 'User endpoint devices and malware protection (A.8.1, A.8.7)',
        description:
          'Provide a report from your device management or endpoint protection tool, as of a date we will specify, showing disk encryption, malware protection, patch level and screen lock status for all endpoints in scope.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 25,
      },
      {
        section: '8 Technological controls (Annex A 8)',
        reference: '8.2',
        title: 'Privileged access rights (A.8.2)',
        description:
          'Provide the listing of accounts with privileged access to in-scope systems, the approval for each, and evidence of the last review of privileged access.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 25,
      },
      {
        section: '8 Technological controls (Annex A 8)',
        reference: '8.3',
        title: 'Secure authentication (A.8.5)',
        description:
          'Provide screenshots of authentication settings for the identity provider and critical systems, showing password rules and multi-factor authentication enforcement.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 25,
      },
      {
        section: '8 Technological controls (Annex A 8)',
        reference: '8.4',
        title: 'Technical vulnerability management (A.8.8)',
        description:
          'Provide vulnerability scan reports for the last twelve months, the most recent penetration test report, and evidence that findings were remediated within the timeframes set in your procedure.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 25,
      },
      {
        section: '8 Technological controls (Annex A 8)',
        reference: '8.5',
        title: 'Configuration management (A.8.9)',
        description:
          'Provide the approved security configuration baselines for servers, cloud services and endpoints, and evidence of how compliance with the baselines is monitored.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 25,
      },
      {
        section: '8 Technological controls (Annex A 8)',
        reference: '8.6',
        title: 'Information backup (A.8.13)',
        description:
          'Provide the backup policy, screenshots of backup configuration and monitoring, and the records of restore tests performed in the last twelve months.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 25,
      },
      {
        section: '8 Technological controls (Annex A 8)',
        reference: '8.7',
        title: 'Logging and monitoring (A.8.15, A.8.16)',
        description:
          'Provide the list of log sources with retention periods and protection measures, and evidence of monitoring and alert review for a sample of days we will select.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 25,
      },
      {
        section: '8 Technological controls (Annex A 8)',
        reference: '8.8',
        title: 'Network security (A.8.20 to A.8.22)',
        description:
          'Provide the current network diagram, firewall rule sets for the main network boundaries, evidence of their periodic review, and a description of how networks are segregated.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 25,
      },
      {
        section: '8 Technological controls (Annex A 8)',
        reference: '8.9',
        title: 'Use of cryptography (A.8.24)',
        description:
          'Provide the cryptography policy and key management procedure, and configuration evidence of encryption at rest and in transit for in-scope systems.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 25,
      },
      {
        section: '8 Technological controls (Annex A 8)',
        reference: '8.10',
        title: 'Secure development (A.8.25 to A.8.29)',
        description:
          'Provide the secure development policy and coding standards. For a sample of releases we will select, provide evidence of security requirements, code review and security testing before release.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 25,
      },
      {
        section: '8 Technological controls (Annex A 8)',
        reference: '8.11',
        title: 'Change management (A.8.32)',
        description:
          'Provide the change management procedure and a listing of changes to in-scope systems in the last twelve months. For a sample we will select, provide the request, approval, test evidence and implementation record.',
        requiresDocument: true,
        requiresResponse: false,
        dueDaysBefore: 25,
      },
      {
        section: '9 Audit logistics and follow-up',
        reference: '9.1',
        title: 'Confirm the audit schedule and interviewees',
        description:
          'Confirm in writing the audit dates, the sites to be visited, and the people available for interviews for each clause and control area, including top management.',
        requiresDocument: false,
        requiresResponse: true,
        dueDaysBefore: 30,
      },
      {
        section: '9 Audit logistics and follow-up',
        reference: '9.2',
        title: 'Access for remote audit sessions',
        description:
          'Tell us how evidence will be shared during remote sessions (screen sharing or a shared folder) and confirm that the people presenting have access to the systems we need to see.',
        requiresDocument: false,
        requiresResponse: true,
        dueDaysBefore: 20,
      },
      {
        section: '9 Audit logistics and follow-up',
        reference: '9.3',
        title: 'Corrective action plans for audit findings',
        description:
          'For each nonconformity raised during the audit, provide the root cause analysis, the correction and corrective action planned, the owner and the target date, and later the evidence of implementation.',
        requiresDocument: true,
        requiresResponse: true,
        dueDaysBefore: null,
      },
    ],
  },
]
