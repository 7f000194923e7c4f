/** The English words of every issued document. Another language is a table of the same shape (texts/index.ts). */
export const en = {
  letterhead: {
    gstin: 'GSTIN: {{gstin}}',
  },
  common: {
    date: 'Date: {{date}}',
    to: 'To',
    notAvailable: 'N/A',
    yes: 'Yes',
    no: 'No',
    forCorporation: 'For {{corporation}}',
    authorisedSignatory: 'Authorised Signatory',
    computerGenerated: 'This is a computer-generated document and does not require a signature.',
    /** An amount in figures, then in words. */
    amount: '{{figures}} ({{words}})',
    addressLine: '{{city}}, {{state}} - {{pincode}}',
    bankAccount: '{{account}}, {{bank}} (IFSC {{ifsc}})',
  },
  verification: {
    heading: 'Verify this document',
    scan: 'Scan the QR code or open {{url}}',
    code: 'Verification code: {{code}}',
    explain: 'It shows whether the document is valid, superseded or revoked, and the SHA-256 of the issued file.',
    issuedOn: 'Issued on {{date}}',
  },
  units: { sqm: 'sq m', sqft: 'sq ft', acres: 'acres' },
  assetTypes: { land: 'Land', plot: 'Plot', shed: 'Shed', building: 'Building' },
  applicationTypes: { new: 'New', expansion_reservation: 'Expansion / Reservation' },
  categories: { general: 'General', sc: 'SC', st: 'ST', bc: 'BC', women: 'Women', minority: 'Minority', mse: 'MSE' },
  invoiceTypes: {
    processing_fee: 'Processing fee (with GST)',
    emd: 'Earnest money deposit (EMD)',
    premium_instalment: 'First premium instalment',
    service_fee: 'Service request fee',
    lease_rent: 'Lease rent',
    maintenance_charge: 'Maintenance charges',
  },
  paymentMethods: { online: 'Online', neft_rtgs: 'NEFT/RTGS' },
  paymentStatuses: { success: 'Success', failed: 'Failed' },
  labels: {
    organisation: 'Organisation',
    address: 'Address',
    pan: 'PAN',
    gstin: 'GSTIN',
    category: 'Category',
    bankAccount: 'Bank account',
    applicationNumber: 'Application number',
    applicationType: 'Application type',
    submittedOn: 'Submitted on',
    estimatedInvestment: 'Estimated investment',
    employment: 'Employment to be generated',
    projectDescription: 'Project',
    assetCode: 'Asset code',
    assetType: 'Type',
    locationZone: 'Location and zone',
    surveyNumber: 'Survey number',
    plotNumber: 'Plot number',
    area: 'Area ({{unit}})',
    valuation: 'Valuation',
    allotmentNumber: 'Allotment number',
  },
  acknowledgment: {
    title: 'Acknowledgment of Application',
    number: 'Application No. {{number}}',
    intro:
      'We acknowledge receipt of the application below for the allotment of an industrial asset. Please quote the application number in all correspondence.',
    applicant: 'Applicant',
    application: 'Application',
    asset: 'Asset applied for',
    fees: 'Fees raised on submission',
    fee: '{{amount}}, due by {{due}}',
    noFees: 'No fees were raised on submission.',
    next: 'The application will now be scrutinised. You can follow it, answer any query and pay the fees in the portal.',
    jobs: '{{count}}',
  },
  receipt: {
    title: 'Payment Receipt',
    number: 'Receipt No. {{number}}',
    receivedFrom: 'Received from',
    applicationNumber: 'Application number',
    invoiceNumber: 'Invoice number',
    towards: 'Towards',
    amount: 'Amount',
    amountInWords: 'Amount in words',
    paymentMethod: 'Payment method',
    transactionReference: 'Transaction reference',
    dateTime: 'Date and time of payment',
    status: 'Status',
    note: 'Received with thanks. This is a computer-generated receipt and does not require a signature.',
  },
  allotment: {
    title_provisional: 'Provisional Allotment Letter',
    title_final: 'Final Allotment Letter',
    reference: 'Ref. No. {{number}}',
    subject_provisional: 'Subject: Provisional allotment of {{type}} {{code}} at {{location}}',
    subject_final: 'Subject: Final allotment of {{type}} {{code}} at {{location}}',
    applicationReference: 'Reference: Your application No. {{number}}',
    salutation: 'Dear Sir/Madam,',
    body_provisional:
      'With reference to the above, we are pleased to inform you that the asset described below has been allotted to you on a provisional basis, subject to the terms and conditions set out in this letter.',
    body_final:
      'With reference to the above, we are pleased to inform you that the asset described below has been finally allotted to you, subject to the terms and conditions set out in this letter. This letter supersedes the provisional allotment letter.',
    assetDetails: 'Details of the asset',
    termsTitle: 'Terms and conditions',
    terms: {
      validity: 'This allotment is valid until {{date}}.',
      commencement: 'The project must commence within the stipulated period.',
      balance: 'The balance payment must be made as per the payment schedule.',
      leaseDeed: 'The allotment is subject to execution of the lease deed.',
      cancellation: 'The Corporation may cancel this allotment for non-compliance with any of these terms.',
      conversion: 'A provisional allotment will be converted to a final allotment on execution of the lease deed.',
    },
  },
  possession: {
    title: 'Possession Certificate',
    number: 'Certificate No. {{number}}',
    intro:
      'This is to certify that physical possession of the asset described below has been handed over to the allottee named here.',
    totalArea: 'Total area of the asset ({{unit}})',
    areaHandedOver: 'Area handed over ({{unit}})',
    possessionDate: 'Possession date',
    boundaryMarked: 'Boundary marked',
    remarks: 'Remarks',
    allotteeSignature: 'Signature of the allottee',
    officerSignature: 'Signature of the authorised officer',
  },
  /** The orders of the allotment's life (decision 014): a service request that took effect, a show-cause notice and
   * the order deciding it. */
  orders: {
    orderNumber: 'Order No. {{number}}',
    noticeNumber: 'Notice No. {{number}}',
    subject: 'Subject: {{title}}, allotment No. {{allotment}} ({{code}} at {{location}})',
    requestReference: 'Reference: request No. {{number}} dated {{date}}',
    noticeReference: 'Reference: Show-cause notice No. {{number}} dated {{date}}',
    salutation: 'Dear Sir/Madam,',
    allotmentDetails: 'The allotment and the plot',
    ordered: 'What is ordered',
    titles: {
      extension_order: 'Order of Extension of Time',
      transfer_order: 'Order of Transfer of Allotment',
      change_order_name: 'Order of Change of Name',
      change_order_constitution: 'Order of Change of Constitution',
      change_order_activity: 'Order of Change of Activity',
      mortgage_noc: 'No Objection Certificate for Mortgage',
      subletting_permission: 'Permission to Sublet',
      surrender_acceptance: 'Acceptance of Surrender of Allotment',
      show_cause_notice: 'Show-Cause Notice',
      cancellation_order_cancelled: 'Order of Cancellation of Allotment',
      cancellation_order_dropped: 'Order Dropping the Show-Cause Notice',
    },
    milestones: {
      commence_construction: 'Construction to commence',
      start_production: 'Production to start',
    },
    changed: { name: 'name', constitution: 'constitution', activity: 'line of activity' },
    labels: {
      orderNumber: 'Order number',
      requestNumber: 'Request number',
      milestone: 'Milestone',
      previousDueOn: 'Due before',
      dueOn: 'Now due on',
      extension: 'Extension',
      transferor: 'Transferred by',
      transferee: 'Transferred to',
      changed: 'Changed',
      previous: 'Before',
      value: 'Now',
      lender: 'Lender',
      loanAmount: 'Loan amount',
      subLessee: 'Sub-lessee',
      subletArea: 'Area sublet ({{unit}})',
      months: 'Period',
      endedOn: 'Allotment ended on',
      refundDue: 'Refund due',
      replyBy: 'Reply by',
      outcome: 'Decision',
    },
    monthsValue: '{{months}} months',
    extensionValue: '{{count}} of {{max}}',
    extension: {
      body: 'On your request for an extension of time, the Corporation extends the time allowed for the milestone of the allotment named above.',
      ordered:
        '{{milestone}} is now due on {{due}} (previously {{previous}}); extension {{count}} of {{max}}. The other terms of the allotment are unchanged.',
    },
    transfer: {
      body: 'On the request of the allottee and the acceptance of the transferee, the Corporation transfers the allotment named above.',
      ordered:
        'The allotment held by {{transferor}} is transferred to {{transferee}} with effect from {{date}}, on the same terms and conditions, for the rest of the lease. The transferee now holds the allotment and answers for all its terms and dues.',
      legalHeir: 'The transfer is to a legal heir of the allottee; no transfer fee is charged.',
    },
    change: {
      body: 'On your request, the Corporation records the change below against the allotment named above.',
      ordered:
        'The {{changed}} of the allottee is changed from "{{previous}}" to "{{value}}" with effect from {{date}}. The other terms of the allotment are unchanged.',
    },
    mortgage: {
      body: 'On your request, the Corporation issues this no objection certificate for the allotment named above.',
      ordered:
        'The Corporation has no objection to the allottee mortgaging its leasehold rights in the plot to {{lender}} as security for a loan of {{amount}}. The rights of the Corporation under the lease, and its charge for its dues, are not affected.',
    },
    subletting: {
      body: 'On your request, the Corporation permits the subletting below of the plot of the allotment named above.',
      ordered:
        'The allottee may sublet {{area}} {{unit}} of the plot to {{subLessee}} for {{months}} months from {{date}}, on the terms of the lease. The allottee remains answerable to the Corporation for the whole plot.',
    },
    surrender: {
      body: 'On your request to surrender the allotment named above, the Corporation accepts the surrender.',
      ordered:
        'The allotment ended on {{date}}. The plot returns to the Corporation, and the allottee is to hand it over free of all encumbrances.',
      refund:
        'Refund due: {{amount}} (the premium paid, less the share forfeited and any unpaid dues), paid to the bank account on record.',
    },
    showCause: {
      body: 'It has come to the notice of the Corporation that the terms of the allotment named above are not being complied with, on the grounds below. You are asked to show cause why the allotment should not be cancelled.',
      grounds: 'Grounds',
      reply:
        'Reply in the portal, with any documents you rely on, by {{date}}. If no reply is received by that day, the matter will be decided on the records.',
    },
    decision: {
      hearing: 'Hearing',
      cancelled:
        'Having considered the notice, the reply and the hearing recorded above, the Corporation cancels the allotment named above for non-compliance with its terms, with effect from {{date}}. The plot returns to the Corporation.',
      dropped:
        'Having considered the notice, the reply and the hearing recorded above, the Corporation drops the show-cause notice. The allotment continues on its terms.',
      refund:
        'Refund due: {{amount}} (the premium paid, less the earnest money deposit and the share forfeited, and any unpaid dues).',
      outcomes: { cancelled: 'Allotment cancelled', dropped: 'Notice dropped' },
    },
  },
};

/** The shape every language's table has. */
export type DocumentTexts = typeof en;
