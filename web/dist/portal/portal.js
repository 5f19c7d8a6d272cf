"use strict";(()=>{var ut=document.querySelector('meta[name="taxd-api"]')?.content||"/api",aa=document.querySelector('meta[name="taxd-graphql"]')?.content||"/graphql",J=class extends Error{},O=class extends Error{constructor(a,s,r=""){super(s);this.status=a;this.code=r}},pt=()=>{};function mt(n){pt=n}function Ge(){throw pt(),new J("session expired")}async function te(n,t,a,s){let r;try{r=await fetch(`${ut}/users/${encodeURIComponent(n.code)}${a}`,{method:t,headers:{Authorization:`Bearer ${n.token}`,...s===void 0?{}:{"Content-Type":"application/json"}},body:s===void 0?void 0:JSON.stringify(s)})}catch{throw Ce()}if(r.status===401&&Ge(),!r.ok)throw new O(r.status,await gt(r));return(await r.json()).data}async function gt(n){try{let t=await n.json();if(t&&typeof t.message=="string")return Qe(t.message)}catch{}return _e(n.status)}function _e(n){return n===404?"We could not find this. It may have been removed.":n===429?"Too many requests in a short time. Wait a minute, then try again.":n===503?"The service is busy or under maintenance. Try again in a minute.":"Something went wrong on our side. Try again in a moment."}function Ce(){return new O(0,"The portal could not reach the server. Check your internet connection and try again.","OFFLINE")}async function Te(n,t,a){let s=t.toString(),r;try{r=await fetch(aa,{method:"POST",headers:{Authorization:`Bearer ${n.token}`,"Content-Type":"application/json"},body:JSON.stringify({query:s,variables:a??{}})})}catch{throw Ce()}r.status===401&&Ge();let i;try{i=await r.json()}catch{throw new O(r.status,_e(r.status))}let o=i.errors?.[0];if(o){let p=o.extensions?.code||"";throw p==="UNAUTHENTICATED"&&Ge(),new O(r.status,sa(p,o.message),p)}return i.data}function sa(n,t){switch(n){case"BAD_USER_INPUT":return Qe(t);case"NOT_FOUND":return"We could not find this. It may have been merged, deleted or changed meanwhile; reload the page.";case"CONFLICT":return`This could not be done: ${ra(Qe(t))}`;case"TAXES_LOCKED":return"This falls in a tax period that is locked because it was filed. Ask your provider to unlock it first.";case"FORBIDDEN":return"Your sign-in does not allow this.";case"RATE_LIMITED":return"Too many requests in a short time. Wait a minute, then try again.";case"TIMEOUT":return"This took too long to answer. Try again, or narrow the filters.";default:return"Something went wrong on our side. Try again in a moment."}}function ra(n){return n.charAt(0).toLowerCase()+n.slice(1)}function Qe(n){let t=n.replace(/^[\w.[\]]+: /,"");return/regular expression|doesn't match|format "/.test(t)?"That value is not in the expected format.":(t=t.replace(/\s+/g," ").trim(),t?t.charAt(0).toUpperCase()+t.slice(1)+(/[.!?]$/.test(t)?"":"."):"That value is not valid.")}function ne(n){return n instanceof O?n.message:"Something went wrong in the portal. Reload the page and try again."}async function yt(n,t,a,s){let r;try{r=await fetch(`${ut}/users/${encodeURIComponent(n)}/reports/${encodeURIComponent(t)}/download`,{method:"POST",headers:{"Content-Type":"application/json"},body:JSON.stringify({expires:a,signature:s})})}catch{throw Ce()}if(r.status===401)return"expired";if(r.status===404)return"gone";if(!r.ok)throw new O(r.status,_e(r.status));return oa(await r.blob(),ia(r,"report")),"ok"}function ia(n,t){let a=n.headers.get("Content-Disposition")||"",s=/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(a);return s?decodeURIComponent(s[1]):t}function oa(n,t){let a=URL.createObjectURL(n),s=document.createElement("a");s.href=a,s.download=t,s.hidden=!0,document.body.append(s),s.click(),s.remove(),setTimeout(()=>URL.revokeObjectURL(a),6e4)}async function ht(n){let t;try{t=await fetch("/portal/link-session",{method:"POST",headers:{"Content-Type":"application/json"},body:JSON.stringify({link:n})})}catch{throw Ce()}if(t.status===404)throw new O(404,"This link is not valid any more. Ask your provider for a new one.");if(!t.ok)throw new O(t.status,await gt(t));return t.json()}function e(n,t={},...a){let r=la.has(n)?document.createElementNS("http://www.w3.org/2000/svg",n):document.createElement(n);for(let[i,o]of Object.entries(t))o==null||o===!1||(i.startsWith("on")&&typeof o=="function"?r.addEventListener(i.slice(2),o):o===!0?r.setAttribute(i,""):r.setAttribute(i,String(o)));for(let i of a.flat())i==null||i===!1||i===""||r.append(typeof i=="number"?String(i):i);return r}var la=new Set(["svg","g","rect","line","text","title","desc","path","polyline","circle"]);function R(n){n.replaceChildren()}function Y(n){let t=me(n);return t?t.toLocaleString("en-US",{dateStyle:"medium",timeStyle:"short"}):"\u2014"}function V(n){let t=me(n);return t?t.toLocaleDateString("en-US",{dateStyle:"medium"}):"\u2014"}function Ye(n,t){let a=me(n);return a?a.toLocaleTimeString("en-US",{hour:"numeric",minute:"2-digit",timeZone:t}):"\u2014"}function me(n){if(!n)return null;let t=new Date(n);return isNaN(t.getTime())||t.getUTCFullYear()<1971?null:t}var ze="USD";function It(n){ze=n||"USD"}function C(n){return n==null?"\u2014":(Math.round(n)===0?0:n/100).toLocaleString("en-US",{style:"currency",currency:ze})}function k(n){return n==null?"\u2014":n>0?`+${C(n)}`:n<0?`\u2212${C(-n)}`:C(0)}function We(n){return(n/100).toLocaleString("en-US",{style:"currency",currency:ze,notation:"compact",maximumFractionDigits:1})}function B(n){if(!n)return"\u2014";let t=Number(n);return isFinite(t)?t.toLocaleString("en-US",{maximumFractionDigits:Math.abs(t)>=1e3?2:8}):n}function ge(n){return n==null||!isFinite(n)?"\u2014":`${n>0?"+":n<0?"\u2212":""}${Math.abs(n).toLocaleString("en-US",{maximumFractionDigits:1})}%`}function ae(n){return n.length>16?`${n.slice(0,6)}\u2026${n.slice(-4)}`:n}function ce(n){let t=document.getElementById("announcer");t||(t=e("div",{id:"announcer",class:"sr-only",role:"status","aria-live":"polite"}),document.body.append(t)),t.textContent="",setTimeout(()=>{t.textContent=n},50)}function ee(n){return new Promise(t=>setTimeout(t,n))}function q(n){return e("p",{class:"loading",role:"status"},e("span",{class:"spinner","aria-hidden":"true"}),`Loading ${n}\u2026`)}function H(n,t,...a){return e("div",{class:"empty",id:t},e("p",{},n),...a)}function N(n,t,a,s=""){return a.id=n,e("div",{class:`field ${s}`},e("label",{for:n},t),a)}function U(n,t,a){let s=e("select",{name:n},...t.map(([r,i])=>e("option",{value:r},i)));return a!==void 0&&(s.value=a),s}function F(n,t,a="",s={}){return e("button",{type:"button",class:a,onclick:t,...s},n)}function xe(n,t,a){return s=>{let r=s.currentTarget;if(r.nextElementSibling?.classList.contains("confirm"))return;let i=()=>{p.remove(),r.hidden=!1},o=F(t,()=>{i(),a(r)},"small",{"data-confirm-yes":r.id||""}),p=e("div",{class:"confirm",role:"group","aria-label":n},e("p",{},n),o,F("Cancel",()=>{i(),r.focus()},"secondary small"));r.hidden=!0,r.after(p),o.focus()}}async function _(n,t,a){let s=n.textContent;n.disabled=!0,n.textContent=t,n.setAttribute("aria-busy","true");try{return await a()}finally{n.disabled=!1,n.textContent=s,n.removeAttribute("aria-busy")}}var A=class extends String{constructor(t,a){super(t),this.value=t,this.__meta__=a}toString(){return this.value}},ft=new A(`
    fragment PortalTxRow on Transaction {
  id
  createdAt
  label
  accountId
  provider
  isHidden
  isMissingBasis
  hasNegativeBalance
  isInternalTransfer
  isDirty
  isSpam
  fiatValueCents
  capGainsSumSigned
  incomeSum
  transfers {
    id
    direction
    isFee
    amountExact
    assetId
    asset {
      id
      symbol
    }
    fiatValueCents
  }
}
    `,{fragmentName:"PortalTxRow"}),bt=new A(`
    fragment PortalTxDetail on Transaction {
  id
  createdAt
  txnHash
  accountId
  provider
  explorerUrl
  label
  labelSource
  notes
  isHidden
  isReviewed
  isDirty
  isMissingBasis
  hasNegativeBalance
  isInternalTransfer
  isEdited
  isSpam
  isOffChain
  linkType
  linkId
  linkedTransactionId
  fiatValueCents
  feeFiatValueCents
  capGainsSumSigned
  incomeSum
  classification {
    rule
    confidence
    explanation
  }
  transfers {
    id
    ordering
    assetId
    asset {
      id
      symbol
      name
      pricingKey
    }
    amountExact
    fromAccountId
    toAccountId
    fromAddress
    toAddress
    direction
    isFee
    isHidden
    fiatValueCents
    basisFiatValueCents
    isFiatValueOverridden
    capGainsSumSigned
    incomeSum
    saleTerm
    uncoveredAmountExact
  }
}
    `,{fragmentName:"PortalTxDetail"}),$t=new A(`
    query PortalClient {
  getMyActiveClient {
    id
    name
    currency
    timezone
    fiscalYearStart
    costBasisAlgorithm
    lockTaxesUntil
    jurisdictionRules {
      jurisdiction
      name
      taxYearStart
      taxYearLabelFormat
      hasHoldingTerms
      hasForm8949
      hasForm1099DA
      reports {
        type
        name
      }
      text
      matchingText
      words {
        proceeds
        cost
        gains
        losses
        netGain
        taxableGain
        deniedLosses
        holding
        shortTerm
        longTerm
        taxableIncome
        threshold
      }
    }
  }
}
    `),Ct=new A(`
    query PortalTaxYears($clientId: ID!) {
  getTaxYears(clientId: $clientId)
}
    `),Tt=new A(`
    query PortalYear($clientId: ID!, $year: String!) {
  getIncomeAndCapGains(clientId: $clientId, year: $year) {
    year
    startDate
    endDate
    proceedsCents
    costBasisCents
    shortTermCapGainsCents
    longTermCapGainsCents
    capGainsCents
    futuresCents
    incomeCents
    incomeByLabel {
      label
      name
      incomeCents
      transactionCount
    }
    disposalCount
    transactionCount
    isStale
    computedAt
    jurisdiction
    taxYearLabel
    gainsCents
    lossesCents
    deniedLossesCents
    taxableCapitalGainsCents
    gainThresholdCents
    taxableIncomeCents
    incomeThresholdCents
    discountGainsCents
    lossesBroughtForwardCents
    discountCents
    lossesCarriedForwardCents
  }
}
    `),xt=new A(`
    query PortalDirty($clientId: ID!) {
  countDirty(clientId: $clientId)
}
    `),wt=new A(`
    query PortalActiveJob($clientId: ID!) {
  getActiveRecalculateJob(clientId: $clientId) {
    id
    status
    progress
    attempt
  }
}
    `),St=new A(`
    query PortalLastRun {
  getMyActiveClient {
    id
    lastRecalculatedAt
  }
}
    `),Pt=new A(`
    mutation PortalRecalculate($clientId: ID!) {
  rerunGraph(clientId: $clientId)
}
    `),Dt=new A(`
    query PortalTransactionCount($clientId: ID!, $search: String, $startDate: Date, $endDate: Date, $assetIds: [String!], $accountIds: [ID!], $labels: [String!], $labelFilterMode: String, $insightPatternId: ID, $includeHidden: Boolean) {
  getClientTransactionsSummary(
    clientId: $clientId
    search: $search
    startDate: $startDate
    endDate: $endDate
    assetIds: $assetIds
    accountIds: $accountIds
    labels: $labels
    labelFilterMode: $labelFilterMode
    insightPatternId: $insightPatternId
    includeHidden: $includeHidden
  ) {
    transactionCount
  }
}
    `),vt=new A(`
    query PortalReviewQueue($clientId: ID!, $patternId: ID, $limit: Int) {
  getClientReviewQueue(clientId: $clientId, patternId: $patternId, limit: $limit) {
    totalCount
    groups {
      patternId
      type
      severity
      title
      count
      assetId
    }
    items {
      transactionId
      patternId
      type
      problems
    }
  }
}
    `),At=new A(`
    query PortalAccounts($clientId: String!) {
  getClientAccounts(clientId: $clientId) {
    id
    name
    type
    provider
    address
    status
    transactionCount
    lastSyncedAt
    lastSyncError
  }
}
    `),Et=new A(`
    query PortalAssets($clientId: ID!) {
  getClientAssets(clientId: $clientId, hideSpamAssets: true) {
    assets {
      id
      symbol
      name
      pricingKey
    }
  }
}
    `),Rt=new A(`
    query PortalLabels($clientId: ID) {
  getLabels(clientId: $clientId) {
    value
    name
    description
    category
    isIncome
    isDisposal
    isNonTaxable
  }
}
    `),Lt=new A(`
    query PortalTransactions($clientId: ID!, $page: Int, $limit: Int, $search: String, $startDate: Date, $endDate: Date, $assetIds: [String!], $accountIds: [ID!], $labels: [String!], $labelFilterMode: String, $insightPatternId: ID, $includeHidden: Boolean, $onlyTransactionIds: [String!]) {
  getClientTransactions(
    clientId: $clientId
    page: $page
    limit: $limit
    skipTotal: true
    search: $search
    startDate: $startDate
    endDate: $endDate
    assetIds: $assetIds
    accountIds: $accountIds
    labels: $labels
    labelFilterMode: $labelFilterMode
    insightPatternId: $insightPatternId
    includeHidden: $includeHidden
    onlyTransactionIds: $onlyTransactionIds
  ) {
    transactions {
      ...PortalTxRow
    }
    page
    limit
    hasNextPage
  }
}
    fragment PortalTxRow on Transaction {
  id
  createdAt
  label
  accountId
  provider
  isHidden
  isMissingBasis
  hasNegativeBalance
  isInternalTransfer
  isDirty
  isSpam
  fiatValueCents
  capGainsSumSigned
  incomeSum
  transfers {
    id
    direction
    isFee
    amountExact
    assetId
    asset {
      id
      symbol
    }
    fiatValueCents
  }
}`),kt=new A(`
    query PortalTransaction($clientId: ID!, $id: ID!) {
  getTransaction(
    clientId: $clientId
    transactionId: $id
    includeAllTransfers: true
  ) {
    ...PortalTxDetail
  }
}
    fragment PortalTxDetail on Transaction {
  id
  createdAt
  txnHash
  accountId
  provider
  explorerUrl
  label
  labelSource
  notes
  isHidden
  isReviewed
  isDirty
  isMissingBasis
  hasNegativeBalance
  isInternalTransfer
  isEdited
  isSpam
  isOffChain
  linkType
  linkId
  linkedTransactionId
  fiatValueCents
  feeFiatValueCents
  capGainsSumSigned
  incomeSum
  classification {
    rule
    confidence
    explanation
  }
  transfers {
    id
    ordering
    assetId
    asset {
      id
      symbol
      name
      pricingKey
    }
    amountExact
    fromAccountId
    toAccountId
    fromAddress
    toAddress
    direction
    isFee
    isHidden
    fiatValueCents
    basisFiatValueCents
    isFiatValueOverridden
    capGainsSumSigned
    incomeSum
    saleTerm
    uncoveredAmountExact
  }
}`),Bt=new A(`
    query PortalTransactionLots($clientId: ID!, $key: String!, $id: ID) {
  getTaxLots(clientId: $clientId, assetPricingKey: $key, transactionId: $id) {
    costBasisAlgorithm
    disposals {
      transferId
      amountExact
      proceedsCents
      costBasisCents
      gainCents
      term
      box
      lotAcquiredAt
      lotTransactionId
      isUncovered
      isMissingBasis
      match
      deniedLossExact
    }
    lots {
      id
      acquiredAt
      amountExact
      originalAmountExact
      costBasisCents
      term
      isMissingBasis
    }
  }
}
    `),Ft=new A(`
    query PortalLabelOptions($clientId: ID!, $id: ID!) {
  getTransactionTypeOptions(clientId: $clientId, transactionId: $id) {
    options {
      value
      name
      description
    }
    recommended {
      value
    }
    currentLabel
  }
}
    `),Mt=new A(`
    query PortalAudit($clientId: ID!, $ids: [ID!]) {
  getClientAuditLogs(
    clientId: $clientId
    transactionIds: $ids
    limit: 25
    page: 0
  ) {
    auditLogs {
      id
      createdAt
      actorType
      action
      entityType
      field
      oldValue
      newValue
      undoneAt
      canUndo
      source
    }
    total
  }
}
    `),Nt=new A(`
    query PortalPairs($clientId: ID!, $id: ID, $limit: Int) {
  getTransferPairSuggestions(
    clientId: $clientId
    transactionId: $id
    limit: $limit
  ) {
    fromTransactionId
    toTransactionId
    fromAccountId
    toAccountId
    sentAmountExact
    receivedAmountExact
    feeAmountExact
    sentAt
    receivedAt
    asset {
      symbol
    }
  }
}
    `),qt=new A(`
    mutation PortalLabel($clientId: ID!, $ids: [ID!]!, $label: String, $wipe: Boolean) {
  labelTransactions(
    clientId: $clientId
    transactionIds: $ids
    label: $label
    wipeLabel: $wipe
    source: "portal"
  ) {
    id
    label
  }
}
    `),Vt=new A(`
    mutation PortalHide($clientId: ID!, $id: ID!, $hidden: Boolean!) {
  hideTransaction(clientId: $clientId, transactionId: $id, isHidden: $hidden) {
    id
    isHidden
  }
}
    `),Ut=new A(`
    mutation PortalReviewed($clientId: ID!, $id: ID!, $reviewed: Boolean!) {
  updateTransaction(
    clientId: $clientId
    transactionId: $id
    createDefaultRule: false
    source: "portal"
    updates: {isReviewed: $reviewed}
  ) {
    transaction {
      id
      isReviewed
    }
  }
}
    `),Ot=new A(`
    mutation PortalSetPrice($clientId: ID!, $ids: [ID!]!, $assetId: ID, $price: Float) {
  saveReceivePriceForTransactions(
    clientId: $clientId
    transactionIds: $ids
    assetId: $assetId
    fiatValue: $price
  ) {
    id
  }
}
    `),Ht=new A(`
    mutation PortalSetValue($clientId: ID!, $tx: ID!, $transfer: ID!, $value: Float, $basis: Float, $reset: Boolean) {
  updateTransfer(
    clientId: $clientId
    transactionId: $tx
    transferId: $transfer
    fiatValue: $value
    basisFiatValue: $basis
    resetFiatValue: $reset
    source: "portal"
  ) {
    id
  }
}
    `),Gt=new A(`
    mutation PortalPair($clientId: ID!, $from: ID!, $to: ID!) {
  markInternalTransfer(
    clientId: $clientId
    fromTransactionId: $from
    toTransactionId: $to
  )
}
    `),Qt=new A(`
    mutation PortalUnpair($clientId: ID!, $from: ID!, $to: ID!) {
  unmarkInternalTransfer(
    clientId: $clientId
    fromTransactionId: $from
    toTransactionId: $to
  )
}
    `),_t=new A(`
    mutation PortalUndo($clientId: ID!, $ids: [ID!]!) {
  undoAuditLogs(clientId: $clientId, auditLogIds: $ids, source: "portal") {
    id
  }
}
    `),Yt=new A(`
    mutation PortalAcceptBasis($clientId: ID!, $ids: [ID!]!, $override: Boolean!) {
  updateMultiTransactionsCostBasis(
    clientId: $clientId
    transactionIds: $ids
    isMissingBasis: false
    overrideIsMissingBasis: $override
  ) {
    id
  }
}
    `),zt=new A(`
    mutation PortalMarkSpam($assetId: ID!, $spam: Boolean) {
  updateAsset(assetId: $assetId, isSpam: $spam) {
    id
    isSpam
  }
}
    `),Wt=new A(`
    query PortalPortfolio($clientId: ID!) {
  getPortfolioV2(clientId: $clientId, limit: 100, sort: VALUE) {
    positions {
      assetId
      asset {
        symbol
        name
      }
      amountExact
      price
      valueCents
      costBasisCents
      unrealizedGainCents
      unrealizedGainPercent
      portfolioPercent
      isReceipt
      defiPosition {
        id
        name
      }
    }
    total
    totalValueCents
    totalCostBasisCents
    totalUnrealizedGainCents
    isStale
    computedAt
  }
}
    `),jt=new A(`
    query PortalChart($clientId: ID!, $interval: HistoricalBalanceIntervalEnum!) {
  getChart(clientId: $clientId, interval: $interval) {
    points {
      date
      valueCents
      costBasisCents
    }
    startValueCents
    endValueCents
    changeCents
    changePercent
    isStale
  }
}
    `),Jt=new A(`
    query PortalHarvest($clientId: ID!, $date: Date!) {
  getHarvestableLosses(clientId: $clientId, date: $date) {
    totalUnrealizedLossCents
    shortTermUnrealizedLossCents
    longTermUnrealizedLossCents
    assets {
      assetId
      asset {
        symbol
        name
      }
      amountExact
      price
      marketValueCents
      costBasisCents
      unrealizedGainCents
      shortTermUnrealizedGainCents
      longTermUnrealizedGainCents
      hasRecentAcquisition
    }
    unpricedAssetIds
    isStale
  }
}
    `),Kt=new A(`
    query PortalForm8949($clientId: ID!, $year: Int!, $box: Form8949BoxEnum, $page: Int) {
  getForm8949PreviewForYear(
    clientId: $clientId
    year: $year
    box: $box
    page: $page
    limit: 25
  ) {
    boxes {
      box
      term
      rowCount
      proceedsCents
      costBasisCents
      adjustmentCents
      gainOrLossCents
    }
    rows {
      transactionId
      description
      dateAcquired
      dateSold
      proceedsCents
      costBasisCents
      gainOrLossCents
      box
    }
    total
    page
    limit
    isStale
  }
}
    `),Xt=new A(`
    query PortalTaxForms($clientId: ID!, $year: Int!) {
  getTaxFormStatuses(clientId: $clientId, year: $year, formType: "FORM_1099_DA") {
    taxForms {
      id
      brokerName
      status
      statusMessage
      rowCount
      uploadedAt
    }
  }
}
    `),Zt=new A(`
    query PortalReconciliation($clientId: ID!, $formId: ID!) {
  getTaxFormReconciliation(clientId: $clientId, taxFormId: $formId) {
    brokerProceedsCents
    computedProceedsCents
    proceedsDifferenceCents
    brokerCostBasisCents
    computedCostBasisCents
    matchedCount
    mismatchedCount
    missingInLedgerCount
    missingOnFormCount
    rows {
      id
      status
      transactionId
      assetSymbol
      amountExact
      dateSold
      brokerProceedsCents
      computedProceedsCents
      proceedsDifferenceCents
      brokerCostBasisCents
      computedCostBasisCents
    }
  }
}
    `),en=new A(`
    query PortalReports($clientId: ID!) {
  getReports(clientId: $clientId) {
    id
    type
    typeName
    status
    year
    fileName
    isStale
    error
    createdAt
    completedAt
  }
}
    `),tn=new A(`
    query PortalRequestReport($clientId: ID!, $type: ReportExportTypeEnum!, $year: String!, $email: String) {
  getReportExportV2(
    clientId: $clientId
    type: $type
    dateQueryType: TAX_YEAR
    year: $year
    email: $email
  ) {
    report {
      id
      status
    }
    isCached
    emailQueued
  }
}
    `),nn=new A(`
    query PortalDownloadUrl($id: ID!) {
  getReportDownloadUrl(reportId: $id) {
    url
    fileName
  }
}
    `),an=new A(`
    query PortalTaxEstimate($clientId: ID!, $year: String!, $bracket: String, $longTermBracket: String) {
  getTaxEstimate(
    clientId: $clientId
    year: $year
    bracket: $bracket
    longTermBracket: $longTermBracket
  ) {
    taxYearLabel
    isStale
    bracket {
      key
    }
    longTermBracket {
      key
    }
    brackets {
      key
      name
    }
    longTermBrackets {
      key
      name
    }
    allowanceAppliedCents
    allowanceCents
    taxableGainCents
    taxCents
    assumptions
    parts {
      what
      amountCents
      percent
      taxCents
    }
  }
}
    `);var da={"\nfragment PortalTxRow on Transaction {\n  id createdAt label accountId provider isHidden isMissingBasis hasNegativeBalance isInternalTransfer isDirty isSpam\n  fiatValueCents capGainsSumSigned incomeSum\n  transfers { id direction isFee amountExact assetId asset { id symbol } fiatValueCents }\n}":ft,"\nfragment PortalTxDetail on Transaction {\n  id createdAt txnHash accountId provider explorerUrl label labelSource notes isHidden isReviewed isDirty isMissingBasis\n  hasNegativeBalance isInternalTransfer isEdited isSpam isOffChain linkType linkId linkedTransactionId\n  fiatValueCents feeFiatValueCents capGainsSumSigned incomeSum\n  classification { rule confidence explanation }\n  transfers {\n    id ordering assetId asset { id symbol name pricingKey } amountExact fromAccountId toAccountId fromAddress toAddress\n    direction isFee isHidden fiatValueCents basisFiatValueCents isFiatValueOverridden capGainsSumSigned incomeSum\n    saleTerm uncoveredAmountExact\n  }\n}":bt,"\nquery PortalClient {\n  getMyActiveClient {\n    id name currency timezone fiscalYearStart costBasisAlgorithm lockTaxesUntil\n    jurisdictionRules {\n      jurisdiction name taxYearStart taxYearLabelFormat hasHoldingTerms hasForm8949 hasForm1099DA reports { type name } text matchingText\n      words { proceeds cost gains losses netGain taxableGain deniedLosses holding shortTerm longTerm taxableIncome threshold }\n    }\n  }\n}":$t,"\nquery PortalTaxYears($clientId: ID!) { getTaxYears(clientId: $clientId) }":Ct,"\nquery PortalYear($clientId: ID!, $year: String!) {\n  getIncomeAndCapGains(clientId: $clientId, year: $year) {\n    year startDate endDate proceedsCents costBasisCents shortTermCapGainsCents longTermCapGainsCents capGainsCents\n    futuresCents incomeCents incomeByLabel { label name incomeCents transactionCount } disposalCount transactionCount\n    isStale computedAt jurisdiction taxYearLabel gainsCents lossesCents deniedLossesCents taxableCapitalGainsCents\n    gainThresholdCents taxableIncomeCents incomeThresholdCents discountGainsCents lossesBroughtForwardCents discountCents lossesCarriedForwardCents\n  }\n}":Tt,"\nquery PortalDirty($clientId: ID!) { countDirty(clientId: $clientId) }":xt,"\nquery PortalActiveJob($clientId: ID!) {\n  getActiveRecalculateJob(clientId: $clientId) { id status progress attempt }\n}":wt,"\nquery PortalLastRun { getMyActiveClient { id lastRecalculatedAt } }":St,"\nmutation PortalRecalculate($clientId: ID!) { rerunGraph(clientId: $clientId) }":Pt,"\nquery PortalTransactionCount($clientId: ID!, $search: String, $startDate: Date, $endDate: Date, $assetIds: [String!], $accountIds: [ID!],\n    $labels: [String!], $labelFilterMode: String, $insightPatternId: ID, $includeHidden: Boolean) {\n  getClientTransactionsSummary(clientId: $clientId, search: $search, startDate: $startDate, endDate: $endDate, assetIds: $assetIds,\n      accountIds: $accountIds, labels: $labels, labelFilterMode: $labelFilterMode, insightPatternId: $insightPatternId, includeHidden: $includeHidden) {\n    transactionCount\n  }\n}":Dt,"\nquery PortalReviewQueue($clientId: ID!, $patternId: ID, $limit: Int) {\n  getClientReviewQueue(clientId: $clientId, patternId: $patternId, limit: $limit) {\n    totalCount\n    groups { patternId type severity title count assetId }\n    items { transactionId patternId type problems }\n  }\n}":vt,"\nquery PortalAccounts($clientId: String!) {\n  getClientAccounts(clientId: $clientId) {\n    id name type provider address status transactionCount lastSyncedAt lastSyncError\n  }\n}":At,"\nquery PortalAssets($clientId: ID!) {\n  getClientAssets(clientId: $clientId, hideSpamAssets: true) { assets { id symbol name pricingKey } }\n}":Et,"\nquery PortalLabels($clientId: ID) {\n  getLabels(clientId: $clientId) { value name description category isIncome isDisposal isNonTaxable }\n}":Rt,"\nquery PortalTransactions($clientId: ID!, $page: Int, $limit: Int, $search: String, $startDate: Date, $endDate: Date,\n    $assetIds: [String!], $accountIds: [ID!], $labels: [String!], $labelFilterMode: String, $insightPatternId: ID,\n    $includeHidden: Boolean, $onlyTransactionIds: [String!]) {\n  getClientTransactions(clientId: $clientId, page: $page, limit: $limit, skipTotal: true, search: $search,\n      startDate: $startDate, endDate: $endDate, assetIds: $assetIds, accountIds: $accountIds, labels: $labels,\n      labelFilterMode: $labelFilterMode, insightPatternId: $insightPatternId, includeHidden: $includeHidden,\n      onlyTransactionIds: $onlyTransactionIds) {\n    transactions { ...PortalTxRow }\n    page limit hasNextPage\n  }\n}":Lt,"\nquery PortalTransaction($clientId: ID!, $id: ID!) {\n  getTransaction(clientId: $clientId, transactionId: $id, includeAllTransfers: true) { ...PortalTxDetail }\n}":kt,"\nquery PortalTransactionLots($clientId: ID!, $key: String!, $id: ID) {\n  getTaxLots(clientId: $clientId, assetPricingKey: $key, transactionId: $id) {\n    costBasisAlgorithm\n    disposals {\n      transferId amountExact proceedsCents costBasisCents gainCents term box lotAcquiredAt lotTransactionId\n      isUncovered isMissingBasis match deniedLossExact\n    }\n    lots { id acquiredAt amountExact originalAmountExact costBasisCents term isMissingBasis }\n  }\n}":Bt,"\nquery PortalLabelOptions($clientId: ID!, $id: ID!) {\n  getTransactionTypeOptions(clientId: $clientId, transactionId: $id) {\n    options { value name description } recommended { value } currentLabel\n  }\n}":Ft,"\nquery PortalAudit($clientId: ID!, $ids: [ID!]) {\n  getClientAuditLogs(clientId: $clientId, transactionIds: $ids, limit: 25, page: 0) {\n    auditLogs { id createdAt actorType action entityType field oldValue newValue undoneAt canUndo source }\n    total\n  }\n}":Mt,"\nquery PortalPairs($clientId: ID!, $id: ID, $limit: Int) {\n  getTransferPairSuggestions(clientId: $clientId, transactionId: $id, limit: $limit) {\n    fromTransactionId toTransactionId fromAccountId toAccountId sentAmountExact receivedAmountExact feeAmountExact\n    sentAt receivedAt asset { symbol }\n  }\n}":Nt,'\nmutation PortalLabel($clientId: ID!, $ids: [ID!]!, $label: String, $wipe: Boolean) {\n  labelTransactions(clientId: $clientId, transactionIds: $ids, label: $label, wipeLabel: $wipe, source: "portal") { id label }\n}':qt,"\nmutation PortalHide($clientId: ID!, $id: ID!, $hidden: Boolean!) {\n  hideTransaction(clientId: $clientId, transactionId: $id, isHidden: $hidden) { id isHidden }\n}":Vt,'\nmutation PortalReviewed($clientId: ID!, $id: ID!, $reviewed: Boolean!) {\n  updateTransaction(clientId: $clientId, transactionId: $id, createDefaultRule: false, source: "portal",\n      updates: { isReviewed: $reviewed }) { transaction { id isReviewed } }\n}':Ut,"\nmutation PortalSetPrice($clientId: ID!, $ids: [ID!]!, $assetId: ID, $price: Float) {\n  saveReceivePriceForTransactions(clientId: $clientId, transactionIds: $ids, assetId: $assetId, fiatValue: $price) { id }\n}":Ot,'\nmutation PortalSetValue($clientId: ID!, $tx: ID!, $transfer: ID!, $value: Float, $basis: Float, $reset: Boolean) {\n  updateTransfer(clientId: $clientId, transactionId: $tx, transferId: $transfer, fiatValue: $value, basisFiatValue: $basis,\n      resetFiatValue: $reset, source: "portal") { id }\n}':Ht,"\nmutation PortalPair($clientId: ID!, $from: ID!, $to: ID!) {\n  markInternalTransfer(clientId: $clientId, fromTransactionId: $from, toTransactionId: $to)\n}":Gt,"\nmutation PortalUnpair($clientId: ID!, $from: ID!, $to: ID!) {\n  unmarkInternalTransfer(clientId: $clientId, fromTransactionId: $from, toTransactionId: $to)\n}":Qt,'\nmutation PortalUndo($clientId: ID!, $ids: [ID!]!) {\n  undoAuditLogs(clientId: $clientId, auditLogIds: $ids, source: "portal") { id }\n}':_t,"\nmutation PortalAcceptBasis($clientId: ID!, $ids: [ID!]!, $override: Boolean!) {\n  updateMultiTransactionsCostBasis(clientId: $clientId, transactionIds: $ids, isMissingBasis: false, overrideIsMissingBasis: $override) { id }\n}":Yt,"\nmutation PortalMarkSpam($assetId: ID!, $spam: Boolean) {\n  updateAsset(assetId: $assetId, isSpam: $spam) { id isSpam }\n}":zt,"\nquery PortalPortfolio($clientId: ID!) {\n  getPortfolioV2(clientId: $clientId, limit: 100, sort: VALUE) {\n    positions {\n      assetId asset { symbol name } amountExact price valueCents costBasisCents unrealizedGainCents\n      unrealizedGainPercent portfolioPercent isReceipt defiPosition { id name }\n    }\n    total totalValueCents totalCostBasisCents totalUnrealizedGainCents isStale computedAt\n  }\n}":Wt,"\nquery PortalChart($clientId: ID!, $interval: HistoricalBalanceIntervalEnum!) {\n  getChart(clientId: $clientId, interval: $interval) {\n    points { date valueCents costBasisCents } startValueCents endValueCents changeCents changePercent isStale\n  }\n}":jt,"\nquery PortalHarvest($clientId: ID!, $date: Date!) {\n  getHarvestableLosses(clientId: $clientId, date: $date) {\n    totalUnrealizedLossCents shortTermUnrealizedLossCents longTermUnrealizedLossCents\n    assets {\n      assetId asset { symbol name } amountExact price marketValueCents costBasisCents unrealizedGainCents\n      shortTermUnrealizedGainCents longTermUnrealizedGainCents hasRecentAcquisition\n    }\n    unpricedAssetIds isStale\n  }\n}":Jt,"\nquery PortalForm8949($clientId: ID!, $year: Int!, $box: Form8949BoxEnum, $page: Int) {\n  getForm8949PreviewForYear(clientId: $clientId, year: $year, box: $box, page: $page, limit: 25) {\n    boxes { box term rowCount proceedsCents costBasisCents adjustmentCents gainOrLossCents }\n    rows { transactionId description dateAcquired dateSold proceedsCents costBasisCents gainOrLossCents box }\n    total page limit isStale\n  }\n}":Kt,'\nquery PortalTaxForms($clientId: ID!, $year: Int!) {\n  getTaxFormStatuses(clientId: $clientId, year: $year, formType: "FORM_1099_DA") {\n    taxForms { id brokerName status statusMessage rowCount uploadedAt }\n  }\n}':Xt,"\nquery PortalReconciliation($clientId: ID!, $formId: ID!) {\n  getTaxFormReconciliation(clientId: $clientId, taxFormId: $formId) {\n    brokerProceedsCents computedProceedsCents proceedsDifferenceCents brokerCostBasisCents computedCostBasisCents\n    matchedCount mismatchedCount missingInLedgerCount missingOnFormCount\n    rows {\n      id status transactionId assetSymbol amountExact dateSold brokerProceedsCents computedProceedsCents\n      proceedsDifferenceCents brokerCostBasisCents computedCostBasisCents\n    }\n  }\n}":Zt,"\nquery PortalReports($clientId: ID!) {\n  getReports(clientId: $clientId) { id type typeName status year fileName isStale error createdAt completedAt }\n}":en,"\nquery PortalRequestReport($clientId: ID!, $type: ReportExportTypeEnum!, $year: String!, $email: String) {\n  getReportExportV2(clientId: $clientId, type: $type, dateQueryType: TAX_YEAR, year: $year, email: $email) {\n    report { id status } isCached emailQueued\n  }\n}":tn,"\nquery PortalDownloadUrl($id: ID!) { getReportDownloadUrl(reportId: $id) { url fileName } }":nn,"\nquery PortalTaxEstimate($clientId: ID!, $year: String!, $bracket: String, $longTermBracket: String) {\n  getTaxEstimate(clientId: $clientId, year: $year, bracket: $bracket, longTermBracket: $longTermBracket) {\n    taxYearLabel isStale bracket { key } longTermBracket { key } brackets { key name } longTermBrackets { key name }\n    allowanceAppliedCents allowanceCents taxableGainCents taxCents assumptions parts { what amountCents percent taxCents }\n  }\n}":an};function E(n){return da[n]??{}}var gs=E(`
fragment PortalTxRow on Transaction {
  id createdAt label accountId provider isHidden isMissingBasis hasNegativeBalance isInternalTransfer isDirty isSpam
  fiatValueCents capGainsSumSigned incomeSum
  transfers { id direction isFee amountExact assetId asset { id symbol } fiatValueCents }
}`),ys=E(`
fragment PortalTxDetail on Transaction {
  id createdAt txnHash accountId provider explorerUrl label labelSource notes isHidden isReviewed isDirty isMissingBasis
  hasNegativeBalance isInternalTransfer isEdited isSpam isOffChain linkType linkId linkedTransactionId
  fiatValueCents feeFiatValueCents capGainsSumSigned incomeSum
  classification { rule confidence explanation }
  transfers {
    id ordering assetId asset { id symbol name pricingKey } amountExact fromAccountId toAccountId fromAddress toAddress
    direction isFee isHidden fiatValueCents basisFiatValueCents isFiatValueOverridden capGainsSumSigned incomeSum
    saleTerm uncoveredAmountExact
  }
}`),sn=E(`
query PortalClient {
  getMyActiveClient {
    id name currency timezone fiscalYearStart costBasisAlgorithm lockTaxesUntil
    jurisdictionRules {
      jurisdiction name taxYearStart taxYearLabelFormat hasHoldingTerms hasForm8949 hasForm1099DA reports { type name } text matchingText
      words { proceeds cost gains losses netGain taxableGain deniedLosses holding shortTerm longTerm taxableIncome threshold }
    }
  }
}`),rn=E(`
query PortalTaxYears($clientId: ID!) { getTaxYears(clientId: $clientId) }`),ye=E(`
query PortalYear($clientId: ID!, $year: String!) {
  getIncomeAndCapGains(clientId: $clientId, year: $year) {
    year startDate endDate proceedsCents costBasisCents shortTermCapGainsCents longTermCapGainsCents capGainsCents
    futuresCents incomeCents incomeByLabel { label name incomeCents transactionCount } disposalCount transactionCount
    isStale computedAt jurisdiction taxYearLabel gainsCents lossesCents deniedLossesCents taxableCapitalGainsCents
    gainThresholdCents taxableIncomeCents incomeThresholdCents discountGainsCents lossesBroughtForwardCents discountCents lossesCarriedForwardCents
  }
}`),on=E(`
query PortalDirty($clientId: ID!) { countDirty(clientId: $clientId) }`),je=E(`
query PortalActiveJob($clientId: ID!) {
  getActiveRecalculateJob(clientId: $clientId) { id status progress attempt }
}`),ln=E(`
query PortalLastRun { getMyActiveClient { id lastRecalculatedAt } }`),cn=E(`
mutation PortalRecalculate($clientId: ID!) { rerunGraph(clientId: $clientId) }`),dn=E(`
query PortalTransactionCount($clientId: ID!, $search: String, $startDate: Date, $endDate: Date, $assetIds: [String!], $accountIds: [ID!],
    $labels: [String!], $labelFilterMode: String, $insightPatternId: ID, $includeHidden: Boolean) {
  getClientTransactionsSummary(clientId: $clientId, search: $search, startDate: $startDate, endDate: $endDate, assetIds: $assetIds,
      accountIds: $accountIds, labels: $labels, labelFilterMode: $labelFilterMode, insightPatternId: $insightPatternId, includeHidden: $includeHidden) {
    transactionCount
  }
}`),se=E(`
query PortalReviewQueue($clientId: ID!, $patternId: ID, $limit: Int) {
  getClientReviewQueue(clientId: $clientId, patternId: $patternId, limit: $limit) {
    totalCount
    groups { patternId type severity title count assetId }
    items { transactionId patternId type problems }
  }
}`),un=E(`
query PortalAccounts($clientId: String!) {
  getClientAccounts(clientId: $clientId) {
    id name type provider address status transactionCount lastSyncedAt lastSyncError
  }
}`),pn=E(`
query PortalAssets($clientId: ID!) {
  getClientAssets(clientId: $clientId, hideSpamAssets: true) { assets { id symbol name pricingKey } }
}`),mn=E(`
query PortalLabels($clientId: ID) {
  getLabels(clientId: $clientId) { value name description category isIncome isDisposal isNonTaxable }
}`),we=E(`
query PortalTransactions($clientId: ID!, $page: Int, $limit: Int, $search: String, $startDate: Date, $endDate: Date,
    $assetIds: [String!], $accountIds: [ID!], $labels: [String!], $labelFilterMode: String, $insightPatternId: ID,
    $includeHidden: Boolean, $onlyTransactionIds: [String!]) {
  getClientTransactions(clientId: $clientId, page: $page, limit: $limit, skipTotal: true, search: $search,
      startDate: $startDate, endDate: $endDate, assetIds: $assetIds, accountIds: $accountIds, labels: $labels,
      labelFilterMode: $labelFilterMode, insightPatternId: $insightPatternId, includeHidden: $includeHidden,
      onlyTransactionIds: $onlyTransactionIds) {
    transactions { ...PortalTxRow }
    page limit hasNextPage
  }
}`),he=E(`
query PortalTransaction($clientId: ID!, $id: ID!) {
  getTransaction(clientId: $clientId, transactionId: $id, includeAllTransfers: true) { ...PortalTxDetail }
}`),Se=E(`
query PortalTransactionLots($clientId: ID!, $key: String!, $id: ID) {
  getTaxLots(clientId: $clientId, assetPricingKey: $key, transactionId: $id) {
    costBasisAlgorithm
    disposals {
      transferId amountExact proceedsCents costBasisCents gainCents term box lotAcquiredAt lotTransactionId
      isUncovered isMissingBasis match deniedLossExact
    }
    lots { id acquiredAt amountExact originalAmountExact costBasisCents term isMissingBasis }
  }
}`),Pe=E(`
query PortalLabelOptions($clientId: ID!, $id: ID!) {
  getTransactionTypeOptions(clientId: $clientId, transactionId: $id) {
    options { value name description } recommended { value } currentLabel
  }
}`),gn=E(`
query PortalAudit($clientId: ID!, $ids: [ID!]) {
  getClientAuditLogs(clientId: $clientId, transactionIds: $ids, limit: 25, page: 0) {
    auditLogs { id createdAt actorType action entityType field oldValue newValue undoneAt canUndo source }
    total
  }
}`),De=E(`
query PortalPairs($clientId: ID!, $id: ID, $limit: Int) {
  getTransferPairSuggestions(clientId: $clientId, transactionId: $id, limit: $limit) {
    fromTransactionId toTransactionId fromAccountId toAccountId sentAmountExact receivedAmountExact feeAmountExact
    sentAt receivedAt asset { symbol }
  }
}`),ve=E(`
mutation PortalLabel($clientId: ID!, $ids: [ID!]!, $label: String, $wipe: Boolean) {
  labelTransactions(clientId: $clientId, transactionIds: $ids, label: $label, wipeLabel: $wipe, source: "portal") { id label }
}`),Ie=E(`
mutation PortalHide($clientId: ID!, $id: ID!, $hidden: Boolean!) {
  hideTransaction(clientId: $clientId, transactionId: $id, isHidden: $hidden) { id isHidden }
}`),Ae=E(`
mutation PortalReviewed($clientId: ID!, $id: ID!, $reviewed: Boolean!) {
  updateTransaction(clientId: $clientId, transactionId: $id, createDefaultRule: false, source: "portal",
      updates: { isReviewed: $reviewed }) { transaction { id isReviewed } }
}`),yn=E(`
mutation PortalSetPrice($clientId: ID!, $ids: [ID!]!, $assetId: ID, $price: Float) {
  saveReceivePriceForTransactions(clientId: $clientId, transactionIds: $ids, assetId: $assetId, fiatValue: $price) { id }
}`),Je=E(`
mutation PortalSetValue($clientId: ID!, $tx: ID!, $transfer: ID!, $value: Float, $basis: Float, $reset: Boolean) {
  updateTransfer(clientId: $clientId, transactionId: $tx, transferId: $transfer, fiatValue: $value, basisFiatValue: $basis,
      resetFiatValue: $reset, source: "portal") { id }
}`),hn=E(`
mutation PortalPair($clientId: ID!, $from: ID!, $to: ID!) {
  markInternalTransfer(clientId: $clientId, fromTransactionId: $from, toTransactionId: $to)
}`),In=E(`
mutation PortalUnpair($clientId: ID!, $from: ID!, $to: ID!) {
  unmarkInternalTransfer(clientId: $clientId, fromTransactionId: $from, toTransactionId: $to)
}`),fn=E(`
mutation PortalUndo($clientId: ID!, $ids: [ID!]!) {
  undoAuditLogs(clientId: $clientId, auditLogIds: $ids, source: "portal") { id }
}`),fe=E(`
mutation PortalAcceptBasis($clientId: ID!, $ids: [ID!]!, $override: Boolean!) {
  updateMultiTransactionsCostBasis(clientId: $clientId, transactionIds: $ids, isMissingBasis: false, overrideIsMissingBasis: $override) { id }
}`),bn=E(`
mutation PortalMarkSpam($assetId: ID!, $spam: Boolean) {
  updateAsset(assetId: $assetId, isSpam: $spam) { id isSpam }
}`),Ee=E(`
query PortalPortfolio($clientId: ID!) {
  getPortfolioV2(clientId: $clientId, limit: 100, sort: VALUE) {
    positions {
      assetId asset { symbol name } amountExact price valueCents costBasisCents unrealizedGainCents
      unrealizedGainPercent portfolioPercent isReceipt defiPosition { id name }
    }
    total totalValueCents totalCostBasisCents totalUnrealizedGainCents isStale computedAt
  }
}`),$n=E(`
query PortalChart($clientId: ID!, $interval: HistoricalBalanceIntervalEnum!) {
  getChart(clientId: $clientId, interval: $interval) {
    points { date valueCents costBasisCents } startValueCents endValueCents changeCents changePercent isStale
  }
}`),Cn=E(`
query PortalHarvest($clientId: ID!, $date: Date!) {
  getHarvestableLosses(clientId: $clientId, date: $date) {
    totalUnrealizedLossCents shortTermUnrealizedLossCents longTermUnrealizedLossCents
    assets {
      assetId asset { symbol name } amountExact price marketValueCents costBasisCents unrealizedGainCents
      shortTermUnrealizedGainCents longTermUnrealizedGainCents hasRecentAcquisition
    }
    unpricedAssetIds isStale
  }
}`),Tn=E(`
query PortalForm8949($clientId: ID!, $year: Int!, $box: Form8949BoxEnum, $page: Int) {
  getForm8949PreviewForYear(clientId: $clientId, year: $year, box: $box, page: $page, limit: 25) {
    boxes { box term rowCount proceedsCents costBasisCents adjustmentCents gainOrLossCents }
    rows { transactionId description dateAcquired dateSold proceedsCents costBasisCents gainOrLossCents box }
    total page limit isStale
  }
}`),xn=E(`
query PortalTaxForms($clientId: ID!, $year: Int!) {
  getTaxFormStatuses(clientId: $clientId, year: $year, formType: "FORM_1099_DA") {
    taxForms { id brokerName status statusMessage rowCount uploadedAt }
  }
}`),wn=E(`
query PortalReconciliation($clientId: ID!, $formId: ID!) {
  getTaxFormReconciliation(clientId: $clientId, taxFormId: $formId) {
    brokerProceedsCents computedProceedsCents proceedsDifferenceCents brokerCostBasisCents computedCostBasisCents
    matchedCount mismatchedCount missingInLedgerCount missingOnFormCount
    rows {
      id status transactionId assetSymbol amountExact dateSold brokerProceedsCents computedProceedsCents
      proceedsDifferenceCents brokerCostBasisCents computedCostBasisCents
    }
  }
}`),Ke=E(`
query PortalReports($clientId: ID!) {
  getReports(clientId: $clientId) { id type typeName status year fileName isStale error createdAt completedAt }
}`),Sn=E(`
query PortalRequestReport($clientId: ID!, $type: ReportExportTypeEnum!, $year: String!, $email: String) {
  getReportExportV2(clientId: $clientId, type: $type, dateQueryType: TAX_YEAR, year: $year, email: $email) {
    report { id status } isCached emailQueued
  }
}`),Pn=E(`
query PortalDownloadUrl($id: ID!) { getReportDownloadUrl(reportId: $id) { url fileName } }`),Dn=E(`
query PortalTaxEstimate($clientId: ID!, $year: String!, $bracket: String, $longTermBracket: String) {
  getTaxEstimate(clientId: $clientId, year: $year, bracket: $bracket, longTermBracket: $longTermBracket) {
    taxYearLabel isStale bracket { key } longTermBracket { key } brackets { key name } longTermBrackets { key name }
    allowanceAppliedCents allowanceCents taxableGainCents taxCents assumptions parts { what amountCents percent taxCents }
  }
}`);var Re=class{constructor(t,a,s){this.s=t;this.client=a;this.brand=s;this.changed=[];this.labelCache=[];this.accountCache=[]}q(t,a){return Te(this.s,t,{clientId:this.client.id,...a})}accounts(){return this.accountsP||(this.accountsP=this.q(un).then(t=>t.getClientAccounts.filter(a=>!!a))),this.accountsP.catch(()=>{this.accountsP=void 0}),this.accountsP}assets(){return this.assetsP||(this.assetsP=this.q(pn).then(t=>t.getClientAssets.assets)),this.assetsP.catch(()=>{this.assetsP=void 0}),this.assetsP}labels(){return this.labelsP||(this.labelsP=this.q(mn).then(t=>t.getLabels)),this.labelsP.catch(()=>{this.labelsP=void 0}),this.labelsP}years(){return this.yearsP||(this.yearsP=this.q(rn).then(t=>[...t.getTaxYears].reverse())),this.yearsP.catch(()=>{this.yearsP=void 0}),this.yearsP}async defaultYear(){let t=await this.years();return t.length?t[0]:new Date().getUTCFullYear()}labelName(t){if(!t)return"Unlabeled";let a=this.labelCache.find(s=>s.value===t);return a?a.name:t.replace(/_/g," ").replace(/^./,s=>s.toUpperCase())}accountName(t,a=this.accountCache){if(!t)return"Outside your accounts";let s=a.find(r=>r.id===t);return s?re(s):"A removed account"}onChange(t){return this.changed.push(t),()=>{this.changed=this.changed.filter(a=>a!==t)}}ledgerChanged(t){t==="accounts"&&(this.accountsP=void 0,this.assetsP=void 0,this.yearsP=void 0),t==="results"&&(this.yearsP=void 0);for(let a of[...this.changed])a(t)}};function re(n){let t=(n.name||"").trim();return t&&t!==n.address?t:n.address?`${de(n.provider)} wallet ${n.address.length>16?`${n.address.slice(0,6)}\u2026${n.address.slice(-4)}`:n.address}`:de(n.provider)}var ua={ethereum:"Ethereum",bitcoin:"Bitcoin",solana:"Solana",base:"Base",arbitrum:"Arbitrum",optimism:"Optimism",polygon:"Polygon",bsc:"BNB Smart Chain",coinbase:"Coinbase",kraken:"Kraken",generic:"File",file:"File"};function de(n){return ua[n]||n.charAt(0).toUpperCase()+n.slice(1)}function w(n,t,...a){return n instanceof J?e("span"):e("div",{class:"notice error",role:"alert"},e("p",{},ne(n)),...a,t?F("Try again",t,"secondary small"):"")}function G(n,t,...a){let s=e("div",{class:"section-body"},...a);return{el:e("section",{class:"panel",id:n,"aria-labelledby":`${n}-h`},e("h2",{id:`${n}-h`},t),s),body:s}}function pa(n,t){let a=new Intl.DateTimeFormat("en-US",{timeZone:n,hourCycle:"h23",year:"numeric",month:"2-digit",day:"2-digit",hour:"2-digit",minute:"2-digit",second:"2-digit"}).formatToParts(t),s=r=>Number(a.find(i=>i.type===r)?.value||0);return Date.UTC(s("year"),s("month")-1,s("day"),s("hour"),s("minute"),s("second"))-Math.floor(t.getTime()/1e3)*1e3}function vn(n,t,a,s){let r=Date.UTC(n,t-1,a);for(let i=0;i<2;i++)try{r=Date.UTC(n,t-1,a)-pa(s,new Date(r))}catch{return new Date(Date.UTC(n,t-1,a))}return new Date(r)}function Xe(n,t){let[a,s]=(n.fiscalYearStart||"01-01").split("-").map(Number);return[vn(t,a||1,s||1,n.timezone).toISOString(),vn(t+1,a||1,s||1,n.timezone).toISOString()]}function ma(n,t=new Date){let a=t.getUTCFullYear();return[a+1,a,a-1].find(s=>new Date(Xe(n,s)[0])<=t)??a-1}function be(n,t,a){let s=[ma(n),...t,...a?[a]:[]],r=[];for(let i=Math.max(...s);i>=Math.min(...s);i--)r.push(i);return r}function z(n,t){let a=n.jurisdictionRules.taxYearLabelFormat;return a.length===7?`${t}${a[4]}${String((t+1)%100).padStart(2,"0")}`:String(t)}function M(n,t=!1){let a=n.jurisdictionRules.words.cost;return t?a.charAt(0).toLowerCase()+a.slice(1):a}function W(n,t,a=!1){let s=n.jurisdictionRules.words,r=t==="SHORT_TERM"?s.shortTerm||"Short-term":t==="LONG_TERM"?s.longTerm||"Long-term":t;return a?r.charAt(0).toLowerCase()+r.slice(1):r}var An=1e3,ga=1500,ya=15e3,ha=5e3,Le=class{constructor(t){this.app=t;this.el=e("div",{id:"recalc-status",class:"status-bar","aria-live":"polite"});this.state="settled";this.following=!1;this.listeners=[];t.onChange(a=>{a==="edit"&&this.soon(),a!=="results"&&this.refresh()}),window.addEventListener("offline",()=>this.unreachable()),window.addEventListener("online",()=>this.refresh())}again(t){window.clearTimeout(this.check),this.check=window.setTimeout(()=>this.refresh(),t)}unreachable(){this.state="unreachable",this.el.dataset.state="unreachable",this.el.replaceChildren(e("div",{class:"status unreachable",id:"recalc-unreachable",role:"status"},e("span",{},"We can\u2019t reach the server right now, so what you see may be out of date. Trying again\u2026")));for(let t of this.listeners)t("unreachable");this.again(ha)}get scheduled(){return this.timer!==void 0}soon(){window.clearTimeout(this.timer),this.timer=window.setTimeout(()=>{this.timer=void 0,this.following?this.soon():this.start()},ga)}onState(t){return this.listeners.push(t),()=>{this.listeners=this.listeners.filter(a=>a!==t)}}async refresh(){if(!this.following)try{let[t,a,s,r]=await Promise.all([this.app.q(on),this.app.q(je),this.app.q(ln),this.app.accounts()]);if(a.getActiveRecalculateJob)return this.follow(a.getActiveRecalculateJob);let i=!s.getMyActiveClient.lastRecalculatedAt&&r.length>0;this.show(t.countDirty>0||i?"dirty":"settled",t.countDirty,void 0,i),this.again(ya)}catch(t){if(t instanceof J)return;if(t instanceof O&&(t.code==="OFFLINE"||t.status>=500))return this.unreachable();this.el.replaceChildren(w(t,()=>this.refresh()))}}async start(){if(window.clearTimeout(this.timer),this.timer=void 0,!this.following)try{let t=(await this.app.q(cn)).rerunGraph;await this.follow({id:t,status:"QUEUED",progress:0,attempt:1})}catch(t){this.el.replaceChildren(w(t,()=>this.start()))}}async follow(t){this.following=!0;let a=t;try{for(;a;){this.show("recalculating",0,a),await ee(An);try{a=(await this.app.q(je)).getActiveRecalculateJob}catch(s){if(s instanceof J)return;await ee(An*3)}}}finally{this.following=!1}ce("Recalculation finished: your figures are up to date."),this.app.ledgerChanged("results"),await this.refresh()}show(t,a,s,r=!1){if(this.state=t,this.el.dataset.state=t,t==="recalculating"&&s){let i=s.status==="QUEUED";this.el.replaceChildren(e("div",{class:"status recalculating",id:"recalc-running"},e("span",{class:"spinner","aria-hidden":"true"}),e("span",{},i?"Updating your figures: queued\u2026":`Updating your figures\u2026 ${s.progress}%`),e("progress",{max:100,value:s.progress,"aria-label":"Recalculation progress"})))}else t==="dirty"?this.el.replaceChildren(e("div",{class:"status dirty",id:"recalc-dirty"},e("span",{},r?"Your taxes have not been calculated yet.":this.scheduled?"Updating your figures with your changes in a moment\u2026":a===1?"1 change is not in your figures yet.":`${a.toLocaleString("en-US")} changes are not in your figures yet.`),F(r?"Calculate":this.scheduled?"Update now":"Recalculate",()=>this.start(),"small",{id:"recalculate"}))):this.el.replaceChildren(e("div",{class:"status settled",id:"recalc-settled"},e("span",{class:"check","aria-hidden":"true"},"\u2713"),e("span",{},"Your figures are up to date.")));for(let i of this.listeners)i(t)}};var Ia={"tax-forms":"tax forms","form-8949-csv":"Form 8949","form-8949-pdf":"Form 8949","schedule-d-csv":"Schedule D","schedule-d-pdf":"Schedule D","schedule-1-pdf":"Schedule 1","capital-gains-csv":"capital gains report","income-csv":"income report","transaction-history-csv":"transaction history","turbotax-csv":"TurboTax file","taxact-csv":"TaxAct file","holdings-csv":"year-end holdings"};function En(n,t,a){let s=t.get("code")||"",r=t.get("report")||"",i=Number(t.get("expires")),o=t.get("signature")||"",p=()=>history.replaceState(null,"",location.pathname);document.readyState==="complete"?p():window.addEventListener("load",p,{once:!0});let g=(l,...d)=>{R(n),n.append(e("section",{class:"panel state",id:"state-download","data-state":a?.state||"unchecked","aria-labelledby":"dl-h"},e("h1",{id:"dl-h"},l),...d))},I="Request the report again in the tax portal of your provider: it e-mails you a new link.";switch(a?.state){case"expired":return g("This download link has expired",e("p",{id:"download-expired"},`For your security, download links work for a limited time. ${I}`));case"invalid":return g("This download link does not work",e("p",{id:"download-invalid"},`The link is incomplete or was changed. Open the whole link from the e-mail, or: ${I.charAt(0).toLowerCase()}${I.slice(1)}`));case"gone":return g("This report is no longer available",e("p",{id:"download-gone"},I))}let c=e("div",{id:"download-message",role:"status","aria-live":"polite"}),h=e("button",{type:"button",id:"download-report",onclick:async()=>{h.disabled=!0,c.replaceChildren(e("p",{},"Preparing your download\u2026"));try{let l=await yt(s,r,i,o);c.replaceChildren(l==="ok"?e("p",{class:"notice ok",id:"download-started"},"Your download has started."):l==="expired"?e("p",{class:"notice error",role:"alert",id:"download-expired"},`This link has expired. ${I}`):e("p",{class:"notice error",role:"alert",id:"download-gone"},`This report is no longer available. ${I}`))}catch(l){c.replaceChildren(e("p",{class:"notice error",role:"alert"},l instanceof O?l.message:ne(l)))}finally{h.disabled=!1}}},"Download");if(a?.state==="ready"){let l=Ia[a.reportType||""]||"tax report",d=`${a.year?`${a.year} `:""}${l}`;return g(`Your ${d} ${l==="tax forms"?"are":"is"} ready`,e("p",{},a.fileName?`The file ${a.fileName} is ready to download.`:"The file is ready to download.",a.expiresAt?` This link works until ${Y(a.expiresAt)}.`:""),h,c)}return g("Download your tax report",e("p",{},i?`This link works until ${Y(new Date(i*1e3).toISOString())}.`:""),h,c)}var Q=240,ke=16,$e=52;function Rn(n){return Math.max(280,Math.min(720,Math.floor(n.clientWidth||640)))}function Ln(n,t){let a=t.flatMap(b=>[b.capitalGainsCents,b.incomeCents]),s=Math.max(0,...a),r=Math.min(0,...a);if(s===0&&r===0)return e("p",{class:"empty",id:"chart-empty"},"No gains or income yet: the chart fills in once your taxes are calculated.");let i=Rn(n),o=60,p=8,g=s-r||1,I=Q-ke-$e,c=i-o-p,h=b=>ke+(s-b)/g*I,l=c/t.length,d=Math.min(28,l/3),m=[s,(s+r)/2,r].filter((b,x,S)=>S.indexOf(b)===x),y=t.map(b=>`${b.label}: gains ${C(b.capitalGainsCents)}, income ${C(b.incomeCents)}`).join("; ");return e("svg",{viewBox:`0 0 ${i} ${Q}`,width:i,height:Q,role:"img","aria-labelledby":"chart-title chart-desc",class:"chart-svg"},e("title",{id:"chart-title"},"Capital gains and income by tax year"),e("desc",{id:"chart-desc"},y),...m.map(b=>e("g",{},e("line",{x1:o,x2:i-p,y1:h(b),y2:h(b),class:"grid"}),e("text",{x:o-6,y:h(b)+4,"text-anchor":"end",class:"axis"},We(Math.round(b))))),e("line",{x1:o,x2:i-p,y1:h(0),y2:h(0),class:"zero"}),...t.map((b,x)=>{let S=o+l*x+l/2,u=(f,D,$,P)=>e("rect",{x:D,width:d,y:Math.min(h(f),h(0)),height:Math.max(1,Math.abs(h(f)-h(0))),class:$,"data-year":b.year,"data-cents":f},e("title",{},`${b.label} ${P}: ${C(f)}`));return e("g",{},u(b.capitalGainsCents,S-d-1,"bar gains","capital gains"),u(b.incomeCents,S+1,"bar income","income"),e("text",{x:S,y:Q-$e+18,"text-anchor":"middle",class:"axis"},b.label))}),e("g",{class:"legend"},e("rect",{x:o,y:Q-14,width:12,height:12,class:"bar gains"}),e("text",{x:o+16,y:Q-4,class:"axis"},"Capital gains"),e("rect",{x:o+120,y:Q-14,width:12,height:12,class:"bar income"}),e("text",{x:o+136,y:Q-4,class:"axis"},"Income")))}function kn(n,t,a,s){if(t.length<2||t.every($=>$.valueCents===0&&$.costBasisCents===0))return e("p",{class:"empty",id:"value-chart-empty"},"Nothing to chart for this range yet.");if(t.every($=>$.valueCents===0))return e("p",{class:"empty",id:"value-chart-unpriced"},"No price data for your holdings in this range, so their value cannot be charted.");let r=Rn(n),i=64,o=8,p=t.flatMap($=>[$.valueCents,$.costBasisCents]),g=Math.max(...p,0),I=Math.min(...p,0),c=g-I||1,h=Q-ke-$e,l=r-i-o,d=$=>i+l*$/(t.length-1),m=$=>ke+(g-$)/c*h,y=$=>t.map((P,T)=>`${d(T).toFixed(1)},${m($(P)).toFixed(1)}`).join(" "),b=`M${d(0).toFixed(1)},${m(0).toFixed(1)} L${y($=>$.valueCents).replace(/ /g," L")} L${d(t.length-1).toFixed(1)},${m(0).toFixed(1)} Z`,x=[g,(g+I)/2,I].filter(($,P,T)=>T.indexOf($)===P),S=new Date(t[0].date),u=new Date(t[t.length-1].date),f=$=>$.toLocaleDateString("en-US",{month:"short",year:"numeric"}),D=t[t.length-1];return e("svg",{viewBox:`0 0 ${r} ${Q}`,width:r,height:Q,role:"img","aria-labelledby":"value-title value-desc",class:"chart-svg"},e("title",{id:"value-title"},a),e("desc",{id:"value-desc"},`From ${f(S)} to ${f(u)}: value now ${C(D.valueCents)}, ${s.toLowerCase()} ${C(D.costBasisCents)}.`),...x.map($=>e("g",{},e("line",{x1:i,x2:r-o,y1:m($),y2:m($),class:"grid"}),e("text",{x:i-6,y:m($)+4,"text-anchor":"end",class:"axis"},We(Math.round($))))),e("path",{d:b,class:"area"}),e("polyline",{points:y($=>$.valueCents),class:"value-line"}),e("polyline",{points:y($=>$.costBasisCents),class:"basis-line"}),e("text",{x:i,y:Q-$e+18,class:"axis"},f(S)),e("text",{x:r-o,y:Q-$e+18,"text-anchor":"end",class:"axis"},f(u)),e("g",{class:"legend"},e("rect",{x:i,y:Q-14,width:12,height:12,class:"swatch-value"}),e("text",{x:i+16,y:Q-4,class:"axis"},"Value"),e("line",{x1:i+80,x2:i+100,y1:Q-8,y2:Q-8,class:"basis-line"}),e("text",{x:i+106,y:Q-4,class:"axis"},s)))}var Ze=10,Bn=1e3,fa=[["ethereum","Ethereum"],["bitcoin","Bitcoin"],["solana","Solana"],["base","Base"],["arbitrum","Arbitrum"],["optimism","Optimism"],["polygon","Polygon"],["bsc","BNB Smart Chain"]],ba={ACTIVE:"Up to date",SYNCING:"Syncing",ERROR:"Sync failed",NEEDS_REAUTHENTICATION:"Needs new credentials",RETIRED:"Retired",DELETING:"Being removed"},$a={WALLET:"Wallet",EXCHANGE:"Exchange",BANK:"Bank",FILE:"File import",MANUAL:"Manual",VIRTUAL:"Position"},Be=class{constructor(t,a){this.app=t;this.accounts=[];this.syncing=!1;this.list=e("div",{id:"wallet-list"},q("your accounts"));this.count=e("p",{id:"wallet-count",class:"muted"});this.msg=e("div",{id:"wallet-message",role:"status","aria-live":"polite"});this.progress=e("div",{id:"sync-progress","aria-live":"polite"});this.syncButton=e("button",{type:"button",id:"sync-wallets",onclick:()=>this.startSync()},"Sync wallets");this.alive=!0;let s=e("input",{name:"address",required:!0,autocomplete:"off",spellcheck:!1,placeholder:"0x\u2026 , bc1\u2026 or a Solana address"}),r=e("input",{name:"name",maxlength:100,autocomplete:"off",placeholder:"e.g. Cold storage"});this.form=e("form",{id:"add-wallet",class:"inline-form",onsubmit:i=>{i.preventDefault(),this.add()}},N("wallet-address","Wallet address",s,"grow"),N("wallet-chain","Chain",U("chain",fa)),N("wallet-name","Name (optional)",r),e("button",{type:"submit",id:"add-wallet-button"},"Add wallet")),a.append(this.count,this.list,e("details",{class:"add-wallet"},e("summary",{},"Add a wallet"),this.form,this.msg),e("div",{class:"actions"},this.syncButton),this.progress)}stop(){this.alive=!1}async load(){try{this.accounts=await this.app.accounts(),this.render();let a=(await te(this.app.s,"GET","/account_syncs")).syncs.find(s=>s.status==="queued"||s.status==="running");a&&this.follow(a)}catch(t){R(this.list),this.list.append(w(t,()=>this.load()))}}render(){R(this.list);let t=this.accounts.length,a=this.accounts.filter(r=>r.type==="WALLET").length;this.count.textContent=`${t===1?"1 account":`${t} accounts`} \xB7 ${a} of ${Ze} wallets`;let s=a>=Ze;if(this.form.querySelectorAll("input,select,button").forEach(r=>r.disabled=s),s&&this.msg.replaceChildren(e("p",{class:"notice"},`You have reached the limit of ${Ze} wallets.`)),this.syncButton.disabled=a===0||this.syncing,this.syncButton.hidden=a===0,t===0){this.list.append(H("No accounts yet. Add the address of a wallet you own, then sync it to import its transactions.","wallets-empty"));return}this.list.append(e("table",{class:"table cards"},e("caption",{class:"sr-only"},"Your accounts"),e("thead",{},e("tr",{},...["Account","Kind","Transactions","Status","Last synced"].map(r=>e("th",{scope:"col"},r)))),e("tbody",{},...this.accounts.map(r=>e("tr",{"data-account":r.id},e("td",{"data-label":"Account"},e("strong",{},re(r)),r.address&&re(r)===r.name?e("div",{class:"mono muted small",title:r.address},ae(r.address)):""),e("td",{"data-label":"Kind"},`${$a[r.type]||r.type}${r.type==="WALLET"?` \xB7 ${de(r.provider)}`:""}`),e("td",{"data-label":"Transactions",class:"num"},r.transactionCount.toLocaleString("en-US")),e("td",{"data-label":"Status"},e("span",{class:`badge ${r.status.toLowerCase()}`},ba[r.status]||r.status),r.lastSyncError?e("div",{class:"muted small","data-sync-error":r.id},`${Fe(r)} the last time; sync again to retry.`):""),e("td",{"data-label":"Last synced"},r.type==="FILE"?"Imported file":Y(r.lastSyncedAt)))))))}async add(){let t=new FormData(this.form),a={address:String(t.get("address")).trim(),chain:String(t.get("chain"))},s=String(t.get("name")||"").trim();s&&(a.name=s),this.msg.replaceChildren(e("p",{},"Adding the wallet\u2026"));try{let r=await te(this.app.s,"POST","/accounts",{wallets:[a]});this.form.reset();let i=r.skipped.map(o=>`${ae(o.address)} was not added: ${o.reason==="already_added"?"you have it already":o.reason.replace(/_/g," ")}.`);this.msg.replaceChildren(...r.accounts.length?[e("p",{class:"notice ok"},"Wallet added. Sync it to import its transactions.")]:[],...i.map(o=>e("p",{class:"notice"},o))),this.app.ledgerChanged("accounts"),this.accounts=await this.app.accounts(),this.render()}catch(r){if(r instanceof O&&r.status===400){this.msg.replaceChildren(e("p",{class:"notice error",role:"alert",id:"wallet-error"},r.message)),document.getElementById("wallet-address").focus();return}this.msg.replaceChildren(w(r))}}async startSync(){this.syncButton.disabled=!0;try{this.follow(await te(this.app.s,"POST","/account_syncs",{}))}catch(t){this.syncButton.disabled=!1,this.progress.replaceChildren(w(t))}}async follow(t){for(this.syncing=!0,this.syncButton.disabled=!0;this.showSync(t),!(t.status==="completed"||t.status==="failed"||!this.alive);){await ee(Bn);try{t=await te(this.app.s,"GET",`/account_syncs/${t.id}`)}catch(a){if(a instanceof J)return;this.progress.replaceChildren(e("p",{class:"notice"},"Lost contact with the server; trying again\u2026")),await ee(Bn*3)}}if(this.syncing=!1,this.syncButton.disabled=!1,!!this.alive){this.app.ledgerChanged("accounts");try{this.accounts=await this.app.accounts(),this.render()}catch(a){this.list.replaceChildren(w(a,()=>this.load()))}}}showSync(t){let a=t.status==="completed"?"Sync complete":t.status==="failed"?"Sync stopped":t.status==="queued"?"Sync queued":"Syncing",s=this.app.client.timezone,r=t.retrying,i=r?this.accounts.find(o=>o.id===r.accountId):void 0;this.progress.replaceChildren(e("div",{class:`sync ${t.status}`,id:"sync-status","data-status":t.status},e("p",{},e("strong",{},`${a}: ${t.progress}%`)),e("progress",{max:100,value:t.progress,"aria-label":"Sync progress"}),r?e("p",{class:"notice",id:"sync-retrying"},`${Fe(i)}; we\u2019ll try again at ${Ye(r.nextAttemptAt,s)}.`):"",t.status==="failed"?e("p",{class:"notice error"},"The sync stopped before every account was done. Try again in a few minutes."):"",e("ul",{class:"sync-accounts"},...t.accounts.map(o=>{let p=this.accounts.find(g=>g.id===o.accountId);return e("li",{"data-sync-account":o.accountId},`${p?re(p):"An account"}: ${Ca(o,p,s)}`)}))))}};function Fe(n){return n?n.type==="WALLET"?`We couldn\u2019t reach the ${de(n.provider)} network`:`We couldn\u2019t reach ${de(n.provider)}`:"We couldn\u2019t reach an account\u2019s source"}function Ca(n,t,a){if(n.status==="syncing"&&n.nextAttemptAt)return`${Fe(t).replace("We","we")}; we\u2019ll try again at ${Ye(n.nextAttemptAt,a)}.`;switch(n.status){case"queued":return"waiting to start.";case"syncing":return`importing (${n.progress}%).`;case"synced":return"done.";case"failed":return`${Fe(t).replace("We","we")}, so its new transactions are not imported; sync again later.`;default:return`${n.status}.`}}var et=new Map,Fn=0;function Mn(n,t){let{app:a}=n;t.append(e("h1",{class:"welcome"},"Your crypto taxes"),a.s.email?e("p",{class:"muted",id:"signed-in-as"},`Signed in as ${a.s.email}`):"");let s=e("div",{id:"next-steps"}),r=e("div",{class:"cards-row",id:"summary-cards","aria-live":"polite"},q("your figures")),i=e("figure",{id:"gains-chart",class:"chart"}),o=G("gains","Gains and income by year",i),p=G("wallets","Accounts and wallets");t.append(s,r,o.el,p.el);let g=new Be(a,p.body);g.load();let I=async()=>{try{let d=await a.years(),m=d.length?d[0]:new Date().getUTCFullYear(),[y,b,x]=await Promise.all([a.q(ye,{year:String(m)}).then(T=>T.getIncomeAndCapGains),a.q(Ee).then(T=>T.getPortfolioV2),a.q(se,{limit:1}).then(T=>T.getClientReviewQueue)]),S=x.totalCount;n.reviewCount(S),c(S,d.length?m:void 0);let u=(T,v,L,Z,le)=>e("a",{class:"card",href:v,"data-figure":T},e("span",{class:"card-title"},L),e("span",{class:"card-value"},Z),e("span",{class:"card-sub"},le)),f=(T,v)=>{let L=T.filter(le=>le.valueCents!==null&&le.valueCents!==void 0);if(T.length===0)return u("portfolio","#/portfolio","Portfolio value",C(0),"You hold nothing yet");if(L.length===0)return u("portfolio","#/portfolio","Portfolio value","No prices","Prices are not available right now");let Z=L.reduce((le,na)=>le+(na.unrealizedGainCents||0),0);return u("portfolio","#/portfolio","Portfolio value",C(v),`Unrealized ${k(Z)}${L.length<T.length?` \xB7 ${T.length-L.length} without a price`:""}`)};if(R(r),d.length===0){let T=(await a.accounts()).reduce((v,L)=>v+L.transactionCount,0);r.append(T>0?e("div",{class:"empty wide",id:"overview-empty","data-imported":T},e("p",{},`${T===1?"1 transaction is":`${T.toLocaleString("en-US")} transactions are`} imported; your taxes have not been calculated yet.`),F("Calculate my taxes",()=>n.recalc.start(),"",{id:"overview-calculate"})):e("div",{class:"empty wide",id:"overview-empty"},e("p",{},"No tax figures yet. Add your wallets and exchanges below and sync them; your taxes are calculated from their transactions.")))}else r.append(u("capital-gains",`#/tax?year=${m}`,`${z(a.client,m)} capital gains`,k(y.capGainsCents),a.client.jurisdictionRules.hasHoldingTerms?`${W(a.client,"SHORT_TERM")} ${k(y.shortTermCapGainsCents)} \xB7 ${W(a.client,"LONG_TERM")} ${k(y.longTermCapGainsCents)}`:a.client.jurisdictionRules.words.netGain),u("income",`#/tax?year=${m}`,`${z(a.client,m)} income`,C(y.incomeCents),"Staking, rewards and other income"));r.append(f(b.positions.filter(T=>!T.isReceipt),b.totalValueCents),u("review","#/review","To review",S===0?"All clear":String(S),S===0?"Nothing needs your attention":`${S===1?"transaction needs":"transactions need"} a look`));let D=[...d].slice(0,6).reverse(),$=await Promise.all(D.map(T=>a.q(ye,{year:String(T)}).then(v=>({year:T,label:z(a.client,T),capitalGainsCents:v.getIncomeAndCapGains.capGainsCents,incomeCents:v.getIncomeAndCapGains.incomeCents})))),P=Ln(i,$);i.replaceChildren(P,P.tagName==="svg"?e("figcaption",{},`Capital gains and income by tax year (${a.client.currency})`):"")}catch(d){r.replaceChildren(w(d,I))}},c=async(d,m)=>{let y=[],x=(await a.accounts()).filter(u=>u.type!=="FILE"&&(u.status==="ERROR"||!u.lastSyncedAt));d>0&&y.push(["review",e("a",{href:"#/review"},`Review ${d===1?"1 transaction":`${d} transactions`}`)]),x.length&&y.push(["sync",F(`Sync ${x.length===1?"the account":`the ${x.length} accounts`} not synced yet`,()=>{let u=document.getElementById("sync-wallets");u?.scrollIntoView({block:"center"}),u?.focus()},"link")]),n.recalc.state==="dirty"&&y.push(["calculate",F(m===void 0?"Calculate your taxes":"Bring your figures up to date",()=>n.recalc.start(),"link")]),m!==void 0&&y.push(["download",e("a",{href:`#/tax?year=${m}`},`Download your ${z(a.client,m)} tax report`)]);let S=m===void 0?null:await h(m);s.replaceChildren(y.length||S?e("section",{class:"panel next-steps","aria-labelledby":"next-h"},e("h2",{id:"next-h"},"What to do next"),y.length?e("ol",{},...y.map(([u,f])=>e("li",{"data-next":u},f))):"",S||""):"")},h=async d=>{let m=et.get(a.client.id)||{},y=(await a.q(Dn,{year:String(d),...m})).getTaxEstimate;if(!y)return null;let b=e("div",{id:"tax-estimate",class:"estimate","aria-live":"polite"}),x=(S,u,f,D,$)=>{let P=U($,f.map(T=>[T.key,T.name]),D);return P.addEventListener("change",async()=>{et.set(a.client.id,{...et.get(a.client.id)||{},[$]:P.value});let T=++Fn,v=await h(d),L=document.getElementById("tax-estimate");if(!v||T!==Fn||!L)return;let Z=L.contains(document.activeElement)?document.activeElement?.id:void 0;L.replaceWith(v),Z&&document.getElementById(Z)?.focus()}),N(S,u,P)};return b.append(e("h3",{},`Estimated tax for ${y.taxYearLabel}: `,e("strong",{"data-figure":"estimated-tax","data-cents":y.taxCents},C(y.taxCents))),e("div",{class:"estimate-picks"},x("estimate-bracket","Your rate",y.brackets,y.bracket.key,"bracket"),y.longTermBracket?x("estimate-long","Your long-term rate",y.longTermBrackets,y.longTermBracket.key,"longTermBracket"):""),y.parts.length?e("ul",{class:"estimate-parts"},...y.parts.map(S=>e("li",{},`${S.what}: ${C(S.amountCents)} at ${S.percent}% = ${C(S.taxCents)}`))):e("p",{},"Nothing is left to tax after this year\u2019s losses and allowances."),y.allowanceCents?e("p",{},`Tax-free allowance used: ${C(y.allowanceAppliedCents)} of ${C(y.allowanceCents)}.`):"",e("details",{},e("summary",{},"What this estimate assumes"),e("ul",{},...y.assumptions.map(S=>e("li",{},S)))),e("p",{class:"muted small"},y.isStale?"An estimate from figures that are being updated; not your tax bill.":"An estimate, not your tax bill.")),b};I();let l=a.onChange(I);return()=>{l(),g.stop()}}function ue(n){return`${B(n.amountExact)} ${n.asset?.symbol||"?"}`}var Ta={sell:"Sold",gift_sent:"Gave away",donation:"Donated",lost:"Lost",payment:"Paid with",fee:"Paid a fee of"},xa={buy:"Bought",staking_reward:"Earned",mining:"Mined",airdrop:"Received an airdrop of",interest:"Earned interest of",reward:"Earned",income:"Was paid",gift_received:"Was given"};function ie(n){let t=n.transfers.filter(o=>!o.isFee),a=t.filter(o=>o.direction==="OUTGOING"),s=t.filter(o=>o.direction==="INCOMING"),r=t.filter(o=>o.direction==="INTERNAL");if(t.length===0)return n.transfers.length?`Fee of ${ue(n.transfers[0])}`:"No transfers";if(a.length&&s.length)return`${a.map(ue).join(" + ")} \u2192 ${s.map(ue).join(" + ")}`;if(r.length&&!a.length&&!s.length)return`Moved ${r.map(ue).join(" + ")}`;let i=n.label||"";return a.length?`${Ta[i]||"Sent"} ${a.map(ue).join(" + ")}`:`${xa[i]||"Received"} ${s.map(ue).join(" + ")}`}function Me(n,t){let a=[],s=(r,i)=>a.push(e("span",{class:`badge ${r}`},i));return n.isMissingBasis&&s("critical",`Missing ${M(t.client,!0)}`),n.hasNegativeBalance&&s("warning","Negative balance"),n.isInternalTransfer&&s("info","Internal transfer"),n.isHidden&&s("muted","Hidden"),n.isSpam&&s("muted","Spam"),n.isDirty&&s("info","Changed; recalculate"),a}function tt(n){return!!n.isMissingBasis&&!n.fiatValueCents}function Nn(n){if(tt(n)&&!Number(n.capGainsSumSigned??0)&&!n.incomeSum)return e("span",{class:"badge critical"},"No price");if(n.capGainsSumSigned!==null&&n.capGainsSumSigned!==void 0){let t=Number(n.capGainsSumSigned);return e("span",{class:t<0?"loss":"gain"},`${t<0?"Loss":"Gain"} ${k(t)}`)}return n.incomeSum?e("span",{class:"income"},`Income ${C(n.incomeSum)}`):""}function pe(n,t){return!t.label&&t.isInternalTransfer?"Transfer between your accounts":n.labelName(t.label)}var wa=()=>window.matchMedia("(max-width: 40rem)").matches?25:50,Sa=n=>[["","Everything"],["missing-basis",`Missing ${n}`],["uncovered-disposals","Sold more than held"],["negative-balance","Negative balance"],["unlabeled","Unlabeled"],["possible-internal-transfer","Possible move between your accounts"]];function qn(n,t,a){let{app:s}=n,r=Math.max(0,(Number(a.get("page"))||1)-1),i={q:a.get("q")||"",year:a.get("year")||"",asset:a.get("asset")||"",account:a.get("account")||"",label:a.get("label")||"",review:a.get("review")||"",hidden:a.get("hidden")==="1"},o=u=>{let f=new URLSearchParams,D={q:i.q,year:i.year,asset:i.asset,account:i.account,label:i.label,review:i.review,hidden:i.hidden?"1":"",page:"",...u};for(let[$,P]of Object.entries(D))P&&f.set($,P);location.hash=`#/transactions${f.toString()?`?${f}`:""}`},p=!!(i.q||i.year||i.asset||i.account||i.label||i.review||i.hidden),g=e("input",{type:"search",name:"q",value:i.q,placeholder:"Hash, note, address or asset",autocomplete:"off"}),I=U("year",[["","All years"]],i.year),c=U("asset",[["","All assets"]],i.asset),h=U("account",[["","All accounts"]],i.account),l=U("label",[["","All labels"],["unlabeled","Unlabeled"]],i.label),d=U("review",Sa(M(n.app.client,!0)),i.review),m=e("input",{type:"checkbox",name:"hidden",id:"f-hidden",checked:i.hidden}),y=e("form",{class:"filters",id:"tx-filters",role:"search","aria-label":"Filter transactions",onsubmit:u=>{u.preventDefault(),o({q:g.value.trim()})}},e("div",{class:"search-row"},N("f-q","Search",g,"grow"),e("button",{type:"submit",id:"f-search"},"Search")),e("div",{class:"filter-row"},N("f-year","Tax year",I),N("f-asset","Asset",c),N("f-account","Account",h),N("f-label","Label",l),N("f-review","Needs review",d),e("div",{class:"field check"},m,e("label",{for:"f-hidden"},"Include hidden"))),p?F("Clear filters",()=>{location.hash="#/transactions"},"link",{id:"f-clear"}):""),b=(u,f)=>u.addEventListener("change",()=>o({[f]:u instanceof HTMLInputElement&&u.type==="checkbox"?u.checked?"1":"":u.value}));b(I,"year"),b(c,"asset"),b(h,"account"),b(l,"label"),b(d,"review"),b(m,"hidden");let x=e("div",{id:"tx-list","aria-live":"polite"},q("transactions"));t.append(e("h1",{},"Transactions"),y,x),Promise.all([s.years(),s.assets(),s.accounts(),s.labels()]).then(([u,f,D,$])=>{I.append(...be(s.client,u).map(P=>e("option",{value:P},z(s.client,P)))),c.append(...f.map(P=>e("option",{value:P.id},P.name&&P.name!==P.symbol?`${P.symbol} \xB7 ${P.name}`:P.symbol))),h.append(...D.map(P=>e("option",{value:P.id},re(P)))),l.append(...$.map(P=>e("option",{value:P.value},P.name))),I.value=i.year,c.value=i.asset,h.value=i.account,l.value=i.label}).catch(()=>{});let S=async()=>{let u={page:r,limit:wa(),includeHidden:i.hidden||void 0};i.q&&(u.search=i.q),i.year&&([u.startDate,u.endDate]=Xe(s.client,Number(i.year))),i.asset&&(u.assetIds=[i.asset]),i.account&&(u.accountIds=[i.account]),i.label==="unlabeled"?u.labelFilterMode="unlabeled":i.label&&(u.labels=[i.label]),i.review&&(u.insightPatternId=i.review);try{let{page:f,limit:D,...$}=u,[P,T]=await Promise.all([s.q(we,u),s.q(dn,$).then(L=>L.getClientTransactionsSummary.transactionCount),s.accounts().then(L=>{s.accountCache=L}),s.labels().then(L=>{s.labelCache=L})]),v=P.getClientTransactions;if(R(x),v.transactions.length===0){x.append(r>0?H("No more transactions on this page.","tx-empty",e("a",{href:"#",onclick:L=>{L.preventDefault(),o({page:""})}},"Back to the first page")):p?H("No transaction matches these filters.","tx-empty",F("Clear filters",()=>{location.hash="#/transactions"},"secondary")):H("No transactions yet. Add your wallets and exchanges on the Overview page and sync them.","tx-empty"));return}x.append(e("table",{class:"table cards tx-table"},e("caption",{class:"sr-only"},`Transactions, page ${r+1}`),e("thead",{},e("tr",{},...["Date","Type","What happened","Value","Gain or income",""].map(L=>e("th",{scope:"col"},L)))),e("tbody",{},...v.transactions.map(L=>e("tr",{"data-tx":L.id,class:L.isHidden?"hidden-tx":"",onclick:Z=>{Z.target.closest("a, button")||(location.hash=`#/transactions/${L.id}`)}},e("td",{"data-label":"Date"},e("a",{href:`#/transactions/${L.id}`,class:"tx-link"},V(L.createdAt))),e("td",{"data-label":"Type"},pe(s,L)),e("td",{"data-label":"What happened"},ie(L),e("div",{class:"muted small"},s.accountName(L.accountId))),e("td",{"data-label":"Value",class:"num"},tt(L)?e("span",{class:"badge critical"},"No price"):C(L.fiatValueCents)),e("td",{"data-label":"Gain or income",class:"num"},Nn(L)),e("td",{"data-label":"State",class:"flags"},...Me(L,s))))))),x.append(e("nav",{class:"pager","aria-label":"Pages"},r>0?F("Previous page",()=>o({page:r>1?String(r):""}),"secondary",{id:"tx-prev"}):"",e("span",{class:"muted",id:"tx-page","data-page":r+1},`Page ${r+1} of ${Math.max(1,Math.ceil(T/Number(u.limit)))} \xB7 ${T.toLocaleString("en-US")} ${T===1?"transaction":"transactions"}`),v.hasNextPage?F("Next page",()=>o({page:String(r+2)}),"secondary",{id:"tx-next"}):""))}catch(f){x.replaceChildren(w(f,S))}};return S(),s.onChange(S)}function Pa(n,t){let a=Math.round((new Date(t).getTime()-new Date(n).getTime())/6e4);if(a<1)return"at once";if(a<120)return`${a} minute${a===1?"":"s"} later`;let s=Math.round(a/60);return s<48?`${s} hours later`:`${Math.round(s/24)} days later`}function Ne(n,t,a){let s=t.asset?.symbol||"",r=e("div",{role:"status"}),i=Number(t.feeAmountExact),o=e("button",{type:"button",class:"small","data-pair":`${t.fromTransactionId}:${t.toTransactionId}`,onclick:async()=>{try{await _(o,"Pairing\u2026",()=>n.q(hn,{from:t.fromTransactionId,to:t.toTransactionId})),await a()}catch(p){r.replaceChildren(w(p))}}},"Pair as a move between my accounts");return e("div",{class:"pair-card","data-pair-card":`${t.fromTransactionId}:${t.toTransactionId}`},e("p",{},e("a",{href:`#/transactions/${t.fromTransactionId}`},`Sent ${B(t.sentAmountExact)} ${s}`),` from ${n.accountName(t.fromAccountId)} on ${V(t.sentAt)}, and `,e("a",{href:`#/transactions/${t.toTransactionId}`},`received ${B(t.receivedAmountExact)} ${s}`),` in ${n.accountName(t.toAccountId)} ${Pa(t.sentAt,t.receivedAt)}`,i>0?` (${B(t.feeAmountExact)} ${s} went to fees).`:"."),e("p",{class:"muted small"},`Unpaired, the first counts as a sale on ${Y(t.sentAt)} and the second as a new purchase. If both accounts are yours, pair them: the coins keep their cost basis and nothing is taxed.`),o,r)}function On(n,t,a){let{app:s}=n,r=e("div",{id:"tx-detail"},q("the transaction"));t.append(e("p",{class:"back"},e("a",{href:"#/transactions"},"\u2190 All transactions")),r);let i=!0,o=async h=>{try{let[l]=await Promise.all([s.q(he,{id:a}),s.accounts().then(b=>{s.accountCache=b}),s.labels().then(b=>{s.labelCache=b})]),d=l.getTransaction,m=d.isInternalTransfer&&d.linkedTransactionId?(await s.q(he,{id:d.linkedTransactionId})).getTransaction:void 0;if(!i)return;let y=document.activeElement?.id;I(d,m,h),y&&document.activeElement===document.body&&document.getElementById(y)?.focus()}catch(l){R(r),r.append(e("h1",{},"Transaction"),w(l,()=>o()))}},p="";r.addEventListener("focusin",h=>{p=h.target.id||p});let g=async h=>{let l=p;s.ledgerChanged("edit"),n.recalc.refresh(),await o(h),ce(h),(l&&document.getElementById(l)||document.getElementById(Da[l]||"")||document.getElementById("tx-message"))?.focus()},I=(h,l,d)=>{R(r);let m=`${l&&!h.label?Ea(s,h,l):pe(s,h)} \xB7 ${V(h.createdAt)}`,y=e("div",{id:"tx-message",role:"status","aria-live":"polite",tabindex:"-1"},d?e("p",{class:"notice ok"},d,n.recalc.state!=="recalculating"?" Your figures are updated in a moment.":""):"");r.append(e("h1",{id:"tx-title"},m),e("p",{class:"lead"},ie(h)),e("p",{class:"muted"},`${s.accountName(h.accountId)} \xB7 ${Y(h.createdAt)}`,h.txnHash?[" \xB7 ",h.explorerUrl&&/^https:\/\//.test(h.explorerUrl)?e("a",{href:h.explorerUrl,target:"_blank",rel:"noopener noreferrer"},`View on explorer (${ae(h.txnHash)})`):e("span",{class:"mono",title:h.txnHash},ae(h.txnHash))]:""),e("div",{class:"flags"},...Me(h,s)),Aa(h),y,La(h),ka(s,h,l,g));let b=G("why","Why these figures",q("the lots behind this transaction"));r.append(b.el),Hn(s,h,b.body),r.append(Ma(n,h,g));let x=G("history","History of changes",q("the history"));r.append(x.el),nt(s,h,x.body,g)};o();let c=s.onChange(()=>{n.recalc.state==="settled"&&o()});return()=>{i=!1,c()}}var Da={"hide-tx":"unhide-tx","unhide-tx":"hide-tx","save-label":"tx-label"},va={HIGH:"high confidence",MEDIUM:"medium confidence",LOW:"low confidence"};function Aa(n){let t=n.classification;if(!t)return"";let a=t.confidence==="LOW"&&!n.isReviewed&&!n.isEdited;return e("div",{class:"classification",id:"tx-classification","data-rule":t.rule,"data-confidence":t.confidence},e("p",{},"Read by the rule ",e("strong",{},t.rule),` (${va[t.confidence]||t.confidence}): ${t.explanation}.`,a?[" ",e("span",{class:"badge warning"},"Needs review")]:""),e("p",{class:"muted small"},n.isEdited?"You changed this transaction: your edit stays, whatever the rules say later.":"Change the label below if this reading is wrong: your edit always wins over the rules."))}function Ea(n,t,a){return`Transfer ${t.transfers.some(r=>r.direction==="OUTGOING"&&!r.isFee)?"to":"from"} ${n.accountName(a.accountId)}`}function Ra(n){return n.isInternalTransfer?n.transfers.filter(t=>!t.isFee&&t.capGainsSumSigned!==null&&t.capGainsSumSigned!==void 0).reduce((t,a)=>t+Number(a.capGainsSumSigned)+(a.basisFiatValueCents??0),0):0}function La(n){let t=n.capGainsSumSigned!==null&&n.capGainsSumSigned!==void 0?Number(n.capGainsSumSigned):null,a=[["value","Value",C(n.fiatValueCents)],["fees","Fees",C((n.feeFiatValueCents??0)+Ra(n))]];return t!==null&&a.push(["gain",t<0?"Capital loss":"Capital gain",k(t)]),n.incomeSum&&a.push(["income","Income",C(n.incomeSum)]),e("dl",{class:"figures",id:"tx-figures"},...a.map(([s,r,i])=>e("div",{class:"figure","data-figure":s},e("dt",{},r),e("dd",{},i))))}function Vn(n,t,a){if(t)return n.accountName(t);let s=a?n.accountCache.find(r=>r.address&&r.address.toLowerCase()===a.toLowerCase()):void 0;return s?n.accountName(s.id):a?ae(a):"Outside your accounts"}function ka(n,t,a,s){let r=G("transfers","Transfers"),i=t.transfers.map(o=>{let p=o.capGainsSumSigned!==null&&o.capGainsSumSigned!==void 0?Number(o.capGainsSumSigned):null,g=e("div",{class:"transfer-edit",id:`edit-${o.id}`}),I=e("tr",{class:"edit-row",hidden:!0},e("td",{colspan:6},g)),c=F("Edit value",()=>{I.hidden=!I.hidden,c.setAttribute("aria-expanded",String(!I.hidden)),I.hidden||g.querySelector("input")?.focus()},"link small",{"aria-expanded":"false","aria-controls":`edit-${o.id}`,"data-edit-transfer":o.id});return Ba(n,t,o,g,s),[e("tr",{"data-transfer":o.id,class:o.isHidden?"hidden-tx":""},e("td",{"data-label":"Transfer"},e("strong",{},`${o.direction==="OUTGOING"?"\u2212":o.direction==="INCOMING"?"+":""}${B(o.amountExact)} ${o.asset?.symbol||""}`),o.isFee?e("span",{class:"badge muted"},"Fee"):"",o.isHidden?e("span",{class:"badge muted"},"Hidden"):""),e("td",{"data-label":"From \u2192 to"},`${Vn(n,o.fromAccountId??(a&&!o.isFee&&o.direction==="INCOMING"?a.accountId:null),o.fromAddress)} \u2192 ${Vn(n,o.toAccountId??(a&&!o.isFee&&o.direction==="OUTGOING"?a.accountId:null),o.toAddress)}`),e("td",{"data-label":"Market value",class:"num"},o.fiatValueCents===null||o.fiatValueCents===void 0?e("span",{class:"badge critical"},"No price"):C(o.fiatValueCents),o.isFiatValueOverridden?e("div",{class:"muted small"},"set by you"):""),e("td",{"data-label":M(n.client),class:"num"},C(o.basisFiatValueCents)),e("td",{"data-label":"Gain or income",class:"num"},p!==null?`${k(p)}${o.saleTerm&&n.client.jurisdictionRules.hasHoldingTerms?` (${W(n.client,o.saleTerm,!0)})`:""}`:o.incomeSum?`Income ${C(o.incomeSum)}`:"\u2014",o.uncoveredAmountExact?e("div",{class:"muted small"},`${B(o.uncoveredAmountExact)} ${o.asset?.symbol||""} not covered by your lots`):""),e("td",{"data-label":"Change"},c)),I]});return r.body.append(e("table",{class:"table cards"},e("caption",{class:"sr-only"},"Transfers of this transaction"),e("thead",{},e("tr",{},...["Transfer","From \u2192 to","Market value",M(n.client),"Gain or income",""].map(o=>e("th",{scope:"col"},o)))),e("tbody",{},...i.flat()))),r.el}function Ba(n,t,a,s,r){let i=a.asset?.symbol||"units",o=e("input",{type:"number",min:"0",step:"0.01",inputmode:"decimal",value:a.fiatValueCents!=null?(a.fiatValueCents/100).toFixed(2):""}),p=e("input",{type:"number",min:"0",step:"any",inputmode:"decimal"}),g=e("input",{type:"number",min:"0",step:"0.01",inputmode:"decimal",value:a.basisFiatValueCents!=null?(a.basisFiatValueCents/100).toFixed(2):""}),I=e("div",{role:"status"}),c=a.direction==="INCOMING",h=o.value,l=g.value;p.addEventListener("input",()=>{let y=Number(p.value);p.value&&isFinite(y)&&(o.value=(y*Number(a.amountExact)).toFixed(2))});let d=e("button",{type:"submit"},"Save value"),m=e("form",{class:"inline-form","data-value-form":a.id,onsubmit:async y=>{y.preventDefault();let b=o.value===""||o.value===h?void 0:Number(o.value),x=c&&g.value!==""&&g.value!==l?Number(g.value):void 0;if(b===void 0&&x===void 0){I.replaceChildren(e("p",{class:"notice error"},o.value===""?"Enter a value.":`Change the value or the ${M(n.client,!0)}.`));return}try{await _(d,"Saving\u2026",()=>n.q(Je,{tx:t.id,transfer:a.id,value:b,basis:x})),await r(`Saved the value of ${B(a.amountExact)} ${i}.`)}catch(S){I.replaceChildren(w(S))}}},N(`per-unit-${a.id}`,`Price per ${i} (${n.client.currency})`,p),N(`value-${a.id}`,`${c?"Market value":a.isFee?"Fee value":"Proceeds"} (${n.client.currency})`,o),c?N(`basis-${a.id}`,`${M(n.client)} (${n.client.currency})`,g):"",d,a.isFiatValueOverridden?F("Back to the imported value",async y=>{try{await _(y.currentTarget,"Resetting\u2026",()=>n.q(Je,{tx:t.id,transfer:a.id,reset:!0})),await r("The imported value is back.")}catch(b){I.replaceChildren(w(b))}},"secondary"):"");s.append(m,I)}async function Hn(n,t,a){let s=t.transfers.filter(p=>p.capGainsSumSigned!==null&&p.capGainsSumSigned!==void 0),r=t.transfers.filter(p=>p.incomeSum),i=t.transfers.filter(p=>p.direction==="INCOMING"&&!p.incomeSum&&!t.isInternalTransfer),o=[...new Set([...s,...i].map(p=>p.asset?.pricingKey).filter(p=>!!p))];try{let p=await Promise.all(o.map(I=>n.q(Se,{key:I,id:t.id}).then(c=>({key:I,...c.getTaxLots}))));R(a);let g=[];t.isHidden&&g.push(e("p",{},"This transaction is hidden: it does not count in your taxes.")),t.isInternalTransfer&&g.push(e("p",{},`A move between your own accounts: the coins keep their ${M(n.client,!0)} and purchase date, and nothing is taxed.`));for(let I of s){let c=p.flatMap(u=>u.disposals).filter(u=>u.transferId===I.id),h=p.find(u=>u.key===I.asset?.pricingKey)?.costBasisAlgorithm||n.client.costBasisAlgorithm,l=I.asset?.symbol||"",d=Number(I.capGainsSumSigned),m=I.basisFiatValueCents??c.reduce((u,f)=>u+f.costBasisCents,0),y=m+d,b=(I.fiatValueCents??y)-y,x=t.isInternalTransfer&&!I.isFee,S=c.reduce((u,f)=>u+Number(f.amountExact),0);g.push(e("div",{class:"why","data-why-transfer":I.id,"data-network-fee":x?"true":void 0},e("h3",{},x?`Network fee of ${B(String(Number(S.toPrecision(12))))} ${l}`:`${I.isFee?"Fee paid with":"Disposal of"} ${B(I.amountExact)} ${l}`),x?e("p",{},`The ${B(String(Number(S.toPrecision(12))))} ${l} that left but did not arrive paid the network fee; it counts as a small sale: ${d<0?"loss":"gain"} ${k(d)}.`):"",e("p",{class:"equation"},`${n.client.jurisdictionRules.words.proceeds} ${C(y)} \u2212 ${M(n.client,!0)} ${C(m)} = `,e("strong",{},`${d<0?"loss":"gain"} ${k(d)}`)),b>0&&!x?e("p",{class:"muted small"},`The proceeds are the market value of ${C(I.fiatValueCents)} less ${C(b)} of fees.`):"",e("p",{class:"muted small"},n.client.jurisdictionRules.matchingText||`Lots are taken ${Fa(h)}. Each piece below is the part of this disposal one lot covered.`),e("ul",{class:"pieces"},...c.map(u=>e("li",{"data-piece":u.lotTransactionId||"uncovered","data-match":u.match||""},u.isUncovered?[e("strong",{},`${B(u.amountExact)} ${l} not covered by any ${n.client.jurisdictionRules.words.holding}`),`: counted with a zero ${M(n.client,!0)}. Add the account or transaction it came from, or pair the move that brought it.`]:u.match&&u.match!=="LOT"?Ua(u,l):[`${B(u.amountExact)} ${l} from the lot acquired `,u.lotTransactionId?e("a",{href:`#/transactions/${u.lotTransactionId}`},V(u.lotAcquiredAt)):V(u.lotAcquiredAt),`: proceeds ${C(u.proceedsCents)} \u2212 ${M(n.client,!0)} ${C(u.costBasisCents)} = ${k(u.gainCents)}${n.client.jurisdictionRules.hasHoldingTerms?`, ${W(n.client,u.term,!0)}`:""}${u.box?`, Form 8949 box ${u.box}`:""}`,u.isMissingBasis?e("span",{class:"badge critical"},"Basis unknown"):""]))),c.length===0?e("p",{class:"muted"},"The lots behind this disposal appear once your taxes are recalculated."):""))}for(let I of r)g.push(e("div",{class:"why"},e("h3",{},`Income: ${B(I.amountExact)} ${I.asset?.symbol||""}`),e("p",{},`Counted as income of ${C(I.incomeSum)}, its market value when received. That value is also the ${M(n.client,!0)} of the coins, for when you sell them.`)));for(let I of i){let c=p.filter(l=>l.key===I.asset?.pricingKey).flatMap(l=>l.lots),h=I.asset?.symbol||"";g.push(e("div",{class:"why"},e("h3",{},`Acquisition of ${B(I.amountExact)} ${h}`),I.basisFiatValueCents===null||I.basisFiatValueCents===void 0?e("p",{},`No price is known for this receipt, so its coins have an unknown ${M(n.client,!0)}: a later sale of them counts in full as a gain. Set its value above.`):e("p",{},`${M(n.client)} ${C(I.basisFiatValueCents)}: what was paid or given for it, fees included.`),c.length?e("p",{class:"muted"},`Still held from it: ${c.map(l=>`${B(l.amountExact)} of ${B(l.originalAmountExact)} ${h} (${M(n.client,!0)} ${C(l.costBasisCents)}${n.client.jurisdictionRules.hasHoldingTerms?`, ${W(n.client,l.term,!0)} if sold now`:""})`).join("; ")}.`):e("p",{class:"muted"},"Nothing of it is held any more: it was sold, spent or moved on.")))}g.length===0&&g.push(e("p",{class:"muted"},"This transaction has no tax effect: nothing was sold, spent or earned.")),a.append(...g)}catch(p){a.replaceChildren(w(p,()=>Hn(n,t,a)))}}function Fa(n){return{FIFO:"first in, first out (FIFO)",LIFO:"last in, first out (LIFO)",HIFO:"highest cost first (HIFO)",LOFO:"lowest cost first (LOFO)",AVERAGE_COST:"at their average cost"}[n]||n}function Ma(n,t,a){let{app:s}=n,r=G("fix","Change this transaction"),i=e("div",{role:"status","aria-live":"polite"}),o=U("label",[["","Loading labels\u2026"]]);o.disabled=!0;let p=e("button",{type:"submit",id:"save-label"},"Save label"),g=e("p",{class:"muted small",id:"label-help"});s.q(Pe,{id:t.id}).then(d=>{let m=d.getTransactionTypeOptions,y=new Set(m.recommended.map(x=>x.value));o.replaceChildren(e("option",{value:""},"No label"),...m.options.map(x=>e("option",{value:x.value},y.has(x.value)?`${x.name} (suggested)`:x.name))),o.value=t.label||"",o.disabled=!1;let b=()=>{g.textContent=m.options.find(x=>x.value===o.value)?.description||"Without a label, what leaves is taxed as a sale and what arrives as a purchase."};o.addEventListener("change",b),b()}).catch(d=>i.replaceChildren(w(d)));let I=e("form",{class:"inline-form",id:"label-form",onsubmit:async d=>{d.preventDefault();let m=o.value;try{await _(p,"Saving\u2026",()=>s.q(ve,m?{ids:[t.id],label:m}:{ids:[t.id],wipe:!0})),await a(m?`Labeled as ${s.labelName(m)}.`:"Label removed.")}catch(y){i.replaceChildren(w(y))}}},N("tx-label","Label",o,"grow"),p),c=e("div",{class:"actions",id:"tx-actions"}),h=(d,m,y,b,x,S="secondary",u)=>{let f=async D=>{try{await _(D,y,b),await a(x)}catch($){i.replaceChildren(w($))}};return F(d,u?xe(u,`Yes, ${d.charAt(0).toLowerCase()}${d.slice(1)}`,f):D=>f(D.currentTarget),S,{id:m})};c.append(t.isHidden?h("Unhide","unhide-tx","Unhiding\u2026",()=>s.q(Ie,{id:t.id,hidden:!1}),"The transaction counts again."):h("Hide","hide-tx","Hiding\u2026",()=>s.q(Ie,{id:t.id,hidden:!0}),"Hidden: the transaction no longer counts in your taxes."),h(t.isReviewed?"Mark as not reviewed":"Mark as reviewed","review-tx","Saving\u2026",()=>s.q(Ae,{id:t.id,reviewed:!t.isReviewed}),t.isReviewed?"Marked as not reviewed.":"Marked as reviewed.")),t.isMissingBasis&&c.append(h(`Accept a zero ${M(s.client,!0)}`,"accept-basis","Saving\u2026",()=>s.q(fe,{ids:[t.id],override:!0}),`Accepted: this transaction is no longer flagged for its missing ${M(s.client,!0)}.`,"secondary",`Count the coins it disposes of with a zero ${M(s.client,!0)}? Their whole value becomes a gain.`));let l=e("div",{id:"tx-pair"});if(t.isInternalTransfer&&t.linkedTransactionId){let d=t.transfers.some(b=>b.direction==="OUTGOING"||b.fromAccountId&&!b.isFee),[m,y]=d?[t.id,t.linkedTransactionId]:[t.linkedTransactionId,t.id];l.append(e("p",{},`Paired ${t.linkType==="BRIDGE"?"as a bridge":t.linkType==="CROSS_CHAIN_SWAP"?"as a cross-chain swap":"as a move between your own accounts"} with `,e("a",{href:`#/transactions/${t.linkedTransactionId}`,"data-other-side":""},"the other side"),"."),h("Unpair","unpair-tx","Unpairing\u2026",()=>s.q(In,{from:m,to:y}),"Unpaired: both sides count on their own again.","secondary","Unpair these two transactions? The sending side then counts as a sale and the other as a purchase."))}else s.q(De,{id:t.id,limit:1}).then(d=>{let m=d.getTransferPairSuggestions[0];m&&l.append(Ne(s,m,async()=>{await a("Paired as a move between your own accounts.")}))}).catch(d=>l.append(w(d)));return r.body.append(I,g,l,c,i),r.el}var Na={label:"Label",isHidden:"Hidden",isReviewed:"Reviewed",notes:"Notes",fiatValue:"Value",basisFiatValue:"Cost basis",internalTransferTo:"Move between your accounts",bridgeTo:"Bridge",crossChainSwapTo:"Cross-chain swap",isMissingBasisOverride:"Missing cost basis accepted",createdAt:"Date",amount:"Quantity",quantity:"Quantity",assetId:"Asset"},qa=new Set(["internalTransferTo","bridgeTo","crossChainSwapTo"]),Va=/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;function Un(n,t){return n&&qa.has(n)?t?"paired":"not paired":t==null||t===""?n==="label"?"no label":"nothing":typeof t=="string"&&Va.test(t)?n==="assetId"?"another asset":"another one":typeof t=="boolean"?t?"yes":"no":n==="label"&&typeof t=="string"?t.replace(/_/g," "):(n==="fiatValue"||n==="basisFiatValue")&&(typeof t=="string"||typeof t=="number")?C(Math.round(Number(t)*100)):typeof t=="string"?t.length>40?`${t.slice(0,37)}\u2026`:t:JSON.stringify(t).slice(0,40)}var qe=!1;async function nt(n,t,a,s){try{let r=await n.q(gn,{ids:[t.id]}),i=r.getClientAuditLogs.auditLogs;if(R(a),i.length===0){a.append(e("p",{class:"muted",id:"history-empty"},"No changes since it was imported."));return}let o=e("div",{role:"status"}),p=i.filter(c=>c.undoneAt).length,g=qe?i:i.filter(c=>!c.undoneAt),I=p?F(qe?"Show only the changes in force":`Show ${p===1?"the undone change":`the ${p} undone changes`} too`,()=>{qe=!qe,nt(n,t,a,s).then(()=>document.getElementById("history-toggle")?.focus())},"link small",{id:"history-toggle"}):"";a.append(e("ul",{class:"history",id:"history-list"},...g.map(c=>{let h=c.field?`${Na[c.field]||c.field}: ${Un(c.field,c.oldValue)} \u2192 ${Un(c.field,c.newValue)}`:c.action.replace(/^\w+\./,"").replace(/_/g," "),l=c.actorType==="USER"?"you":c.actorType==="API_KEY"?"an app":c.actorType==="STAFF"?"support":`${n.brand.name} or an import`;return e("li",{"data-audit":c.id,class:c.undoneAt?"undone":""},e("span",{},e("strong",{},h),e("span",{class:"muted small"},` \xB7 ${Y(c.createdAt)} \xB7 by ${l}`),c.undoneAt?e("span",{class:"badge muted"},"Undone"):""),c.canUndo?F("Undo",async d=>{try{await _(d.currentTarget,"Undoing\u2026",()=>n.q(fn,{ids:[c.id]})),await s(`Undone: ${h}.`)}catch(m){o.replaceChildren(w(m))}},"secondary small",{"data-undo":c.id}):"")})),g.length===0?e("p",{class:"muted",id:"history-none"},"Every change here was undone."):"",I,o,r.getClientAuditLogs.total>i.length?e("p",{class:"muted small"},`The latest ${i.length} of ${r.getClientAuditLogs.total} changes.`):"")}catch(r){a.replaceChildren(w(r,()=>nt(n,t,a,s)))}}function Ua(n,t){let a=n.lotTransactionId?e("a",{href:`#/transactions/${n.lotTransactionId}`},V(n.lotAcquiredAt)):V(n.lotAcquiredAt),s=n.match==="SAME_DAY"?[`${B(n.amountExact)} ${t} matched with the same day\u2019s acquisitions`]:n.match==="THIRTY_DAY"?[`${B(n.amountExact)} ${t} matched with the acquisition of `,a," (within 30 days)"]:n.match==="POOL"?[`${B(n.amountExact)} ${t} from the section 104 pool, at its average cost`]:[`${B(n.amountExact)} ${t} at the adjusted cost base`],r=n.deniedLossExact?Math.round(Number(n.deniedLossExact)*100):0;return[...s,`: proceeds ${C(n.proceedsCents)} \u2212 cost ${C(n.costBasisCents)} = ${k(n.gainCents)}`,r?e("span",{class:"badge warning","data-denied":r},`Superficial loss denied: ${C(r)}`):""]}var j,Oa={CRITICAL:"Makes figures wrong",WARNING:"Likely wrong",INFO:"Worth a look"},Ve=5,Ha={MISSING_BASIS:"These sales use coins whose purchase price is unknown, so their whole value counts as a gain. Give the receipt a price, or accept a zero cost basis if you really paid nothing.",UNCOVERED_DISPOSALS:"These transactions send or sell more than your accounts held at the time. Usually an account or a purchase is missing: add it, or pair the move that brought the coins.",NEGATIVE_BALANCE:"An account sent more of an asset than it held. Add the missing account or transaction, or hide a duplicate.",UNLABELED_TRANSACTIONS:"Without a label, what leaves an account counts as a sale and what arrives as a purchase. Label income, gifts and fees as such.",POSSIBLE_INTERNAL_TRANSFER:"A withdrawal followed by a deposit of nearly the same amount into another of your accounts. Unpaired, the first counts as a sale and the second as a purchase.",POSSIBLE_SPAM:"A token whose name advertises a website or a claim, as airdropped spam does. Never visit the site; mark the token as spam to leave it out of your figures.",NEEDS_REVIEW_CLASSIFICATION:"No rule recognised these on-chain transactions with confidence, so what arrived counts as a purchase and what left as a sale. Open each one to see what was read, then label it, or confirm that the reading is right."},Ga={MISSING_BASIS:"no cost basis",UNCOVERED_DISPOSALS:"sends more than the account held",NEGATIVE_BALANCE:"a balance below zero",UNLABELED_TRANSACTIONS:"no label",POSSIBLE_INTERNAL_TRANSFER:"looks like a move between your accounts",POSSIBLE_SPAM:"looks like spam",NEEDS_REVIEW_CLASSIFICATION:"read with low confidence"},Qa=new Set(["MISSING_BASIS","UNCOVERED_DISPOSALS","NEGATIVE_BALANCE"]);function Qn(n,t,a){let{app:s}=n,r=e("div",{class:"recalc-box",id:"review-recalc"}),i=e("div",{id:"review-queue","aria-live":"polite"},q("what needs review"));t.append(e("h1",{},"Needs review"),e("p",{class:"lead"},"What can make your tax figures wrong, most serious first. Fix each item here; the counts fall as you go."),r,i);let o=new Set,p=()=>{let l=n.recalc.state;l==="settled"&&o.clear(),r.dataset.state=l,r.replaceChildren(e("p",{},l==="settled"?"Your figures include every change.":l==="dirty"?n.recalc.scheduled?"Your figures are updated with your fixes in a moment.":"Some fixes are not in your figures yet: prices, pairs and labels change your taxes once they are recalculated.":l==="unreachable"?"We can\u2019t reach the server right now; fixes wait until it answers again.":"Updating your figures with your fixes\u2026"),l==="dirty"?F(n.recalc.scheduled?"Update now":"Recalculate now",()=>n.recalc.start(),"",{id:"review-recalculate"}):"")};p();let g=n.recalc.onState(p),I=async l=>{ce(l),s.ledgerChanged("edit"),await n.recalc.refresh()},c=async()=>{try{let l=(await s.q(se,{limit:1})).getClientReviewQueue;if(j||(j=document.activeElement?.closest("[data-insight]")?.dataset.insight),n.reviewCount(l.totalCount),R(i),l.totalCount===0){if(i.append(H("Nothing to review: your transactions are labeled, priced and paired.","review-empty")),j){j=void 0;let d=document.getElementById("review-empty");d?.setAttribute("tabindex","-1"),d?.focus()}return}i.append(e("p",{id:"review-total","data-count":l.totalCount,tabindex:"-1"},l.totalCount===1?"1 transaction to review.":`${l.totalCount} transactions to review, each listed once under its most pressing problem.`));for(let d of l.groups)i.append(_a(n,d,o,I));j&&!l.groups.some(d=>d.patternId===j)&&(j=void 0,document.getElementById("review-total")?.focus())}catch(l){i.replaceChildren(w(l,c))}};c();let h=s.onChange(c);return()=>{h(),g()}}function _a(n,t,a,s){let r=e("div",{class:"items"},q("the items")),i=`ins-${t.patternId.replace(/[^a-z0-9-]/gi,"-")}`,o=e("section",{class:`insight ${t.severity.toLowerCase()}`,"data-insight":t.patternId,"aria-labelledby":i},e("div",{class:"insight-head"},e("span",{class:`badge ${t.severity.toLowerCase()}`},Oa[t.severity]||t.severity),e("h2",{id:i},t.title),e("span",{class:"insight-count","data-insight-count":t.count},String(t.count))),e("p",{},Ha[t.type]||""),Qa.has(t.type)?e("p",{class:"muted small"},"This list changes when your taxes are recalculated after a fix."):"",r,t.type!=="POSSIBLE_SPAM"&&t.count>Ve?e("p",{},e("a",{href:`#/transactions?review=${encodeURIComponent(t.patternId)}`},"See every transaction with this problem in Transactions")):"");return Ya(n,t,r,a,s).catch(p=>r.replaceChildren(w(p))),o}async function Ya(n,t,a,s,r){let{app:i}=n;if(t.type==="POSSIBLE_INTERNAL_TRANSFER"){let l=await i.q(De,{limit:Ve});R(a);for(let d of l.getTransferPairSuggestions){let m=Ne(i,d,async()=>{j=t.patternId,m.replaceChildren(e("p",{class:"notice ok"},"Paired as a move between your accounts.")),await r("Paired as a move between your accounts.")});a.append(m)}return}let o=t.assetId;if(t.type==="POSSIBLE_SPAM"&&o){R(a);let l=e("div",{role:"status"}),d=F("Mark as spam",async()=>{try{await _(d,"Marking\u2026",()=>i.q(bn,{assetId:o,spam:!0})),a.replaceChildren(e("p",{class:"notice ok"},"Marked as spam: its transactions are left out of your figures.")),await r("Marked as spam.")}catch(m){l.replaceChildren(w(m))}},"small",{"data-spam":o});a.append(d,l);return}let p=(await i.q(se,{patternId:t.patternId,limit:Ve})).getClientReviewQueue.items,g=new Map(p.map(l=>[l.transactionId,l])),I=p.length?await i.q(we,{onlyTransactionIds:p.map(l=>l.transactionId),limit:Ve}):null;await i.accounts().then(l=>{i.accountCache=l}),R(a);let c=e("ul",{class:"review-items"});a.append(c);let h=I?I.getClientTransactions.transactions:[];for(let l of p.map(d=>h.find(m=>m.id===d.transactionId)).filter(d=>!!d)){let d=e("li",{"data-review-item":l.id}),m=x=>async()=>{s.add(l.id),j=t.patternId,d.replaceChildren(e("p",{class:"notice ok"},x)),await r(x)};if(s.has(l.id)){d.append(e("p",{class:"notice ok"},`${V(l.createdAt)} \xB7 ${ie(l)}: fixed.`)),c.append(d);continue}d.append(e("p",{},e("a",{href:`#/transactions/${l.id}`},`${V(l.createdAt)} \xB7 ${pe(i,l)}`),` \xB7 ${ie(l)} \xB7 ${i.accountName(l.accountId)}`));let y=(g.get(l.id)?.problems||[]).slice(1).map(x=>Ga[x]).filter(Boolean);y.length&&d.append(e("p",{class:"muted small","data-also":l.id},`Also: ${y.join("; ")}.`));let b=e("div",{class:"fix"});switch(d.append(b),c.append(d),t.type){case"UNLABELED_TRANSACTIONS":Gn(i,l,b,m);break;case"NEEDS_REVIEW_CLASSIFICATION":Gn(i,l,b,m),za(i,l,b,m);break;case"MISSING_BASIS":Wa(i,l,b,m);break;case"UNCOVERED_DISPOSALS":ja(i,l,b,m);break;case"NEGATIVE_BALANCE":Ja(i,l,b,m);break;default:break}}j===t.patternId&&(j=void 0,a.querySelector("a, select, input, button")?.focus())}function Ue(n,t,a,s,r,i){let o=async()=>{try{await _(n,t,s),await r()}catch(p){a.replaceChildren(w(p))}};n.addEventListener("click",i?xe(i,`Yes, ${(n.textContent||"").charAt(0).toLowerCase()}${(n.textContent||"").slice(1)}`,o):o)}var _n="Count these coins with nothing paid for them? Their whole value becomes a gain.";function Gn(n,t,a,s){let r=U("label",[["","Choose a label"]]),i=e("button",{type:"submit",class:"small"},"Save label"),o=e("div",{role:"status"});n.q(Pe,{id:t.id}).then(g=>{let I=new Set(g.getTransactionTypeOptions.recommended.map(c=>c.value));r.append(...g.getTransactionTypeOptions.options.map(c=>e("option",{value:c.value},I.has(c.value)?`${c.name} (suggested)`:c.name)))}).catch(g=>o.replaceChildren(w(g)));let p=`label-${t.id}`;a.append(e("form",{class:"inline-form","data-label-form":t.id,onsubmit:async g=>{if(g.preventDefault(),!r.value){o.replaceChildren(e("p",{class:"notice error"},"Choose a label first."));return}try{await _(i,"Saving\u2026",()=>n.q(ve,{ids:[t.id],label:r.value})),await s(`Labeled as ${n.labelName(r.value)}.`)()}catch(I){o.replaceChildren(w(I))}}},N(p,"Label",r),i),o)}function za(n,t,a,s){let r=e("button",{type:"button",class:"small secondary","data-confirm":t.id},"The reading is right"),i=e("div",{role:"status"});Ue(r,"Saving\u2026",i,()=>n.q(Ae,{id:t.id,reviewed:!0}),s("Marked as reviewed.")),a.append(r,i)}async function Wa(n,t,a,s){let r=e("div",{role:"status"});try{let o=(await n.q(he,{id:t.id})).getTransaction,p=o.transfers.filter(c=>c.capGainsSumSigned!==null&&c.capGainsSumSigned!==void 0&&c.asset),g=[...new Set(p.map(c=>c.asset.pricingKey))],I=[];for(let c of o.transfers)c.direction==="INCOMING"&&!c.isFee&&!c.isHidden&&(c.fiatValueCents===null||c.fiatValueCents===void 0)&&c.asset&&!I.some(h=>h.tx===o.id)&&I.push({tx:o.id,at:o.createdAt,symbol:c.asset.symbol,assetId:c.assetId,amount:c.amountExact});for(let c of g){let h=await n.q(Se,{key:c,id:t.id});for(let l of h.getTaxLots.disposals){let d=p.find(m=>m.id===l.transferId);l.isMissingBasis&&!l.isUncovered&&l.lotTransactionId&&d&&!I.some(m=>m.tx===l.lotTransactionId)&&I.push({tx:l.lotTransactionId,at:l.lotAcquiredAt||"",symbol:d.asset.symbol,assetId:d.assetId,amount:l.amountExact})}}for(let c of I){let h=e("input",{type:"number",min:"0",step:"any",inputmode:"decimal",required:!0}),l=e("button",{type:"submit",class:"small"},"Save price");a.append(e("form",{class:"inline-form","data-price-form":c.tx,onsubmit:async d=>{d.preventDefault();let m=Number(h.value);if(!h.value||!isFinite(m)||m<0){r.replaceChildren(e("p",{class:"notice error"},"Enter the price per unit, for example 1.85."));return}try{await _(l,"Saving\u2026",()=>n.q(yn,{ids:[c.tx],assetId:c.assetId,price:m})),await s(`Saved the price of the ${c.symbol} received on ${V(c.at)}.`)()}catch(y){r.replaceChildren(w(y))}}},c.tx===o.id?e("p",{class:"small"},`The ${B(c.amount)} ${c.symbol} received have no price.`):e("p",{class:"small"},`The ${B(c.amount)} ${c.symbol} it sold came from `,e("a",{href:`#/transactions/${c.tx}`},`a receipt on ${V(c.at)}`)," without a price."),N(`price-${c.tx}`,`Price per ${c.symbol} when received (${n.client.currency})`,h),l))}}catch(o){r.replaceChildren(w(o))}let i=F("Accept a zero cost basis",()=>{},"secondary small");Ue(i,"Saving\u2026",r,()=>n.q(fe,{ids:[t.id],override:!0}),s("Accepted a zero cost basis."),_n),a.append(i,r)}function ja(n,t,a,s){let r=e("div",{role:"status"}),i=F("Accept a zero cost basis",()=>{},"secondary small");Ue(i,"Saving\u2026",r,()=>n.q(fe,{ids:[t.id],override:!0}),s("Accepted a zero cost basis."),_n),a.append(e("a",{href:`#/transactions/${t.id}`,class:"button-link small"},"Open and pair or edit"),i,r)}function Ja(n,t,a,s){let r=e("div",{role:"status"}),i=F("Hide (a duplicate)",()=>{},"secondary small");Ue(i,"Hiding\u2026",r,()=>n.q(Ie,{id:t.id,hidden:!0}),s("Hidden: it no longer counts.")),a.append(e("a",{href:`#/transactions/${t.id}`,class:"button-link small"},"Open"),i,r)}var st=n=>n.isReceipt||!!n.defiPosition,at=n=>n.asset?.symbol||"?";function Yn(n,t){R(n);let a=new Map,s=[];for(let r of t.filter(st)){if(!r.defiPosition){s.push(r);continue}let i=a.get(r.defiPosition.id)||{name:r.defiPosition.name,coins:[],receipts:[]};(r.isReceipt?i.receipts:i.coins).push(r),a.set(r.defiPosition.id,i)}if(a.size===0&&s.length===0)return!1;n.append(e("p",{},"Coins you put into a pool, a lending market or staking are still yours for tax: moving them in or out is not a sale, and they keep what you paid for them. The tokens you got back for them (LP tokens, aTokens, stETH and the like) stand for these coins, so they are not counted again."));for(let[r,i]of a){let o=e("h3",{},i.name),p=e("div",{class:"defi-position","data-position":r},o);i.coins.length?p.append(e("table",{class:"table cards"},e("caption",{class:"sr-only"},`Coins in the ${i.name}`),e("thead",{},e("tr",{},...["Asset","Quantity","Value","Cost basis","Unrealized"].map(g=>e("th",{scope:"col"},g)))),e("tbody",{},...i.coins.map(g=>e("tr",{"data-asset":g.assetId},e("td",{"data-label":"Asset"},e("strong",{},at(g))),e("td",{"data-label":"Quantity",class:"num"},B(g.amountExact)),e("td",{"data-label":"Value",class:"num"},g.valueCents===null||g.valueCents===void 0?e("span",{class:"badge muted"},"No price"):C(g.valueCents)),e("td",{"data-label":"Cost basis",class:"num"},C(g.costBasisCents)),e("td",{"data-label":"Unrealized",class:"num"},g.unrealizedGainCents===null||g.unrealizedGainCents===void 0?"\u2014":e("span",{class:g.unrealizedGainCents<0?"loss":"gain"},`${k(g.unrealizedGainCents)} (${ge(g.unrealizedGainPercent)})`))))))):p.append(e("p",{class:"muted small"},"Your last calculation shows no coins in this position. Recalculate if you deposited recently.")),i.receipts.length&&p.append(e("p",{class:"muted small"},`Receipt held: ${i.receipts.map(g=>`${B(g.amountExact)} ${at(g)}`).join(", ")}. Its value is the coins above.`)),n.append(p)}return s.length&&n.append(e("p",{class:"muted small",id:"defi-receipts"},`Other receipt tokens held: ${s.map(r=>`${B(r.amountExact)} ${at(r)}`).join(", ")}. They stand for coins in a position or for a loan, so they have no value of their own here.`)),!0}var zn=[["ONE_MONTH","1 month"],["THREE_MONTHS","3 months"],["YEAR_TO_DATE","This year"],["ONE_YEAR","1 year"],["ALL_TIME","All time"]];function Wn(n,t){let{app:a}=n,s=e("div",{class:"cards-row",id:"portfolio-totals","aria-live":"polite"},q("your holdings")),r=e("figure",{class:"chart",id:"value-chart"}),i="ALL_TIME",o=e("div",{class:"segmented",role:"radiogroup","aria-label":"Chart range"},...zn.map(([d,m])=>{let y=`range-${d.toLowerCase()}`,b=e("input",{type:"radio",name:"range",id:y,value:d,checked:d===i,onchange:()=>{i=d,c()}});return e("span",{},b,e("label",{for:y},m))})),p=G("holdings","Holdings",q("your holdings")),g=G("harvest","Tax-loss harvesting",q("losses you could harvest")),I=G("defi","DeFi positions");I.el.hidden=!0,t.append(e("h1",{},"Portfolio"),s,G("value","Value over time",o,r).el,p.el,I.el,g.el);let c=async()=>{r.replaceChildren(q("the chart"));try{let m=(await a.q($n,{interval:i})).getChart,y=kn(r,m.points,`Portfolio value and ${M(a.client,!0)}, ${zn.find(([b])=>b===i)?.[1].toLowerCase()}`,M(a.client));r.replaceChildren(y,y.tagName==="svg"?e("figcaption",{},`Change over the range: ${k(m.changeCents)}${m.changePercent===null||m.changePercent===void 0?"":` (${ge(m.changePercent)})`}. Coins without a price on a day add nothing to that day.`):"")}catch(d){r.replaceChildren(w(d,c))}},h=async()=>{try{let d=(await a.q(Ee)).getPortfolioV2,m={...d,positions:d.positions.filter(f=>!st(f))},y=(f,D,$,P="")=>e("div",{class:"card","data-figure":f},e("span",{class:"card-title"},D),e("span",{class:"card-value"},$),P?e("span",{class:"card-sub"},P):""),b=d.positions.filter(f=>!f.isReceipt),x=b.filter(f=>f.valueCents!==null&&f.valueCents!==void 0),S=b.length-x.length,u=x.reduce((f,D)=>f+(D.unrealizedGainCents||0),0);s.replaceChildren(y("value","Value",x.length||!S?C(m.totalValueCents):"No prices",S?`${S} holding${S===1?"":"s"} without a price today, left out`:"At today\u2019s prices"),y("basis",M(a.client),C(m.totalCostBasisCents),m.isStale?"Recalculate to include recent changes":"What you paid for what you hold"),y("unrealized","Unrealized gain",x.length||!S?k(u):"No prices",S?"Of the holdings with a price":"If you sold everything today")),R(p.body),d.positions.length===0?p.body.append(H("You hold nothing yet: add and sync your wallets and exchanges on the Overview page.","holdings-empty")):m.positions.length===0?p.body.append(H("Everything you hold is in the DeFi positions below.","holdings-empty")):(p.body.append(e("table",{class:"table cards",id:"holdings-table"},e("caption",{class:"sr-only"},"Your holdings"),e("thead",{},e("tr",{},...["Asset","Quantity","Price","Value",M(a.client),"Unrealized","Share"].map(f=>e("th",{scope:"col"},f)))),e("tbody",{},...m.positions.map(f=>{let D=f.amountExact.startsWith("-");return e("tr",{"data-asset":f.assetId},e("td",{"data-label":"Asset"},e("strong",{},f.asset?.symbol||"?"),f.asset?.name&&f.asset.name!==f.asset.symbol?e("div",{class:"muted small"},f.asset.name):"",D?e("span",{class:"badge warning"},"Negative balance"):""),e("td",{"data-label":"Quantity",class:"num"},B(f.amountExact)),e("td",{"data-label":"Price",class:"num"},f.price===null||f.price===void 0?e("span",{class:"badge muted"},"No price"):C(Math.round(f.price*100))),e("td",{"data-label":"Value",class:"num"},C(f.valueCents)),e("td",{"data-label":M(a.client),class:"num"},C(f.costBasisCents)),e("td",{"data-label":"Unrealized",class:"num"},f.unrealizedGainCents===null||f.unrealizedGainCents===void 0?"\u2014":e("span",{class:f.unrealizedGainCents<0?"loss":"gain"},`${k(f.unrealizedGainCents)} (${ge(f.unrealizedGainPercent)})`)),e("td",{"data-label":"Share",class:"num"},f.portfolioPercent===null||f.portfolioPercent===void 0?"\u2014":`${f.portfolioPercent.toFixed(1)}%`))})))),d.total>d.positions.length&&p.body.append(e("p",{class:"muted small"},`The ${d.positions.length} largest of ${d.total} holdings and positions.`))),I.el.hidden=!Yn(I.body,d.positions)}catch(d){s.replaceChildren(w(d,h)),R(p.body),R(I.body)}l()},l=async()=>{try{let d=new Date().toISOString().slice(0,10),m=(await a.q(Cn,{date:d})).getHarvestableLosses;R(g.body),g.body.append(e("p",{},`Selling holdings worth less than you paid realizes a loss that offsets your gains. These lots are below their ${M(a.client,!0)} at today\u2019s prices.`)),m.assets.length===0&&m.unpricedAssetIds.length>0?g.body.append(H(`We can\u2019t check for losses without prices: ${m.unpricedAssetIds.length===1?"1 holding has":`${m.unpricedAssetIds.length} holdings have`} no price today.`,"harvest-unpriced")):m.assets.length===0?g.body.append(H(`None of your holdings is worth less than its ${M(a.client,!0)} today.`,"harvest-empty")):g.body.append(e("p",{id:"harvest-total"},e("strong",{},`Up to ${C(-m.totalUnrealizedLossCents)} of losses`),a.client.jurisdictionRules.hasHoldingTerms?` (${W(a.client,"SHORT_TERM",!0)} ${C(-m.shortTermUnrealizedLossCents)}, ${W(a.client,"LONG_TERM",!0)} ${C(-m.longTermUnrealizedLossCents)}).`:"."),e("table",{class:"table cards",id:"harvest-table"},e("caption",{class:"sr-only"},"Holdings you could sell at a loss"),e("thead",{},e("tr",{},...["Asset","Held at a loss","Value",M(a.client),"Loss",""].map(y=>e("th",{scope:"col"},y)))),e("tbody",{},...m.assets.map(y=>e("tr",{"data-harvest":y.assetId},e("td",{"data-label":"Asset"},e("strong",{},y.asset?.symbol||"?")),e("td",{"data-label":"Held at a loss",class:"num"},B(y.amountExact)),e("td",{"data-label":"Value",class:"num"},C(y.marketValueCents)),e("td",{"data-label":M(a.client),class:"num"},C(y.costBasisCents)),e("td",{"data-label":"Loss",class:"num"},e("span",{class:"loss"},k(y.unrealizedGainCents)),a.client.jurisdictionRules.hasHoldingTerms?e("div",{class:"muted small"},`${W(a.client,"SHORT_TERM",!0)} ${k(y.shortTermUnrealizedGainCents)} \xB7 ${W(a.client,"LONG_TERM",!0)} ${k(y.longTermUnrealizedGainCents)}`):""),e("td",{"data-label":"Note"},y.hasRecentAcquisition?e("span",{class:"badge info"},"Bought in the last 30 days"):"")))))),m.unpricedAssetIds.length&&g.body.append(e("p",{class:"muted small"},`${m.unpricedAssetIds.length} holding${m.unpricedAssetIds.length===1?" has":"s have"} no price today and ${m.unpricedAssetIds.length===1?"is":"are"} left out.`)),g.body.append(e("p",{class:"muted small"},"This is information, not advice: check with a tax professional before you sell."))}catch(d){g.body.replaceChildren(w(d,l))}};return h(),c(),a.onChange(()=>{h(),c()})}var Ka={A:"Short-term, on Form 1099-B with basis reported",B:"Short-term, on Form 1099-B without basis",C:"Short-term, not on Form 1099-B",D:"Long-term, on Form 1099-B with basis reported",E:"Long-term, on Form 1099-B without basis",F:"Long-term, not on Form 1099-B",G:"Short-term digital assets, on Form 1099-DA with basis reported",H:"Short-term digital assets, on Form 1099-DA without basis",I:"Short-term digital assets, not on Form 1099-DA",J:"Long-term digital assets, on Form 1099-DA with basis reported",K:"Long-term digital assets, on Form 1099-DA without basis",L:"Long-term digital assets, not on Form 1099-DA"},Xa={QUEUED:"Waiting",GENERATING:"Being made",READY:"Ready",FAILED:"Failed"};function Jn(n,t,a){let{app:s}=n,r=U("year",[]),i=e("div",{id:"tax-figures","aria-live":"polite"},q("the year\u2019s figures")),o=G("income","Income by kind"),p=G("form-8949","Form 8949 preview"),g=e("div",{id:"reconciliation"}),I=G("reports","Reports");t.append(e("h1",{},"Taxes"),e("div",{class:"toolbar"},N("tax-year","Tax year",r)),i,o.el,p.el,g,I.el);let c=0,h=async()=>{try{let u=await s.years(),f=u.length?u[0]:new Date().getUTCFullYear(),D=Number(a.get("year"));c=D&&D>1900?D:f,r.replaceChildren(...be(s.client,u,c).map($=>e("option",{value:$},z(s.client,$)))),r.value=String(c),await Promise.all([m(),y(0,""),b()])}catch(u){i.replaceChildren(w(u,h))}};r.addEventListener("change",async()=>{history.replaceState(null,"",`#/tax?year=${r.value}`),a.set("year",r.value),c=Number(r.value);try{await Promise.all([m(),y(0,""),b()])}catch(u){i.replaceChildren(w(u,h))}document.activeElement===document.body&&r.focus()});let l=s.client.jurisdictionRules,d=()=>z(s.client,c),m=async()=>{try{let u=(await s.q(ye,{year:String(c)})).getIncomeAndCapGains,f=Za(u,l);u.futuresCents&&f.push(["futures","Futures",u.futuresCents,k]),R(i),i.append(u.isStale?e("p",{class:"notice",id:"preview-stale"},"Your ledger changed since these figures were calculated. Recalculate to bring them up to date."):"",u.transactionCount===0?H(`No transactions in ${d()}.`,"year-empty"):"",u.jurisdiction&&l.text?e("p",{class:"muted small",id:"tax-rules","data-jurisdiction":l.jurisdiction},l.text):"",e("dl",{class:"figures","data-year":u.year,"data-year-label":u.taxYearLabel||u.year},...f.map(([D,$,P,T])=>e("div",{class:"figure","data-figure":D,"data-cents":P},e("dt",{},$),e("dd",{},T(P))))),e("p",{class:"muted small"},`${u.disposalCount} transaction${u.disposalCount===1?"":"s"} with a sale or other disposal, ${u.transactionCount} in all`,me(u.computedAt)?`; calculated ${Y(u.computedAt)}.`:"; not calculated yet.")),R(o.body),u.incomeByLabel.length===0?o.body.append(H(`No income in ${d()}.`,"income-empty")):o.body.append(e("table",{class:"table",id:"income-table"},e("caption",{class:"sr-only"},`Income in ${d()} by kind`),e("thead",{},e("tr",{},...["Kind","Transactions","Income"].map(D=>e("th",{scope:"col"},D)))),e("tbody",{},...u.incomeByLabel.map(D=>e("tr",{"data-income":D.label},e("td",{},e("a",{href:`#/transactions?year=${c}&label=${encodeURIComponent(D.label)}`},D.name)),e("td",{class:"num"},String(D.transactionCount)),e("td",{class:"num"},C(D.incomeCents))))),e("tfoot",{},e("tr",{},e("th",{scope:"row"},"Total"),e("td",{}),e("td",{class:"num"},C(u.incomeCents)))))),x.setYear(c)}catch(u){i.replaceChildren(w(u,m))}},y=async(u,f,D=!1)=>{if(!l.hasForm8949){p.el.hidden=!0;return}try{let $=(await s.q(Tn,{year:c,box:f||void 0,page:u})).getForm8949PreviewForYear;if(R(p.body),$.boxes.length===0){p.body.append(H(`No sales or other disposals in ${c}: nothing goes on Form 8949.`,"f8949-empty"));return}let P=U("box",[["","All boxes"],...$.boxes.map(v=>[v.box,`Box ${v.box}`])],f);P.addEventListener("change",()=>y(0,P.value,!0));let T=e("details",{class:"rows",id:"f8949-details",open:D});p.body.append(e("p",{},"How your sales will be reported on Form 8949, box by box. Generate the form itself under Reports."),e("table",{class:"table cards",id:"f8949-boxes"},e("caption",{class:"sr-only"},`Form 8949 boxes of ${c}`),e("thead",{},e("tr",{},...["Box","Rows","Proceeds","Cost basis","Adjustments","Gain or loss"].map(v=>e("th",{scope:"col"},v)))),e("tbody",{},...$.boxes.map(v=>e("tr",{"data-box":v.box},e("td",{"data-label":"Box"},e("strong",{},`Box ${v.box}`),e("div",{class:"muted small"},Ka[v.box]||"")),e("td",{"data-label":"Rows",class:"num"},String(v.rowCount)),e("td",{"data-label":"Proceeds",class:"num"},C(v.proceedsCents)),e("td",{"data-label":"Cost basis",class:"num"},C(v.costBasisCents)),e("td",{"data-label":"Adjustments",class:"num"},C(v.adjustmentCents)),e("td",{"data-label":"Gain or loss",class:"num"},k(v.gainOrLossCents)))))),T),T.append(e("summary",{},`The ${$.total} row${$.total===1?"":"s"}${f?` of box ${f}`:""}, as on the form`),e("div",{class:"toolbar"},N("f8949-box","Show the rows of",P)),e("table",{class:"table cards",id:"f8949-rows"},e("caption",{class:"sr-only"},"Form 8949 rows"),e("thead",{},e("tr",{},...["Box","(a) Description","(b) Acquired","(c) Sold","(d) Proceeds","(e) Cost basis","(h) Gain or loss"].map(v=>e("th",{scope:"col"},v)))),e("tbody",{},...$.rows.map(v=>e("tr",{},e("td",{"data-label":"Box"},v.box),e("td",{"data-label":"Description"},v.transactionId?e("a",{href:`#/transactions/${v.transactionId}`},v.description):v.description),e("td",{"data-label":"Acquired"},v.dateAcquired?V(v.dateAcquired):"Various"),e("td",{"data-label":"Sold"},V(v.dateSold)),e("td",{"data-label":"Proceeds",class:"num"},C(v.proceedsCents)),e("td",{"data-label":"Cost basis",class:"num"},C(v.costBasisCents)),e("td",{"data-label":"Gain or loss",class:"num"},k(v.gainOrLossCents)))))),e("nav",{class:"pager","aria-label":"Form 8949 pages"},$.page>0?F("Previous rows",()=>y($.page-1,f,!0),"secondary"):"",e("span",{class:"muted"},`Rows ${$.page*$.limit+1}\u2013${$.page*$.limit+$.rows.length} of ${$.total}`),($.page+1)*$.limit<$.total?F("Next rows",()=>y($.page+1,f,!0),"secondary"):""))}catch($){p.body.replaceChildren(w($,()=>y(u,f)))}},b=async()=>{if(R(g),!!l.hasForm1099DA)try{let u=(await s.q(xn,{year:c})).getTaxFormStatuses.taxForms;if(u.length===0)return;let f=G("reconciliation-panel","Form 1099-DA reconciliation");g.append(f.el),f.body.append(e("p",{},"Your broker reported these sales to the IRS on Form 1099-DA. Here they are compared with your own figures: differences need a look before you file."));for(let D of u){let $=(await s.q(wn,{formId:D.id})).getTaxFormReconciliation,P=$.rows.filter(T=>T.status!=="MATCHED").slice(0,20);f.body.append(e("div",{class:"recon","data-form":D.id},e("h3",{},`${D.brokerName}: ${D.rowCount} row${D.rowCount===1?"":"s"}`),e("dl",{class:"figures"},...[["Broker proceeds",C($.brokerProceedsCents)],["Your proceeds",C($.computedProceedsCents)],["Difference",k($.proceedsDifferenceCents)],["Matched",String($.matchedCount)],["Different",String($.mismatchedCount)],["Missing in your ledger",String($.missingInLedgerCount)],["Not on the form",String($.missingOnFormCount)]].map(([T,v])=>e("div",{class:"figure"},e("dt",{},T),e("dd",{},v)))),P.length===0?e("p",{class:"notice ok"},"Every row matches your figures."):e("table",{class:"table cards"},e("caption",{class:"sr-only"},"Rows that differ"),e("thead",{},e("tr",{},...["Sold","Asset","Broker","Yours","Difference",""].map(T=>e("th",{scope:"col"},T)))),e("tbody",{},...P.map(T=>e("tr",{},e("td",{"data-label":"Sold"},V(T.dateSold)),e("td",{"data-label":"Asset"},`${T.amountExact} ${T.assetSymbol}`),e("td",{"data-label":"Broker",class:"num"},C(T.brokerProceedsCents)),e("td",{"data-label":"Yours",class:"num"},C(T.computedProceedsCents)),e("td",{"data-label":"Difference",class:"num"},k(T.proceedsDifferenceCents)),e("td",{"data-label":"Status"},T.status==="MISSING_IN_LEDGER"?"Not in your ledger":T.status==="MISSING_ON_FORM"?"Not on the form":T.transactionId?e("a",{href:`#/transactions/${T.transactionId}`},"Different: open"):"Different")))))))}}catch(u){g.replaceChildren(w(u,b))}},x=new rt(s,I.body,s.client);x.load(),h();let S=s.onChange(()=>{s.years().then(()=>{m(),y(0,"")})});return()=>{x.stop(),S()}}var rt=class{constructor(t,a,s){this.app=t;this.client=s;this.list=e("div",{id:"report-list","aria-live":"polite"},q("your reports"));this.msg=e("div",{id:"report-message",role:"status"});this.yearSel=U("year",[]);this.polling=!1;this.alive=!0;let r=e("input",{name:"email",type:"email",autocomplete:"email",value:t.s.email||""}),i=e("button",{type:"submit",id:"request-report-button"},"Request report");this.form=e("form",{id:"request-report",class:"inline-form",onsubmit:o=>{o.preventDefault(),this.request(i)}},N("report-year","Tax year",this.yearSel),N("report-type","Report",U("type",s.jurisdictionRules.reports.map(o=>[o.type,o.name])),"grow"),N("report-email","E-mail me a link (optional)",r,"grow"),i),a.append(e("p",{},"Reports are made from your calculated figures. They are ready in a few seconds; you can also get a link by e-mail."),this.form,this.msg,this.list)}stop(){this.alive=!1}async setYear(t){let a=await this.app.years();this.yearSel.replaceChildren(...be(this.client,a,t).map(s=>e("option",{value:s},z(this.client,s)))),this.yearSel.value=String(t)}async load(){try{let t=(await this.app.q(Ke)).getReports;this.render(t),t.some(jn)&&this.poll()}catch(t){this.list.replaceChildren(w(t,()=>this.load()))}}render(t){if(R(this.list),t.length===0){this.list.append(H("No reports yet. Choose a year and a report above.","reports-empty"));return}this.list.append(e("table",{class:"table cards"},e("caption",{class:"sr-only"},"Your reports"),e("thead",{},e("tr",{},...["Year","Report","Status","Requested",""].map(a=>e("th",{scope:"col"},a)))),e("tbody",{},...t.map(a=>e("tr",{"data-report":a.id,"data-type":a.type,"data-status":a.status},e("td",{"data-label":"Year"},a.year?z(this.client,Number(a.year)):"\u2014"),e("td",{"data-label":"Report"},a.typeName,a.isStale?e("div",{class:"muted small"},"Your figures changed since; request it again for current ones."):""),e("td",{"data-label":"Status"},e("span",{class:`badge ${a.status.toLowerCase()}`},Xa[a.status]||a.status),a.error?e("div",{class:"muted small"},a.error):""),e("td",{"data-label":"Requested"},Y(a.createdAt)),e("td",{"data-label":"File"},a.status==="READY"?F("Download",s=>this.download(a,s.currentTarget),"secondary small download",{"aria-label":`Download ${a.year||""} ${a.typeName}`}):""))))))}async request(t){let a=new FormData(this.form),s=String(a.get("email")||"").trim();try{let i=(await _(t,"Requesting\u2026",()=>this.app.q(Sn,{year:String(a.get("year")),type:String(a.get("type")),email:s||void 0}))).getReportExportV2;this.msg.replaceChildren(e("p",{class:"notice ok"},i.isCached?"You have this report already, up to date: it is in the list below.":`Report requested. It appears below when it is ready${s?`, and we e-mail a link to ${s}`:""}.`)),await this.load()}catch(r){this.msg.replaceChildren(w(r))}}async poll(){if(!this.polling){this.polling=!0;try{for(;this.alive;){await ee(1e3);let t=(await this.app.q(Ke)).getReports;if(!this.alive||(this.render(t),!t.some(jn)))return}}catch(t){this.list.replaceChildren(w(t,()=>this.load()))}finally{this.polling=!1}}}async download(t,a){try{let s=await _(a,"Preparing\u2026",()=>this.app.q(Pn,{id:t.id})),r=e("a",{href:s.getReportDownloadUrl.url,download:s.getReportDownloadUrl.fileName,hidden:!0});document.body.append(r),r.click(),r.remove(),this.msg.replaceChildren(e("p",{class:"notice ok",id:"download-started"},`Downloading ${s.getReportDownloadUrl.fileName}.`))}catch(s){this.msg.replaceChildren(w(s))}}},jn=n=>n.status==="QUEUED"||n.status==="GENERATING";function Za(n,t){let a=t.words,s=[["proceeds",a.proceeds,n.proceedsCents,C],["cost-basis",a.cost,n.costBasisCents,C]];return t.hasHoldingTerms&&s.push(["short-term",`${a.shortTerm||"Short-term"} gains`,n.shortTermCapGainsCents,k],["long-term",`${a.longTerm||"Long-term"} gains`,n.longTermCapGainsCents,k]),(!t.hasHoldingTerms||n.gainsCents!==null&&n.gainsCents!==void 0)&&s.push(["gains",a.gains,n.gainsCents??0,C],["losses",a.losses,-(n.lossesCents??0),C]),a.deniedLosses&&s.push(["denied-losses",a.deniedLosses,n.deniedLossesCents??0,C]),s.push(["capital-gains",a.netGain,n.capGainsCents,k]),n.lossesBroughtForwardCents!=null&&s.push(["losses-brought-forward","Net capital losses brought forward",n.lossesBroughtForwardCents,C]),n.discountCents!=null&&s.push(["discount","CGT discount applied",n.discountCents,C]),n.gainThresholdCents!=null&&s.push(["threshold",`${a.threshold||"Threshold"} (taxed in full from this amount)`,n.gainThresholdCents,C]),a.taxableGain&&s.push(["taxable-gains",a.taxableGain,n.taxableCapitalGainsCents??0,k]),n.lossesCarriedForwardCents!=null&&s.push(["losses-carried-forward","Net capital losses carried forward",n.lossesCarriedForwardCents,C]),s.push(["income","Income",n.incomeCents,C]),a.taxableIncome&&n.taxableIncomeCents!=null&&s.push(["taxable-income",a.taxableIncome,n.taxableIncomeCents,C]),s}var dt="taxd.portal.session",it=(()=>{try{return JSON.parse(document.getElementById("taxd-page")?.textContent||"{}")}catch{return{}}})(),X=document.getElementById("main"),ct=document.getElementById("top"),Oe=!1;function es(n){try{let t=n.split(".")[1].replace(/-/g,"+").replace(/_/g,"/");return JSON.parse(atob(t))}catch{return{}}}function ts(n){sessionStorage.setItem(dt,JSON.stringify(n))}function ns(){try{let n=JSON.parse(sessionStorage.getItem(dt)||"null");return n&&n.code&&n.token?n:null}catch{return null}}function ot(n){let t=n?.partnerId?`?partner=${encodeURIComponent(n.partnerId)}`:"",a=()=>history.replaceState(null,"",location.pathname+t+location.hash);document.readyState==="complete"?a():window.addEventListener("load",a,{once:!0})}function Zn(n){if(document.body.dataset.partner=n.name,document.title=`${n.name} \xB7 Crypto tax portal`,n.primaryColor&&/^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(n.primaryColor)){let[a,s]=as(n.primaryColor),r=document.documentElement.style;r.setProperty("--brand",a),r.setProperty("--on-brand",s)}R(ct),ct.append(e("div",{class:"brand"},n.logoUrl&&/^https:\/\//.test(n.logoUrl)?e("img",{src:n.logoUrl,alt:`${n.name} logo`,class:"logo"}):"",e("span",{class:"partner-name"},n.name),e("span",{class:"product"},"Crypto tax portal")));let t=document.getElementById("foot");t||(t=e("footer",{id:"foot",class:"foot"}),document.body.append(t)),t.replaceChildren(e("p",{},`The tax portal of ${n.name}.`,n.supportEmail?[" Questions? Write to ",e("a",{href:`mailto:${n.supportEmail}`},n.supportEmail),"."]:""))}function as(n){let t=n.slice(1);t.length===3&&(t=t.split("").map(i=>i+i).join(""));let a=[0,2,4].map(i=>parseInt(t.slice(i,i+2),16)),s=i=>i.map(o=>{let p=o/255;return p<=.03928?p/12.92:Math.pow((p+.055)/1.055,2.4)}).reduce((o,p,g)=>o+p*[.2126,.7152,.0722][g],0),r=s(a);if((r+.05)/.05>=4.5&&(r+.05)/.05>1.05/(r+.05))return[n,"#000000"];for(let i=0;i<40&&1.05/(s(a)+.05)<4.5;i++)a=a.map(o=>Math.floor(o*.94));return[`#${a.map(i=>i.toString(16).padStart(2,"0")).join("")}`,"#ffffff"]}function He(n,t,...a){R(X),document.getElementById("app-nav")?.remove(),X.append(e("section",{class:"panel state",id:n,"aria-labelledby":`${n}-h`},e("h1",{id:`${n}-h`},t),...a))}function lt(){if(Oe)return;Oe=!0,sessionStorage.removeItem(dt);let n=document.body.dataset.partner||"your provider",t=e("p",{hidden:!0,role:"status"},`Return to ${n} and open the tax portal from there: it signs you in with a new link.`),a=e("button",{type:"button",id:"sign-in-again",onclick:()=>{window.parent!==window&&window.parent.postMessage({type:"taxd:portal:session-expired"},"*"),t.hidden=!1}},"Sign in again");He("state-expired","Your session has expired",e("p",{},`For your security the tax portal signs you out after a while. Sign in again from ${n}.`),a,t),X.focus()}function ss(){He("state-signed-out","Sign in to your tax portal",e("p",{},"Open the tax portal from your provider\u2019s website or app: it signs you in automatically."))}var rs=[["","Overview"],["transactions","Transactions"],["review","Review"],["portfolio","Portfolio"],["tax","Taxes"]];async function ea(n){R(X),X.append(q("your tax portal"));let t,a;try{[t,a]=await Promise.all([te(n,"GET","/user"),Te(n,sn).then(i=>i.getMyActiveClient)])}catch(i){if(Oe)return;if(i instanceof O&&i.status===404)return He("state-not-found","We could not find your account",e("p",{},"This sign-in link does not belong to an account here. Open the tax portal again from your provider."));R(X),X.append(e("section",{class:"panel state",id:"state-error"},e("h1",{},"The tax portal could not open"),e("p",{},ne(i)),e("button",{type:"button",onclick:()=>ea(n)},"Try again")));return}Zn(t.partner),It(a.currency),n.email=n.email||t.email||void 0;let s=new Re(n,a,t.partner);s.labels().then(i=>{s.labelCache=i}).catch(()=>{}),s.accounts().then(i=>{s.accountCache=i}).catch(()=>{}),s.onChange(()=>{s.accounts().then(i=>{s.accountCache=i}).catch(()=>{})});let r=new Le(s);is(s,r),r.refresh(),window.parent!==window&&window.parent.postMessage({type:"taxd:portal:ready"},"*")}var oe,Kn=!0;function is(n,t){let a=rs.map(([g,I])=>e("li",{},e("a",{href:`#/${g}`,"data-route":g,id:`nav-${g||"overview"}`},I,g==="review"?e("span",{class:"count",id:"review-count",hidden:!0}):""))),s=e("nav",{class:"tabs",id:"app-nav","aria-label":"Tax portal"},e("ul",{},...a));document.getElementById("app-nav")?.remove(),ct.after(s);let r=e("div",{class:"bar"},t.el),i=e("div",{id:"view"});R(X),X.append(r,i);let o={app:n,recalc:t,reviewCount:g=>ta(g)},p=()=>{if(Oe)return;typeof oe=="function"&&oe();let[g,I]=location.hash.replace(/^#\/?/,"").split("?"),c=g.split("/").filter(Boolean).map(decodeURIComponent),h=new URLSearchParams(I||""),l=c[0]||"";for(let d of s.querySelectorAll("a"))d.dataset.route===l?d.setAttribute("aria-current","page"):d.removeAttribute("aria-current");switch(R(i),window.scrollTo(0,0),l){case"transactions":oe=c[1]?On(o,i,c[1]):qn(o,i,h);break;case"review":oe=Qn(o,i,h);break;case"portfolio":oe=Wn(o,i);break;case"tax":oe=Jn(o,i,h);break;default:oe=Mn(o,i)}if(!Kn){let d=i.querySelector("h1");d&&(d.setAttribute("tabindex","-1"),d.focus())}Kn=!1};window.addEventListener("hashchange",p),p(),Xn(n),n.onChange(()=>Xn(n))}async function Xn(n){try{let t=await n.q(se,{limit:1});ta(t.getClientReviewQueue.totalCount)}catch{}}function ta(n){let t=document.getElementById("review-count");t&&(t.hidden=n===0,t.textContent=String(n),t.setAttribute("aria-label",`${n} to review`))}async function os(){it.brand&&Zn(it.brand);let n=new URLSearchParams(location.search);if(n.get("report")&&n.get("signature"))return En(X,n,it.download);mt(lt);let t=null;if(n.get("token")&&n.get("code"))t={code:n.get("code"),token:n.get("token"),email:n.get("email")||void 0,clientId:""};else if(n.get("link")){ot(null);try{let s=await ht(n.get("link"));t={code:s.referenceId,token:s.accessToken,partnerId:s.partnerId,clientId:""}}catch(s){return He("state-link-invalid","This link does not work",e("p",{},ne(s)))}}else t=ns();if(!t)return ot(null),ss();let a=es(t.token);return t.partnerId=t.partnerId||a.pid,t.clientId=a.sub||"",ts(t),ot(t),a.exp&&a.exp*1e3<=Date.now()?lt():(a.exp&&setTimeout(lt,Math.min(a.exp*1e3-Date.now(),2**31-1)),ea(t))}os();})();
