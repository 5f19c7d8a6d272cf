"use strict";(()=>{var gt=document.querySelector('meta[name="taxd-api"]')?.content||"/api",la=document.querySelector('meta[name="taxd-graphql"]')?.content||"/graphql",K=class extends Error{},H=class extends Error{constructor(a,s,r=""){super(s);this.status=a;this.code=r}},yt=()=>{};function ht(n){yt=n}function Qe(){throw yt(),new K("session expired")}async function te(n,t,a,s){let r;try{r=await fetch(`${gt}/users/${encodeURIComponent(n.code)}${a}`,{method:t,headers:{Authorization:`Bearer ${n.token}`,...s===void 0?{}:{"Content-Type":"application/json"}},body:s===void 0?void 0:JSON.stringify(s)})}catch{throw Ce()}if(r.status===401&&Qe(),!r.ok)throw new H(r.status,await ft(r));return(await r.json()).data}async function ft(n){try{let t=await n.json();if(t&&typeof t.message=="string")return _e(t.message)}catch{}return Ye(n.status)}function Ye(n){return n===404?"We could not find this. It may have been removed.":n===429?"Too many requests in a short time. Wait a minute, then try again.":n===503?"The service is busy or under maintenance. Try again in a minute.":"Something went wrong on our side. Try again in a moment."}function Ce(){return new H(0,"The portal could not reach the server. Check your internet connection and try again.","OFFLINE")}async function Te(n,t,a){let s=t.toString(),r;try{r=await fetch(la,{method:"POST",headers:{Authorization:`Bearer ${n.token}`,"Content-Type":"application/json"},body:JSON.stringify({query:s,variables:a??{}})})}catch{throw Ce()}r.status===401&&Qe();let i;try{i=await r.json()}catch{throw new H(r.status,Ye(r.status))}let o=i.errors?.[0];if(o){let m=o.extensions?.code||"";throw m==="UNAUTHENTICATED"&&Qe(),new H(r.status,ca(m,o.message),m)}return i.data}function ca(n,t){switch(n){case"BAD_USER_INPUT":return _e(t);case"NOT_FOUND":return"We could not find this. It may have been merged, deleted or changed meanwhile; reload the page.";case"CONFLICT":return`This could not be done: ${da(_e(t))}`;case"TAXES_LOCKED":return"This falls in a tax period that is locked because it was filed. Ask your provider to unlock it first.";case"FORBIDDEN":return"Your sign-in does not allow this.";case"RATE_LIMITED":return"Too many requests in a short time. Wait a minute, then try again.";case"TIMEOUT":return"This took too long to answer. Try again, or narrow the filters.";default:return"Something went wrong on our side. Try again in a moment."}}function da(n){return n.charAt(0).toLowerCase()+n.slice(1)}function _e(n){let t=n.replace(/^[\w.[\]]+: /,"");return/regular expression|doesn't match|format "/.test(t)?"That value is not in the expected format.":(t=t.replace(/\s+/g," ").trim(),t?t.charAt(0).toUpperCase()+t.slice(1)+(/[.!?]$/.test(t)?"":"."):"That value is not valid.")}function ne(n){return n instanceof H?n.message:"Something went wrong in the portal. Reload the page and try again."}async function It(n,t,a,s){let r;try{r=await fetch(`${gt}/users/${encodeURIComponent(n)}/reports/${encodeURIComponent(t)}/download`,{method:"POST",headers:{"Content-Type":"application/json"},body:JSON.stringify({expires:a,signature:s})})}catch{throw Ce()}if(r.status===401)return"expired";if(r.status===404)return"gone";if(!r.ok)throw new H(r.status,Ye(r.status));return pa(await r.blob(),ua(r,"report")),"ok"}function ua(n,t){let a=n.headers.get("Content-Disposition")||"",s=/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(a);return s?decodeURIComponent(s[1]):t}function pa(n,t){let a=URL.createObjectURL(n),s=document.createElement("a");s.href=a,s.download=t,s.hidden=!0,document.body.append(s),s.click(),s.remove(),setTimeout(()=>URL.revokeObjectURL(a),6e4)}async function bt(n){let t;try{t=await fetch("/portal/link-session",{method:"POST",headers:{"Content-Type":"application/json"},body:JSON.stringify({link:n})})}catch{throw Ce()}if(t.status===404)throw new H(404,"This link is not valid any more. Ask your provider for a new one.");if(!t.ok)throw new H(t.status,await ft(t));return t.json()}function e(n,t={},...a){let r=ma.has(n)?document.createElementNS("http://www.w3.org/2000/svg",n):document.createElement(n);for(let[i,o]of Object.entries(t))o==null||o===!1||(i.startsWith("on")&&typeof o=="function"?r.addEventListener(i.slice(2),o):o===!0?r.setAttribute(i,""):r.setAttribute(i,String(o)));for(let i of a.flat())i==null||i===!1||i===""||r.append(typeof i=="number"?String(i):i);return r}var ma=new Set(["svg","g","rect","line","text","title","desc","path","polyline","circle"]);function R(n){n.replaceChildren()}function z(n){let t=pe(n);return t?t.toLocaleString("en-US",{dateStyle:"medium",timeStyle:"short"}):"\u2014"}function V(n){let t=pe(n);return t?t.toLocaleDateString("en-US",{dateStyle:"medium"}):"\u2014"}function ze(n,t){let a=pe(n);return a?a.toLocaleTimeString("en-US",{hour:"numeric",minute:"2-digit",timeZone:t}):"\u2014"}function pe(n){if(!n)return null;let t=new Date(n);return isNaN(t.getTime())||t.getUTCFullYear()<1971?null:t}var We="USD";function $t(n){We=n||"USD"}function C(n){return n==null?"\u2014":(Math.round(n)===0?0:n/100).toLocaleString("en-US",{style:"currency",currency:We})}function k(n){return n==null?"\u2014":n>0?`+${C(n)}`:n<0?`\u2212${C(-n)}`:C(0)}function je(n){return(n/100).toLocaleString("en-US",{style:"currency",currency:We,notation:"compact",maximumFractionDigits:1})}function B(n){if(!n)return"\u2014";let t=Number(n);return isFinite(t)?t.toLocaleString("en-US",{maximumFractionDigits:Math.abs(t)>=1e3?2:8}):n}function me(n){return n==null||!isFinite(n)?"\u2014":`${n>0?"+":n<0?"\u2212":""}${Math.abs(n).toLocaleString("en-US",{maximumFractionDigits:1})}%`}function ae(n){return n.length>16?`${n.slice(0,6)}\u2026${n.slice(-4)}`:n}function le(n){let t=document.getElementById("announcer");t||(t=e("div",{id:"announcer",class:"sr-only",role:"status","aria-live":"polite"}),document.body.append(t)),t.textContent="",setTimeout(()=>{t.textContent=n},50)}function ee(n){return new Promise(t=>setTimeout(t,n))}function q(n){return e("p",{class:"loading",role:"status"},e("span",{class:"spinner","aria-hidden":"true"}),`Loading ${n}\u2026`)}function O(n,t,...a){return e("div",{class:"empty",id:t},e("p",{},n),...a)}function N(n,t,a,s=""){return a.id=n,e("div",{class:`field ${s}`},e("label",{for:n},t),a)}function U(n,t,a){let s=e("select",{name:n},...t.map(([r,i])=>e("option",{value:r},i)));return a!==void 0&&(s.value=a),s}function F(n,t,a="",s={}){return e("button",{type:"button",class:a,onclick:t,...s},n)}function xe(n,t,a){return s=>{let r=s.currentTarget;if(r.nextElementSibling?.classList.contains("confirm"))return;let i=()=>{m.remove(),r.hidden=!1},o=F(t,()=>{i(),a(r)},"small",{"data-confirm-yes":r.id||""}),m=e("div",{class:"confirm",role:"group","aria-label":n},e("p",{},n),o,F("Cancel",()=>{i(),r.focus()},"secondary small"));r.hidden=!0,r.after(m),o.focus()}}async function _(n,t,a){let s=n.textContent;n.disabled=!0,n.textContent=t,n.setAttribute("aria-busy","true");try{return await a()}finally{n.disabled=!1,n.textContent=s,n.removeAttribute("aria-busy")}}var A=class extends String{constructor(t,a){super(t),this.value=t,this.__meta__=a}toString(){return this.value}},Ct=new A(`
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
    `,{fragmentName:"PortalTxRow"}),Tt=new A(`
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
    `,{fragmentName:"PortalTxDetail"}),xt=new A(`
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
    `),wt=new A(`
    query PortalTaxYears($clientId: ID!) {
  getTaxYears(clientId: $clientId)
}
    `),St=new A(`
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
    `),Pt=new A(`
    query PortalDirty($clientId: ID!) {
  countDirty(clientId: $clientId)
}
    `),Dt=new A(`
    query PortalActiveJob($clientId: ID!) {
  getActiveRecalculateJob(clientId: $clientId) {
    id
    status
    progress
    attempt
  }
}
    `),vt=new A(`
    query PortalLastRun {
  getMyActiveClient {
    id
    lastRecalculatedAt
  }
}
    `),At=new A(`
    mutation PortalRecalculate($clientId: ID!) {
  rerunGraph(clientId: $clientId)
}
    `),Et=new A(`
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
    `),Rt=new A(`
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
    `),Lt=new A(`
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
    `),kt=new A(`
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
    `),Bt=new A(`
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
    `),Ft=new A(`
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
}`),Mt=new A(`
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
}`),Nt=new A(`
    query PortalTransactionLots($clientId: ID!, $key: String!, $id: ID, $after: String) {
  getTaxLots(
    clientId: $clientId
    assetPricingKey: $key
    transactionId: $id
    after: $after
  ) {
    costBasisAlgorithm
    nextCursor
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
    `),qt=new A(`
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
    `),Vt=new A(`
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
    `),Ut=new A(`
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
    `),Ht=new A(`
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
    `),Ot=new A(`
    mutation PortalHide($clientId: ID!, $id: ID!, $hidden: Boolean!) {
  hideTransaction(clientId: $clientId, transactionId: $id, isHidden: $hidden) {
    id
    isHidden
  }
}
    `),Gt=new A(`
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
    `),Qt=new A(`
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
    `),_t=new A(`
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
    `),Yt=new A(`
    mutation PortalPair($clientId: ID!, $from: ID!, $to: ID!) {
  markInternalTransfer(
    clientId: $clientId
    fromTransactionId: $from
    toTransactionId: $to
  )
}
    `),zt=new A(`
    mutation PortalUnpair($clientId: ID!, $from: ID!, $to: ID!) {
  unmarkInternalTransfer(
    clientId: $clientId
    fromTransactionId: $from
    toTransactionId: $to
  )
}
    `),Wt=new A(`
    mutation PortalUndo($clientId: ID!, $ids: [ID!]!) {
  undoAuditLogs(clientId: $clientId, auditLogIds: $ids, source: "portal") {
    id
  }
}
    `),jt=new A(`
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
    `),Jt=new A(`
    mutation PortalMarkSpam($assetId: ID!, $spam: Boolean) {
  updateAsset(assetId: $assetId, isSpam: $spam) {
    id
    isSpam
  }
}
    `),Kt=new A(`
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
      lastPrice
      lastValueCents
      lastPriceDate
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
    `),Xt=new A(`
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
    `),Zt=new A(`
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
    `),en=new A(`
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
    `),tn=new A(`
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
    `),nn=new A(`
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
    `),an=new A(`
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
    `),sn=new A(`
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
    `),rn=new A(`
    query PortalDownloadUrl($id: ID!) {
  getReportDownloadUrl(reportId: $id) {
    url
    fileName
  }
}
    `),on=new A(`
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
    `);var ya={"\nfragment PortalTxRow on Transaction {\n  id createdAt label accountId provider isHidden isMissingBasis hasNegativeBalance isInternalTransfer isDirty isSpam\n  fiatValueCents capGainsSumSigned incomeSum\n  transfers { id direction isFee amountExact assetId asset { id symbol } fiatValueCents }\n}":Ct,"\nfragment PortalTxDetail on Transaction {\n  id createdAt txnHash accountId provider explorerUrl label labelSource notes isHidden isReviewed isDirty isMissingBasis\n  hasNegativeBalance isInternalTransfer isEdited isSpam isOffChain linkType linkId linkedTransactionId\n  fiatValueCents feeFiatValueCents capGainsSumSigned incomeSum\n  classification { rule confidence explanation }\n  transfers {\n    id ordering assetId asset { id symbol name pricingKey } amountExact fromAccountId toAccountId fromAddress toAddress\n    direction isFee isHidden fiatValueCents basisFiatValueCents isFiatValueOverridden capGainsSumSigned incomeSum\n    saleTerm uncoveredAmountExact\n  }\n}":Tt,"\nquery PortalClient {\n  getMyActiveClient {\n    id name currency timezone fiscalYearStart costBasisAlgorithm lockTaxesUntil\n    jurisdictionRules {\n      jurisdiction name taxYearStart taxYearLabelFormat hasHoldingTerms hasForm8949 hasForm1099DA reports { type name } text matchingText\n      words { proceeds cost gains losses netGain taxableGain deniedLosses holding shortTerm longTerm taxableIncome threshold }\n    }\n  }\n}":xt,"\nquery PortalTaxYears($clientId: ID!) { getTaxYears(clientId: $clientId) }":wt,"\nquery PortalYear($clientId: ID!, $year: String!) {\n  getIncomeAndCapGains(clientId: $clientId, year: $year) {\n    year startDate endDate proceedsCents costBasisCents shortTermCapGainsCents longTermCapGainsCents capGainsCents\n    futuresCents incomeCents incomeByLabel { label name incomeCents transactionCount } disposalCount transactionCount\n    isStale computedAt jurisdiction taxYearLabel gainsCents lossesCents deniedLossesCents taxableCapitalGainsCents\n    gainThresholdCents taxableIncomeCents incomeThresholdCents discountGainsCents lossesBroughtForwardCents discountCents lossesCarriedForwardCents\n  }\n}":St,"\nquery PortalDirty($clientId: ID!) { countDirty(clientId: $clientId) }":Pt,"\nquery PortalActiveJob($clientId: ID!) {\n  getActiveRecalculateJob(clientId: $clientId) { id status progress attempt }\n}":Dt,"\nquery PortalLastRun { getMyActiveClient { id lastRecalculatedAt } }":vt,"\nmutation PortalRecalculate($clientId: ID!) { rerunGraph(clientId: $clientId) }":At,"\nquery PortalTransactionCount($clientId: ID!, $search: String, $startDate: Date, $endDate: Date, $assetIds: [String!], $accountIds: [ID!],\n    $labels: [String!], $labelFilterMode: String, $insightPatternId: ID, $includeHidden: Boolean) {\n  getClientTransactionsSummary(clientId: $clientId, search: $search, startDate: $startDate, endDate: $endDate, assetIds: $assetIds,\n      accountIds: $accountIds, labels: $labels, labelFilterMode: $labelFilterMode, insightPatternId: $insightPatternId, includeHidden: $includeHidden) {\n    transactionCount\n  }\n}":Et,"\nquery PortalReviewQueue($clientId: ID!, $patternId: ID, $limit: Int) {\n  getClientReviewQueue(clientId: $clientId, patternId: $patternId, limit: $limit) {\n    totalCount\n    groups { patternId type severity title count assetId }\n    items { transactionId patternId type problems }\n  }\n}":Rt,"\nquery PortalAccounts($clientId: String!) {\n  getClientAccounts(clientId: $clientId) {\n    id name type provider address status transactionCount lastSyncedAt lastSyncError\n  }\n}":Lt,"\nquery PortalAssets($clientId: ID!) {\n  getClientAssets(clientId: $clientId, hideSpamAssets: true) { assets { id symbol name pricingKey } }\n}":kt,"\nquery PortalLabels($clientId: ID) {\n  getLabels(clientId: $clientId) { value name description category isIncome isDisposal isNonTaxable }\n}":Bt,"\nquery PortalTransactions($clientId: ID!, $page: Int, $limit: Int, $search: String, $startDate: Date, $endDate: Date,\n    $assetIds: [String!], $accountIds: [ID!], $labels: [String!], $labelFilterMode: String, $insightPatternId: ID,\n    $includeHidden: Boolean, $onlyTransactionIds: [String!]) {\n  getClientTransactions(clientId: $clientId, page: $page, limit: $limit, skipTotal: true, search: $search,\n      startDate: $startDate, endDate: $endDate, assetIds: $assetIds, accountIds: $accountIds, labels: $labels,\n      labelFilterMode: $labelFilterMode, insightPatternId: $insightPatternId, includeHidden: $includeHidden,\n      onlyTransactionIds: $onlyTransactionIds) {\n    transactions { ...PortalTxRow }\n    page limit hasNextPage\n  }\n}":Ft,"\nquery PortalTransaction($clientId: ID!, $id: ID!) {\n  getTransaction(clientId: $clientId, transactionId: $id, includeAllTransfers: true) { ...PortalTxDetail }\n}":Mt,"\nquery PortalTransactionLots($clientId: ID!, $key: String!, $id: ID, $after: String) {\n  getTaxLots(clientId: $clientId, assetPricingKey: $key, transactionId: $id, after: $after) {\n    costBasisAlgorithm nextCursor\n    disposals {\n      transferId amountExact proceedsCents costBasisCents gainCents term box lotAcquiredAt lotTransactionId\n      isUncovered isMissingBasis match deniedLossExact\n    }\n    lots { id acquiredAt amountExact originalAmountExact costBasisCents term isMissingBasis }\n  }\n}":Nt,"\nquery PortalLabelOptions($clientId: ID!, $id: ID!) {\n  getTransactionTypeOptions(clientId: $clientId, transactionId: $id) {\n    options { value name description } recommended { value } currentLabel\n  }\n}":qt,"\nquery PortalAudit($clientId: ID!, $ids: [ID!]) {\n  getClientAuditLogs(clientId: $clientId, transactionIds: $ids, limit: 25, page: 0) {\n    auditLogs { id createdAt actorType action entityType field oldValue newValue undoneAt canUndo source }\n    total\n  }\n}":Vt,"\nquery PortalPairs($clientId: ID!, $id: ID, $limit: Int) {\n  getTransferPairSuggestions(clientId: $clientId, transactionId: $id, limit: $limit) {\n    fromTransactionId toTransactionId fromAccountId toAccountId sentAmountExact receivedAmountExact feeAmountExact\n    sentAt receivedAt asset { symbol }\n  }\n}":Ut,'\nmutation PortalLabel($clientId: ID!, $ids: [ID!]!, $label: String, $wipe: Boolean) {\n  labelTransactions(clientId: $clientId, transactionIds: $ids, label: $label, wipeLabel: $wipe, source: "portal") { id label }\n}':Ht,"\nmutation PortalHide($clientId: ID!, $id: ID!, $hidden: Boolean!) {\n  hideTransaction(clientId: $clientId, transactionId: $id, isHidden: $hidden) { id isHidden }\n}":Ot,'\nmutation PortalReviewed($clientId: ID!, $id: ID!, $reviewed: Boolean!) {\n  updateTransaction(clientId: $clientId, transactionId: $id, createDefaultRule: false, source: "portal",\n      updates: { isReviewed: $reviewed }) { transaction { id isReviewed } }\n}':Gt,"\nmutation PortalSetPrice($clientId: ID!, $ids: [ID!]!, $assetId: ID, $price: Float) {\n  saveReceivePriceForTransactions(clientId: $clientId, transactionIds: $ids, assetId: $assetId, fiatValue: $price) { id }\n}":Qt,'\nmutation PortalSetValue($clientId: ID!, $tx: ID!, $transfer: ID!, $value: Float, $basis: Float, $reset: Boolean) {\n  updateTransfer(clientId: $clientId, transactionId: $tx, transferId: $transfer, fiatValue: $value, basisFiatValue: $basis,\n      resetFiatValue: $reset, source: "portal") { id }\n}':_t,"\nmutation PortalPair($clientId: ID!, $from: ID!, $to: ID!) {\n  markInternalTransfer(clientId: $clientId, fromTransactionId: $from, toTransactionId: $to)\n}":Yt,"\nmutation PortalUnpair($clientId: ID!, $from: ID!, $to: ID!) {\n  unmarkInternalTransfer(clientId: $clientId, fromTransactionId: $from, toTransactionId: $to)\n}":zt,'\nmutation PortalUndo($clientId: ID!, $ids: [ID!]!) {\n  undoAuditLogs(clientId: $clientId, auditLogIds: $ids, source: "portal") { id }\n}':Wt,"\nmutation PortalAcceptBasis($clientId: ID!, $ids: [ID!]!, $override: Boolean!) {\n  updateMultiTransactionsCostBasis(clientId: $clientId, transactionIds: $ids, isMissingBasis: false, overrideIsMissingBasis: $override) { id }\n}":jt,"\nmutation PortalMarkSpam($assetId: ID!, $spam: Boolean) {\n  updateAsset(assetId: $assetId, isSpam: $spam) { id isSpam }\n}":Jt,"\nquery PortalPortfolio($clientId: ID!) {\n  getPortfolioV2(clientId: $clientId, limit: 100, sort: VALUE) {\n    positions {\n      assetId asset { symbol name } amountExact price valueCents lastPrice lastValueCents lastPriceDate costBasisCents unrealizedGainCents\n      unrealizedGainPercent portfolioPercent isReceipt defiPosition { id name }\n    }\n    total totalValueCents totalCostBasisCents totalUnrealizedGainCents isStale computedAt\n  }\n}":Kt,"\nquery PortalChart($clientId: ID!, $interval: HistoricalBalanceIntervalEnum!) {\n  getChart(clientId: $clientId, interval: $interval) {\n    points { date valueCents costBasisCents } startValueCents endValueCents changeCents changePercent isStale\n  }\n}":Xt,"\nquery PortalHarvest($clientId: ID!, $date: Date!) {\n  getHarvestableLosses(clientId: $clientId, date: $date) {\n    totalUnrealizedLossCents shortTermUnrealizedLossCents longTermUnrealizedLossCents\n    assets {\n      assetId asset { symbol name } amountExact price marketValueCents costBasisCents unrealizedGainCents\n      shortTermUnrealizedGainCents longTermUnrealizedGainCents hasRecentAcquisition\n    }\n    unpricedAssetIds isStale\n  }\n}":Zt,"\nquery PortalForm8949($clientId: ID!, $year: Int!, $box: Form8949BoxEnum, $page: Int) {\n  getForm8949PreviewForYear(clientId: $clientId, year: $year, box: $box, page: $page, limit: 25) {\n    boxes { box term rowCount proceedsCents costBasisCents adjustmentCents gainOrLossCents }\n    rows { transactionId description dateAcquired dateSold proceedsCents costBasisCents gainOrLossCents box }\n    total page limit isStale\n  }\n}":en,'\nquery PortalTaxForms($clientId: ID!, $year: Int!) {\n  getTaxFormStatuses(clientId: $clientId, year: $year, formType: "FORM_1099_DA") {\n    taxForms { id brokerName status statusMessage rowCount uploadedAt }\n  }\n}':tn,"\nquery PortalReconciliation($clientId: ID!, $formId: ID!) {\n  getTaxFormReconciliation(clientId: $clientId, taxFormId: $formId) {\n    brokerProceedsCents computedProceedsCents proceedsDifferenceCents brokerCostBasisCents computedCostBasisCents\n    matchedCount mismatchedCount missingInLedgerCount missingOnFormCount\n    rows {\n      id status transactionId assetSymbol amountExact dateSold brokerProceedsCents computedProceedsCents\n      proceedsDifferenceCents brokerCostBasisCents computedCostBasisCents\n    }\n  }\n}":nn,"\nquery PortalReports($clientId: ID!) {\n  getReports(clientId: $clientId) { id type typeName status year fileName isStale error createdAt completedAt }\n}":an,"\nquery PortalRequestReport($clientId: ID!, $type: ReportExportTypeEnum!, $year: String!, $email: String) {\n  getReportExportV2(clientId: $clientId, type: $type, dateQueryType: TAX_YEAR, year: $year, email: $email) {\n    report { id status } isCached emailQueued\n  }\n}":sn,"\nquery PortalDownloadUrl($id: ID!) { getReportDownloadUrl(reportId: $id) { url fileName } }":rn,"\nquery PortalTaxEstimate($clientId: ID!, $year: String!, $bracket: String, $longTermBracket: String) {\n  getTaxEstimate(clientId: $clientId, year: $year, bracket: $bracket, longTermBracket: $longTermBracket) {\n    taxYearLabel isStale bracket { key } longTermBracket { key } brackets { key name } longTermBrackets { key name }\n    allowanceAppliedCents allowanceCents taxableGainCents taxCents assumptions parts { what amountCents percent taxCents }\n  }\n}":on};function E(n){return ya[n]??{}}var $s=E(`
fragment PortalTxRow on Transaction {
  id createdAt label accountId provider isHidden isMissingBasis hasNegativeBalance isInternalTransfer isDirty isSpam
  fiatValueCents capGainsSumSigned incomeSum
  transfers { id direction isFee amountExact assetId asset { id symbol } fiatValueCents }
}`),Cs=E(`
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
}`),ln=E(`
query PortalClient {
  getMyActiveClient {
    id name currency timezone fiscalYearStart costBasisAlgorithm lockTaxesUntil
    jurisdictionRules {
      jurisdiction name taxYearStart taxYearLabelFormat hasHoldingTerms hasForm8949 hasForm1099DA reports { type name } text matchingText
      words { proceeds cost gains losses netGain taxableGain deniedLosses holding shortTerm longTerm taxableIncome threshold }
    }
  }
}`),cn=E(`
query PortalTaxYears($clientId: ID!) { getTaxYears(clientId: $clientId) }`),ge=E(`
query PortalYear($clientId: ID!, $year: String!) {
  getIncomeAndCapGains(clientId: $clientId, year: $year) {
    year startDate endDate proceedsCents costBasisCents shortTermCapGainsCents longTermCapGainsCents capGainsCents
    futuresCents incomeCents incomeByLabel { label name incomeCents transactionCount } disposalCount transactionCount
    isStale computedAt jurisdiction taxYearLabel gainsCents lossesCents deniedLossesCents taxableCapitalGainsCents
    gainThresholdCents taxableIncomeCents incomeThresholdCents discountGainsCents lossesBroughtForwardCents discountCents lossesCarriedForwardCents
  }
}`),dn=E(`
query PortalDirty($clientId: ID!) { countDirty(clientId: $clientId) }`),Je=E(`
query PortalActiveJob($clientId: ID!) {
  getActiveRecalculateJob(clientId: $clientId) { id status progress attempt }
}`),un=E(`
query PortalLastRun { getMyActiveClient { id lastRecalculatedAt } }`),pn=E(`
mutation PortalRecalculate($clientId: ID!) { rerunGraph(clientId: $clientId) }`),mn=E(`
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
}`),gn=E(`
query PortalAccounts($clientId: String!) {
  getClientAccounts(clientId: $clientId) {
    id name type provider address status transactionCount lastSyncedAt lastSyncError
  }
}`),yn=E(`
query PortalAssets($clientId: ID!) {
  getClientAssets(clientId: $clientId, hideSpamAssets: true) { assets { id symbol name pricingKey } }
}`),hn=E(`
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
}`),ye=E(`
query PortalTransaction($clientId: ID!, $id: ID!) {
  getTransaction(clientId: $clientId, transactionId: $id, includeAllTransfers: true) { ...PortalTxDetail }
}`),Ke=E(`
query PortalTransactionLots($clientId: ID!, $key: String!, $id: ID, $after: String) {
  getTaxLots(clientId: $clientId, assetPricingKey: $key, transactionId: $id, after: $after) {
    costBasisAlgorithm nextCursor
    disposals {
      transferId amountExact proceedsCents costBasisCents gainCents term box lotAcquiredAt lotTransactionId
      isUncovered isMissingBasis match deniedLossExact
    }
    lots { id acquiredAt amountExact originalAmountExact costBasisCents term isMissingBasis }
  }
}`),Se=E(`
query PortalLabelOptions($clientId: ID!, $id: ID!) {
  getTransactionTypeOptions(clientId: $clientId, transactionId: $id) {
    options { value name description } recommended { value } currentLabel
  }
}`),fn=E(`
query PortalAudit($clientId: ID!, $ids: [ID!]) {
  getClientAuditLogs(clientId: $clientId, transactionIds: $ids, limit: 25, page: 0) {
    auditLogs { id createdAt actorType action entityType field oldValue newValue undoneAt canUndo source }
    total
  }
}`),Pe=E(`
query PortalPairs($clientId: ID!, $id: ID, $limit: Int) {
  getTransferPairSuggestions(clientId: $clientId, transactionId: $id, limit: $limit) {
    fromTransactionId toTransactionId fromAccountId toAccountId sentAmountExact receivedAmountExact feeAmountExact
    sentAt receivedAt asset { symbol }
  }
}`),De=E(`
mutation PortalLabel($clientId: ID!, $ids: [ID!]!, $label: String, $wipe: Boolean) {
  labelTransactions(clientId: $clientId, transactionIds: $ids, label: $label, wipeLabel: $wipe, source: "portal") { id label }
}`),he=E(`
mutation PortalHide($clientId: ID!, $id: ID!, $hidden: Boolean!) {
  hideTransaction(clientId: $clientId, transactionId: $id, isHidden: $hidden) { id isHidden }
}`),ve=E(`
mutation PortalReviewed($clientId: ID!, $id: ID!, $reviewed: Boolean!) {
  updateTransaction(clientId: $clientId, transactionId: $id, createDefaultRule: false, source: "portal",
      updates: { isReviewed: $reviewed }) { transaction { id isReviewed } }
}`),In=E(`
mutation PortalSetPrice($clientId: ID!, $ids: [ID!]!, $assetId: ID, $price: Float) {
  saveReceivePriceForTransactions(clientId: $clientId, transactionIds: $ids, assetId: $assetId, fiatValue: $price) { id }
}`),Xe=E(`
mutation PortalSetValue($clientId: ID!, $tx: ID!, $transfer: ID!, $value: Float, $basis: Float, $reset: Boolean) {
  updateTransfer(clientId: $clientId, transactionId: $tx, transferId: $transfer, fiatValue: $value, basisFiatValue: $basis,
      resetFiatValue: $reset, source: "portal") { id }
}`),bn=E(`
mutation PortalPair($clientId: ID!, $from: ID!, $to: ID!) {
  markInternalTransfer(clientId: $clientId, fromTransactionId: $from, toTransactionId: $to)
}`),$n=E(`
mutation PortalUnpair($clientId: ID!, $from: ID!, $to: ID!) {
  unmarkInternalTransfer(clientId: $clientId, fromTransactionId: $from, toTransactionId: $to)
}`),Cn=E(`
mutation PortalUndo($clientId: ID!, $ids: [ID!]!) {
  undoAuditLogs(clientId: $clientId, auditLogIds: $ids, source: "portal") { id }
}`),fe=E(`
mutation PortalAcceptBasis($clientId: ID!, $ids: [ID!]!, $override: Boolean!) {
  updateMultiTransactionsCostBasis(clientId: $clientId, transactionIds: $ids, isMissingBasis: false, overrideIsMissingBasis: $override) { id }
}`),Tn=E(`
mutation PortalMarkSpam($assetId: ID!, $spam: Boolean) {
  updateAsset(assetId: $assetId, isSpam: $spam) { id isSpam }
}`),Ae=E(`
query PortalPortfolio($clientId: ID!) {
  getPortfolioV2(clientId: $clientId, limit: 100, sort: VALUE) {
    positions {
      assetId asset { symbol name } amountExact price valueCents lastPrice lastValueCents lastPriceDate costBasisCents unrealizedGainCents
      unrealizedGainPercent portfolioPercent isReceipt defiPosition { id name }
    }
    total totalValueCents totalCostBasisCents totalUnrealizedGainCents isStale computedAt
  }
}`),xn=E(`
query PortalChart($clientId: ID!, $interval: HistoricalBalanceIntervalEnum!) {
  getChart(clientId: $clientId, interval: $interval) {
    points { date valueCents costBasisCents } startValueCents endValueCents changeCents changePercent isStale
  }
}`),wn=E(`
query PortalHarvest($clientId: ID!, $date: Date!) {
  getHarvestableLosses(clientId: $clientId, date: $date) {
    totalUnrealizedLossCents shortTermUnrealizedLossCents longTermUnrealizedLossCents
    assets {
      assetId asset { symbol name } amountExact price marketValueCents costBasisCents unrealizedGainCents
      shortTermUnrealizedGainCents longTermUnrealizedGainCents hasRecentAcquisition
    }
    unpricedAssetIds isStale
  }
}`),Sn=E(`
query PortalForm8949($clientId: ID!, $year: Int!, $box: Form8949BoxEnum, $page: Int) {
  getForm8949PreviewForYear(clientId: $clientId, year: $year, box: $box, page: $page, limit: 25) {
    boxes { box term rowCount proceedsCents costBasisCents adjustmentCents gainOrLossCents }
    rows { transactionId description dateAcquired dateSold proceedsCents costBasisCents gainOrLossCents box }
    total page limit isStale
  }
}`),Pn=E(`
query PortalTaxForms($clientId: ID!, $year: Int!) {
  getTaxFormStatuses(clientId: $clientId, year: $year, formType: "FORM_1099_DA") {
    taxForms { id brokerName status statusMessage rowCount uploadedAt }
  }
}`),Dn=E(`
query PortalReconciliation($clientId: ID!, $formId: ID!) {
  getTaxFormReconciliation(clientId: $clientId, taxFormId: $formId) {
    brokerProceedsCents computedProceedsCents proceedsDifferenceCents brokerCostBasisCents computedCostBasisCents
    matchedCount mismatchedCount missingInLedgerCount missingOnFormCount
    rows {
      id status transactionId assetSymbol amountExact dateSold brokerProceedsCents computedProceedsCents
      proceedsDifferenceCents brokerCostBasisCents computedCostBasisCents
    }
  }
}`),Ze=E(`
query PortalReports($clientId: ID!) {
  getReports(clientId: $clientId) { id type typeName status year fileName isStale error createdAt completedAt }
}`),vn=E(`
query PortalRequestReport($clientId: ID!, $type: ReportExportTypeEnum!, $year: String!, $email: String) {
  getReportExportV2(clientId: $clientId, type: $type, dateQueryType: TAX_YEAR, year: $year, email: $email) {
    report { id status } isCached emailQueued
  }
}`),An=E(`
query PortalDownloadUrl($id: ID!) { getReportDownloadUrl(reportId: $id) { url fileName } }`),En=E(`
query PortalTaxEstimate($clientId: ID!, $year: String!, $bracket: String, $longTermBracket: String) {
  getTaxEstimate(clientId: $clientId, year: $year, bracket: $bracket, longTermBracket: $longTermBracket) {
    taxYearLabel isStale bracket { key } longTermBracket { key } brackets { key name } longTermBrackets { key name }
    allowanceAppliedCents allowanceCents taxableGainCents taxCents assumptions parts { what amountCents percent taxCents }
  }
}`);var Ee=class{constructor(t,a,s){this.s=t;this.client=a;this.brand=s;this.changed=[];this.labelCache=[];this.accountCache=[]}q(t,a){return Te(this.s,t,{clientId:this.client.id,...a})}accounts(){return this.accountsP||(this.accountsP=this.q(gn).then(t=>t.getClientAccounts.filter(a=>!!a))),this.accountsP.catch(()=>{this.accountsP=void 0}),this.accountsP}assets(){return this.assetsP||(this.assetsP=this.q(yn).then(t=>t.getClientAssets.assets)),this.assetsP.catch(()=>{this.assetsP=void 0}),this.assetsP}labels(){return this.labelsP||(this.labelsP=this.q(hn).then(t=>t.getLabels)),this.labelsP.catch(()=>{this.labelsP=void 0}),this.labelsP}years(){return this.yearsP||(this.yearsP=this.q(cn).then(t=>[...t.getTaxYears].reverse())),this.yearsP.then(t=>{t.length===0&&(this.yearsP=void 0)},()=>{this.yearsP=void 0}),this.yearsP}async defaultYear(){let t=await this.years();return t.length?t[0]:new Date().getUTCFullYear()}labelName(t){if(!t)return"Unlabeled";let a=this.labelCache.find(s=>s.value===t);return a?a.name:t.replace(/_/g," ").replace(/^./,s=>s.toUpperCase())}accountName(t,a=this.accountCache){if(!t)return"Outside your accounts";let s=a.find(r=>r.id===t);return s?re(s):"A removed account"}onChange(t){return this.changed.push(t),()=>{this.changed=this.changed.filter(a=>a!==t)}}ledgerChanged(t){t==="accounts"&&(this.accountsP=void 0,this.assetsP=void 0,this.yearsP=void 0),t==="results"&&(this.yearsP=void 0);for(let a of[...this.changed])a(t)}};function re(n){let t=(n.name||"").trim();return t&&t!==n.address?t:n.address?`${ce(n.provider)} wallet ${n.address.length>16?`${n.address.slice(0,6)}\u2026${n.address.slice(-4)}`:n.address}`:ce(n.provider)}var ha={ethereum:"Ethereum",bitcoin:"Bitcoin",solana:"Solana",base:"Base",arbitrum:"Arbitrum",optimism:"Optimism",polygon:"Polygon",bsc:"BNB Smart Chain",coinbase:"Coinbase",kraken:"Kraken",generic:"File",file:"File"};function ce(n){return ha[n]||n.charAt(0).toUpperCase()+n.slice(1)}function D(n,t,...a){return n instanceof K?e("span"):e("div",{class:"notice error",role:"alert"},e("p",{},ne(n)),...a,t?F("Try again",t,"secondary small"):"")}function G(n,t,...a){let s=e("div",{class:"section-body"},...a);return{el:e("section",{class:"panel",id:n,"aria-labelledby":`${n}-h`},e("h2",{id:`${n}-h`},t),s),body:s}}function fa(n,t){let a=new Intl.DateTimeFormat("en-US",{timeZone:n,hourCycle:"h23",year:"numeric",month:"2-digit",day:"2-digit",hour:"2-digit",minute:"2-digit",second:"2-digit"}).formatToParts(t),s=r=>Number(a.find(i=>i.type===r)?.value||0);return Date.UTC(s("year"),s("month")-1,s("day"),s("hour"),s("minute"),s("second"))-Math.floor(t.getTime()/1e3)*1e3}function Rn(n,t,a,s){let r=Date.UTC(n,t-1,a);for(let i=0;i<2;i++)try{r=Date.UTC(n,t-1,a)-fa(s,new Date(r))}catch{return new Date(Date.UTC(n,t-1,a))}return new Date(r)}function et(n,t){let[a,s]=(n.fiscalYearStart||"01-01").split("-").map(Number);return[Rn(t,a||1,s||1,n.timezone).toISOString(),Rn(t+1,a||1,s||1,n.timezone).toISOString()]}function Ia(n,t=new Date){let a=t.getUTCFullYear();return[a+1,a,a-1].find(s=>new Date(et(n,s)[0])<=t)??a-1}function Ie(n,t,a){let s=[Ia(n),...t,...a?[a]:[]],r=[];for(let i=Math.max(...s);i>=Math.min(...s);i--)r.push(i);return r}function W(n,t){let a=n.jurisdictionRules.taxYearLabelFormat;return a.length===7?`${t}${a[4]}${String((t+1)%100).padStart(2,"0")}`:String(t)}function M(n,t=!1){let a=n.jurisdictionRules.words.cost;return t?a.charAt(0).toLowerCase()+a.slice(1):a}function j(n,t,a=!1){let s=n.jurisdictionRules.words,r=t==="SHORT_TERM"?s.shortTerm||"Short-term":t==="LONG_TERM"?s.longTerm||"Long-term":t;return a?r.charAt(0).toLowerCase()+r.slice(1):r}var Ln=1e3,ba=1500,$a=15e3,Ca=5e3,Re=class{constructor(t){this.app=t;this.el=e("div",{id:"recalc-status",class:"status-bar","aria-live":"polite"});this.state="settled";this.following=!1;this.listeners=[];t.onChange(a=>{a==="edit"&&this.soon(),a!=="results"&&this.refresh()}),window.addEventListener("offline",()=>this.unreachable()),window.addEventListener("online",()=>this.refresh())}again(t){window.clearTimeout(this.check),this.check=window.setTimeout(()=>this.refresh(),t)}unreachable(){this.state="unreachable",this.el.dataset.state="unreachable",this.el.replaceChildren(e("div",{class:"status unreachable",id:"recalc-unreachable",role:"status"},e("span",{},"We can\u2019t reach the server right now, so what you see may be out of date. Trying again\u2026")));for(let t of this.listeners)t("unreachable");this.again(Ca)}get scheduled(){return this.timer!==void 0}soon(){window.clearTimeout(this.timer),this.timer=window.setTimeout(()=>{this.timer=void 0,this.following?this.soon():this.start()},ba)}onState(t){return this.listeners.push(t),()=>{this.listeners=this.listeners.filter(a=>a!==t)}}async refresh(){if(!this.following)try{let[t,a,s,r]=await Promise.all([this.app.q(dn),this.app.q(Je),this.app.q(un),this.app.accounts()]);if(a.getActiveRecalculateJob)return this.follow(a.getActiveRecalculateJob);let i=!s.getMyActiveClient.lastRecalculatedAt&&r.length>0;this.show(t.countDirty>0||i?"dirty":"settled",t.countDirty,void 0,i),this.again($a)}catch(t){if(t instanceof K)return;if(t instanceof H&&(t.code==="OFFLINE"||t.status>=500))return this.unreachable();this.el.replaceChildren(D(t,()=>this.refresh()))}}async start(){if(window.clearTimeout(this.timer),this.timer=void 0,!this.following)try{let t=(await this.app.q(pn)).rerunGraph;await this.follow({id:t,status:"QUEUED",progress:0,attempt:1})}catch(t){this.el.replaceChildren(D(t,()=>this.start()))}}async follow(t){this.following=!0;let a=t;try{for(;a;){this.show("recalculating",0,a),await ee(Ln);try{a=(await this.app.q(Je)).getActiveRecalculateJob}catch(s){if(s instanceof K)return;await ee(Ln*3)}}}finally{this.following=!1}le("Recalculation finished: your figures are up to date."),this.app.ledgerChanged("results"),await this.refresh()}show(t,a,s,r=!1){if(this.state=t,this.el.dataset.state=t,t==="recalculating"&&s){let i=s.status==="QUEUED";this.el.replaceChildren(e("div",{class:"status recalculating",id:"recalc-running"},e("span",{class:"spinner","aria-hidden":"true"}),e("span",{},i?"Updating your figures: queued\u2026":`Updating your figures\u2026 ${s.progress}%`),e("progress",{max:100,value:s.progress,"aria-label":"Recalculation progress"})))}else t==="dirty"?this.el.replaceChildren(e("div",{class:"status dirty",id:"recalc-dirty"},e("span",{},r?"Your taxes have not been calculated yet.":this.scheduled?"Updating your figures with your changes in a moment\u2026":a===1?"1 change is not in your figures yet.":`${a.toLocaleString("en-US")} changes are not in your figures yet.`),F(r?"Calculate":this.scheduled?"Update now":"Recalculate",()=>this.start(),"small",{id:"recalculate"}))):this.el.replaceChildren(e("div",{class:"status settled",id:"recalc-settled"},e("span",{class:"check","aria-hidden":"true"},"\u2713"),e("span",{},"Your figures are up to date.")));for(let i of this.listeners)i(t)}};var Ta={"tax-forms":"tax forms","form-8949-csv":"Form 8949","form-8949-pdf":"Form 8949","schedule-d-csv":"Schedule D","schedule-d-pdf":"Schedule D","schedule-1-pdf":"Schedule 1","capital-gains-csv":"capital gains report","income-csv":"income report","transaction-history-csv":"transaction history","turbotax-csv":"TurboTax file","taxact-csv":"TaxAct file","holdings-csv":"year-end holdings"};function kn(n,t,a){let s=t.get("code")||"",r=t.get("report")||"",i=Number(t.get("expires")),o=t.get("signature")||"",m=()=>history.replaceState(null,"",location.pathname);document.readyState==="complete"?m():window.addEventListener("load",m,{once:!0});let g=(u,...d)=>{R(n),n.append(e("section",{class:"panel state",id:"state-download","data-state":a?.state||"unchecked","aria-labelledby":"dl-h"},e("h1",{id:"dl-h"},u),...d))},I="Request the report again in the tax portal of your provider: it e-mails you a new link.";switch(a?.state){case"expired":return g("This download link has expired",e("p",{id:"download-expired"},`For your security, download links work for a limited time. ${I}`));case"invalid":return g("This download link does not work",e("p",{id:"download-invalid"},`The link is incomplete or was changed. Open the whole link from the e-mail, or: ${I.charAt(0).toLowerCase()}${I.slice(1)}`));case"gone":return g("This report is no longer available",e("p",{id:"download-gone"},I))}let l=e("div",{id:"download-message",role:"status","aria-live":"polite"}),f=e("button",{type:"button",id:"download-report",onclick:async()=>{f.disabled=!0,l.replaceChildren(e("p",{},"Preparing your download\u2026"));try{let u=await It(s,r,i,o);l.replaceChildren(u==="ok"?e("p",{class:"notice ok",id:"download-started"},"Your download has started."):u==="expired"?e("p",{class:"notice error",role:"alert",id:"download-expired"},`This link has expired. ${I}`):e("p",{class:"notice error",role:"alert",id:"download-gone"},`This report is no longer available. ${I}`))}catch(u){l.replaceChildren(e("p",{class:"notice error",role:"alert"},u instanceof H?u.message:ne(u)))}finally{f.disabled=!1}}},"Download");if(a?.state==="ready"){let u=Ta[a.reportType||""]||"tax report",d=`${a.year?`${a.year} `:""}${u}`;return g(`Your ${d} ${u==="tax forms"?"are":"is"} ready`,e("p",{},a.fileName?`The file ${a.fileName} is ready to download.`:"The file is ready to download.",a.expiresAt?` This link works until ${z(a.expiresAt)}.`:""),f,l)}return g("Download your tax report",e("p",{},i?`This link works until ${z(new Date(i*1e3).toISOString())}.`:""),f,l)}var Q=240,Le=16,be=52;function Bn(n){return Math.max(280,Math.min(720,Math.floor(n.clientWidth||640)))}function Fn(n,t){let a=t.flatMap(h=>[h.capitalGainsCents,h.incomeCents]),s=Math.max(0,...a),r=Math.min(0,...a);if(s===0&&r===0)return e("p",{class:"empty",id:"chart-empty"},"No gains or income yet: the chart fills in once your taxes are calculated.");let i=Bn(n),o=60,m=8,g=s-r||1,I=Q-Le-be,l=i-o-m,f=h=>Le+(s-h)/g*I,u=l/t.length,d=Math.min(28,u/3),p=[s,(s+r)/2,r].filter((h,T,P)=>P.indexOf(h)===T),y=t.map(h=>`${h.label}: gains ${C(h.capitalGainsCents)}, income ${C(h.incomeCents)}`).join("; ");return e("svg",{viewBox:`0 0 ${i} ${Q}`,width:i,height:Q,role:"img","aria-labelledby":"chart-title chart-desc",class:"chart-svg"},e("title",{id:"chart-title"},"Capital gains and income by tax year"),e("desc",{id:"chart-desc"},y),...p.map(h=>e("g",{},e("line",{x1:o,x2:i-m,y1:f(h),y2:f(h),class:"grid"}),e("text",{x:o-6,y:f(h)+4,"text-anchor":"end",class:"axis"},je(Math.round(h))))),e("line",{x1:o,x2:i-m,y1:f(0),y2:f(0),class:"zero"}),...t.map((h,T)=>{let P=o+u*T+u/2,c=(w,b,$,S)=>e("rect",{x:b,width:d,y:Math.min(f(w),f(0)),height:Math.max(1,Math.abs(f(w)-f(0))),class:$,"data-year":h.year,"data-cents":w},e("title",{},`${h.label} ${S}: ${C(w)}`));return e("g",{},c(h.capitalGainsCents,P-d-1,"bar gains","capital gains"),c(h.incomeCents,P+1,"bar income","income"),e("text",{x:P,y:Q-be+18,"text-anchor":"middle",class:"axis"},h.label))}),e("g",{class:"legend"},e("rect",{x:o,y:Q-14,width:12,height:12,class:"bar gains"}),e("text",{x:o+16,y:Q-4,class:"axis"},"Capital gains"),e("rect",{x:o+120,y:Q-14,width:12,height:12,class:"bar income"}),e("text",{x:o+136,y:Q-4,class:"axis"},"Income")))}function Mn(n,t,a,s){if(t.length<2||t.every($=>$.valueCents===0&&$.costBasisCents===0))return e("p",{class:"empty",id:"value-chart-empty"},"Nothing to chart for this range yet.");if(t.every($=>$.valueCents===0))return e("p",{class:"empty",id:"value-chart-unpriced"},"No price data for your holdings in this range, so their value cannot be charted.");let r=Bn(n),i=64,o=8,m=t.flatMap($=>[$.valueCents,$.costBasisCents]),g=Math.max(...m,0),I=Math.min(...m,0),l=g-I||1,f=Q-Le-be,u=r-i-o,d=$=>i+u*$/(t.length-1),p=$=>Le+(g-$)/l*f,y=$=>t.map((S,x)=>`${d(x).toFixed(1)},${p($(S)).toFixed(1)}`).join(" "),h=`M${d(0).toFixed(1)},${p(0).toFixed(1)} L${y($=>$.valueCents).replace(/ /g," L")} L${d(t.length-1).toFixed(1)},${p(0).toFixed(1)} Z`,T=[g,(g+I)/2,I].filter(($,S,x)=>x.indexOf($)===S),P=new Date(t[0].date),c=new Date(t[t.length-1].date),w=$=>$.toLocaleDateString("en-US",{month:"short",year:"numeric"}),b=t[t.length-1];return e("svg",{viewBox:`0 0 ${r} ${Q}`,width:r,height:Q,role:"img","aria-labelledby":"value-title value-desc",class:"chart-svg"},e("title",{id:"value-title"},a),e("desc",{id:"value-desc"},`From ${w(P)} to ${w(c)}: value now ${C(b.valueCents)}, ${s.toLowerCase()} ${C(b.costBasisCents)}.`),...T.map($=>e("g",{},e("line",{x1:i,x2:r-o,y1:p($),y2:p($),class:"grid"}),e("text",{x:i-6,y:p($)+4,"text-anchor":"end",class:"axis"},je(Math.round($))))),e("path",{d:h,class:"area"}),e("polyline",{points:y($=>$.valueCents),class:"value-line"}),e("polyline",{points:y($=>$.costBasisCents),class:"basis-line"}),e("text",{x:i,y:Q-be+18,class:"axis"},w(P)),e("text",{x:r-o,y:Q-be+18,"text-anchor":"end",class:"axis"},w(c)),e("g",{class:"legend"},e("rect",{x:i,y:Q-14,width:12,height:12,class:"swatch-value"}),e("text",{x:i+16,y:Q-4,class:"axis"},"Value"),e("line",{x1:i+80,x2:i+100,y1:Q-8,y2:Q-8,class:"basis-line"}),e("text",{x:i+106,y:Q-4,class:"axis"},s)))}var tt=10,Nn=1e3,xa=[["ethereum","Ethereum"],["bitcoin","Bitcoin"],["solana","Solana"],["base","Base"],["arbitrum","Arbitrum"],["optimism","Optimism"],["polygon","Polygon"],["bsc","BNB Smart Chain"]],wa={ACTIVE:"Up to date",SYNCING:"Syncing",ERROR:"Sync failed",NEEDS_REAUTHENTICATION:"Needs new credentials",RETIRED:"Retired",DELETING:"Being removed"},Sa={WALLET:"Wallet",EXCHANGE:"Exchange",BANK:"Bank",FILE:"File import",MANUAL:"Manual",VIRTUAL:"Position"},ke=class{constructor(t,a){this.app=t;this.accounts=[];this.syncing=!1;this.list=e("div",{id:"wallet-list"},q("your accounts"));this.count=e("p",{id:"wallet-count",class:"muted"});this.msg=e("div",{id:"wallet-message",role:"status","aria-live":"polite"});this.progress=e("div",{id:"sync-progress","aria-live":"polite"});this.syncButton=e("button",{type:"button",id:"sync-wallets",onclick:()=>this.startSync()},"Sync wallets");this.alive=!0;let s=e("input",{name:"address",required:!0,autocomplete:"off",spellcheck:!1,placeholder:"0x\u2026 , bc1\u2026 or a Solana address"}),r=e("input",{name:"name",maxlength:100,autocomplete:"off",placeholder:"e.g. Cold storage"});this.form=e("form",{id:"add-wallet",class:"inline-form",onsubmit:i=>{i.preventDefault(),this.add()}},N("wallet-address","Wallet address",s,"grow"),N("wallet-chain","Chain",U("chain",xa)),N("wallet-name","Name (optional)",r),e("button",{type:"submit",id:"add-wallet-button"},"Add wallet")),a.append(this.count,this.list,e("details",{class:"add-wallet"},e("summary",{},"Add a wallet"),this.form,this.msg),e("div",{class:"actions"},this.syncButton),this.progress)}stop(){this.alive=!1}async load(){try{this.accounts=await this.app.accounts(),this.render();let a=(await te(this.app.s,"GET","/account_syncs")).syncs.find(s=>s.status==="queued"||s.status==="running");a&&this.follow(a)}catch(t){R(this.list),this.list.append(D(t,()=>this.load()))}}render(){R(this.list);let t=this.accounts.length,a=this.accounts.filter(r=>r.type==="WALLET").length;this.count.textContent=`${t===1?"1 account":`${t} accounts`} \xB7 ${a} of ${tt} wallets`;let s=a>=tt;if(this.form.querySelectorAll("input,select,button").forEach(r=>r.disabled=s),s&&this.msg.replaceChildren(e("p",{class:"notice"},`You have reached the limit of ${tt} wallets.`)),this.syncButton.disabled=a===0||this.syncing,this.syncButton.hidden=a===0,t===0){this.list.append(O("No accounts yet. Add the address of a wallet you own, then sync it to import its transactions.","wallets-empty"));return}this.list.append(e("table",{class:"table cards"},e("caption",{class:"sr-only"},"Your accounts"),e("thead",{},e("tr",{},...["Account","Kind","Transactions","Status","Last synced"].map(r=>e("th",{scope:"col"},r)))),e("tbody",{},...this.accounts.map(r=>e("tr",{"data-account":r.id},e("td",{"data-label":"Account"},e("strong",{},re(r)),r.address&&re(r)===r.name?e("div",{class:"mono muted small",title:r.address},ae(r.address)):""),e("td",{"data-label":"Kind"},`${Sa[r.type]||r.type}${r.type==="WALLET"?` \xB7 ${ce(r.provider)}`:""}`),e("td",{"data-label":"Transactions",class:"num"},r.transactionCount.toLocaleString("en-US")),e("td",{"data-label":"Status"},e("span",{class:`badge ${r.status.toLowerCase()}`},wa[r.status]||r.status),r.lastSyncError?e("div",{class:"muted small","data-sync-error":r.id},`${Be(r)} the last time; sync again to retry.`):""),e("td",{"data-label":"Last synced"},r.type==="FILE"?"Imported file":z(r.lastSyncedAt)))))))}async add(){let t=new FormData(this.form),a={address:String(t.get("address")).trim(),chain:String(t.get("chain"))},s=String(t.get("name")||"").trim();s&&(a.name=s),this.msg.replaceChildren(e("p",{},"Adding the wallet\u2026"));try{let r=await te(this.app.s,"POST","/accounts",{wallets:[a]});this.form.reset();let i=r.skipped.map(o=>`${ae(o.address)} was not added: ${o.reason==="already_added"?"you have it already":o.reason.replace(/_/g," ")}.`);this.msg.replaceChildren(...r.accounts.length?[e("p",{class:"notice ok"},"Wallet added. Sync it to import its transactions.")]:[],...i.map(o=>e("p",{class:"notice"},o))),this.app.ledgerChanged("accounts"),this.accounts=await this.app.accounts(),this.render()}catch(r){if(r instanceof H&&r.status===400){this.msg.replaceChildren(e("p",{class:"notice error",role:"alert",id:"wallet-error"},r.message)),document.getElementById("wallet-address").focus();return}this.msg.replaceChildren(D(r))}}async startSync(){this.syncButton.disabled=!0;try{this.follow(await te(this.app.s,"POST","/account_syncs",{}))}catch(t){this.syncButton.disabled=!1,this.progress.replaceChildren(D(t))}}async follow(t){for(this.syncing=!0,this.syncButton.disabled=!0;this.showSync(t),!(t.status==="completed"||t.status==="failed"||!this.alive);){await ee(Nn);try{t=await te(this.app.s,"GET",`/account_syncs/${t.id}`)}catch(a){if(a instanceof K)return;this.progress.replaceChildren(e("p",{class:"notice"},"Lost contact with the server; trying again\u2026")),await ee(Nn*3)}}if(this.syncing=!1,this.syncButton.disabled=!1,!!this.alive){this.app.ledgerChanged("accounts");try{this.accounts=await this.app.accounts(),this.render()}catch(a){this.list.replaceChildren(D(a,()=>this.load()))}}}showSync(t){let a=t.status==="completed"?"Sync complete":t.status==="failed"?"Sync stopped":t.status==="queued"?"Sync queued":"Syncing",s=this.app.client.timezone,r=t.retrying,i=r?this.accounts.find(o=>o.id===r.accountId):void 0;this.progress.replaceChildren(e("div",{class:`sync ${t.status}`,id:"sync-status","data-status":t.status},e("p",{},e("strong",{},`${a}: ${t.progress}%`)),e("progress",{max:100,value:t.progress,"aria-label":"Sync progress"}),r?e("p",{class:"notice",id:"sync-retrying"},`${Be(i)}; we\u2019ll try again at ${ze(r.nextAttemptAt,s)}.`):"",t.status==="failed"?e("p",{class:"notice error"},"The sync stopped before every account was done. Try again in a few minutes."):"",e("ul",{class:"sync-accounts"},...t.accounts.map(o=>{let m=this.accounts.find(g=>g.id===o.accountId);return e("li",{"data-sync-account":o.accountId},`${m?re(m):"An account"}: ${Pa(o,m,s)}`)}))))}};function Be(n){return n?n.type==="WALLET"?`We couldn\u2019t reach the ${ce(n.provider)} network`:`We couldn\u2019t reach ${ce(n.provider)}`:"We couldn\u2019t reach an account\u2019s source"}function Pa(n,t,a){if(n.status==="syncing"&&n.nextAttemptAt)return`${Be(t).replace("We","we")}; we\u2019ll try again at ${ze(n.nextAttemptAt,a)}.`;switch(n.status){case"queued":return"waiting to start.";case"syncing":return`importing (${n.progress}%).`;case"synced":return"done.";case"failed":return`${Be(t).replace("We","we")}, so its new transactions are not imported; sync again later.`;default:return`${n.status}.`}}var at=n=>n.isReceipt||!!n.defiPosition,nt=n=>n.asset?.symbol||"?";function qn(n,t){R(n);let a=new Map,s=[];for(let r of t.filter(at)){if(!r.defiPosition){s.push(r);continue}let i=a.get(r.defiPosition.id)||{name:r.defiPosition.name,coins:[],receipts:[]};(r.isReceipt?i.receipts:i.coins).push(r),a.set(r.defiPosition.id,i)}if(a.size===0&&s.length===0)return!1;n.append(e("p",{},"Coins you put into a pool, a lending market or staking are still yours for tax: moving them in or out is not a sale, and they keep what you paid for them. The tokens you got back for them (LP tokens, aTokens, stETH and the like) stand for these coins, so they are not counted again."));for(let[r,i]of a){let o=e("h3",{},i.name),m=e("div",{class:"defi-position","data-position":r},o);i.coins.length?m.append(e("table",{class:"table cards"},e("caption",{class:"sr-only"},`Coins in the ${i.name}`),e("thead",{},e("tr",{},...["Asset","Quantity","Value","Cost basis","Unrealized"].map(g=>e("th",{scope:"col"},g)))),e("tbody",{},...i.coins.map(g=>e("tr",{"data-asset":g.assetId},e("td",{"data-label":"Asset"},e("strong",{},nt(g))),e("td",{"data-label":"Quantity",class:"num"},B(g.amountExact)),e("td",{"data-label":"Value",class:"num"},g.valueCents===null||g.valueCents===void 0?e("span",{class:"badge muted"},"No price"):C(g.valueCents)),e("td",{"data-label":"Cost basis",class:"num"},C(g.costBasisCents)),e("td",{"data-label":"Unrealized",class:"num"},g.unrealizedGainCents===null||g.unrealizedGainCents===void 0?"\u2014":e("span",{class:g.unrealizedGainCents<0?"loss":"gain"},`${k(g.unrealizedGainCents)} (${me(g.unrealizedGainPercent)})`))))))):m.append(e("p",{class:"muted small"},"Your last calculation shows no coins in this position. Recalculate if you deposited recently.")),i.receipts.length&&m.append(e("p",{class:"muted small"},`Receipt held: ${i.receipts.map(g=>`${B(g.amountExact)} ${nt(g)}`).join(", ")}. Its value is the coins above.`)),n.append(m)}return s.length&&n.append(e("p",{class:"muted small",id:"defi-receipts"},`Other receipt tokens held: ${s.map(r=>`${B(r.amountExact)} ${nt(r)}`).join(", ")}. They stand for coins in a position or for a loan, so they have no value of their own here.`)),!0}var Vn=[["ONE_MONTH","1 month"],["THREE_MONTHS","3 months"],["YEAR_TO_DATE","This year"],["ONE_YEAR","1 year"],["ALL_TIME","All time"]];function Hn(n,t){let{app:a}=n,s=e("div",{class:"cards-row",id:"portfolio-totals","aria-live":"polite"},q("your holdings")),r=e("figure",{class:"chart",id:"value-chart"}),i="ALL_TIME",o=e("div",{class:"segmented",role:"radiogroup","aria-label":"Chart range"},...Vn.map(([d,p])=>{let y=`range-${d.toLowerCase()}`,h=e("input",{type:"radio",name:"range",id:y,value:d,checked:d===i,onchange:()=>{i=d,l()}});return e("span",{},h,e("label",{for:y},p))})),m=G("holdings","Holdings",q("your holdings")),g=G("harvest","Tax-loss harvesting",q("losses you could harvest")),I=G("defi","DeFi positions");I.el.hidden=!0,t.append(e("h1",{},"Portfolio"),s,G("value","Value over time",o,r).el,m.el,I.el,g.el);let l=async()=>{r.replaceChildren(q("the chart"));try{let p=(await a.q(xn,{interval:i})).getChart,y=Mn(r,p.points,`Portfolio value and ${M(a.client,!0)}, ${Vn.find(([h])=>h===i)?.[1].toLowerCase()}`,M(a.client));r.replaceChildren(y,y.tagName==="svg"?e("figcaption",{},`Change over the range: ${k(p.changeCents)}${p.changePercent===null||p.changePercent===void 0?"":` (${me(p.changePercent)})`}. Coins without a price on a day add nothing to that day.`):"")}catch(d){r.replaceChildren(D(d,l))}},f=async()=>{try{let d=(await a.q(Ae)).getPortfolioV2,p={...d,positions:d.positions.filter(b=>!at(b))},y=(b,$,S,x="")=>e("div",{class:"card","data-figure":b},e("span",{class:"card-title"},$),e("span",{class:"card-value"},S),x?e("span",{class:"card-sub"},x):""),h=d.positions.filter(b=>!b.isReceipt),T=h.filter(b=>b.valueCents!==null&&b.valueCents!==void 0),P=h.length-T.length,c=T.reduce((b,$)=>b+($.unrealizedGainCents||0),0),w=st(h);s.replaceChildren(T.length===0&&w?y("value","Value",C(w.cents),`At the last known prices, as of ${w.asOf}`):y("value","Value",T.length||!P?C(p.totalValueCents):"No prices",P?`${P} holding${P===1?"":"s"} without a price today, left out${w?" (last known prices below)":""}`:"At today\u2019s prices"),y("basis",M(a.client),C(p.totalCostBasisCents),p.isStale?"Recalculate to include recent changes":"What you paid for what you hold"),y("unrealized","Unrealized gain",T.length||!P?k(c):"No prices",P?"Of the holdings with a price":"If you sold everything today")),R(m.body),d.positions.length===0?m.body.append(O("You hold nothing yet: add and sync your wallets and exchanges on the Overview page.","holdings-empty")):p.positions.length===0?m.body.append(O("Everything you hold is in the DeFi positions below.","holdings-empty")):(m.body.append(e("table",{class:"table cards",id:"holdings-table"},e("caption",{class:"sr-only"},"Your holdings"),e("thead",{},e("tr",{},...["Asset","Quantity","Price","Value",M(a.client),"Unrealized","Share"].map(b=>e("th",{scope:"col"},b)))),e("tbody",{},...p.positions.map(b=>{let $=b.amountExact.startsWith("-");return e("tr",{"data-asset":b.assetId},e("td",{"data-label":"Asset"},e("strong",{},b.asset?.symbol||"?"),b.asset?.name&&b.asset.name!==b.asset.symbol?e("div",{class:"muted small"},b.asset.name):"",$?e("span",{class:"badge warning"},"Negative balance"):""),e("td",{"data-label":"Quantity",class:"num"},B(b.amountExact)),e("td",{"data-label":"Price",class:"num"},b.price!==null&&b.price!==void 0?C(Math.round(b.price*100)):b.lastPrice!==null&&b.lastPrice!==void 0&&b.lastPriceDate?Un(C(Math.round(b.lastPrice*100)),b.lastPriceDate):e("span",{class:"badge muted"},"No price data")),e("td",{"data-label":"Value",class:"num"},b.valueCents===null&&b.lastValueCents!==null&&b.lastValueCents!==void 0&&b.lastPriceDate?Un(C(b.lastValueCents),b.lastPriceDate):C(b.valueCents)),e("td",{"data-label":M(a.client),class:"num"},C(b.costBasisCents)),e("td",{"data-label":"Unrealized",class:"num"},b.unrealizedGainCents===null||b.unrealizedGainCents===void 0?"\u2014":e("span",{class:b.unrealizedGainCents<0?"loss":"gain"},`${k(b.unrealizedGainCents)} (${me(b.unrealizedGainPercent)})`)),e("td",{"data-label":"Share",class:"num"},b.portfolioPercent===null||b.portfolioPercent===void 0?"\u2014":`${b.portfolioPercent.toFixed(1)}%`))})))),d.total>d.positions.length&&m.body.append(e("p",{class:"muted small"},`The ${d.positions.length} largest of ${d.total} holdings and positions.`))),I.el.hidden=!qn(I.body,d.positions)}catch(d){s.replaceChildren(D(d,f)),R(m.body),R(I.body)}u()},u=async()=>{try{let d=new Date().toISOString().slice(0,10),p=(await a.q(wn,{date:d})).getHarvestableLosses;R(g.body),g.body.append(e("p",{},`Selling holdings worth less than you paid realizes a loss that offsets your gains. These lots are below their ${M(a.client,!0)} at today\u2019s prices.`)),p.assets.length===0&&p.unpricedAssetIds.length>0?g.body.append(O(`We can\u2019t check for losses without prices: ${p.unpricedAssetIds.length===1?"1 holding has":`${p.unpricedAssetIds.length} holdings have`} no price today.`,"harvest-unpriced")):p.assets.length===0?g.body.append(O(`None of your holdings is worth less than its ${M(a.client,!0)} today.`,"harvest-empty")):g.body.append(e("p",{id:"harvest-total"},e("strong",{},`Up to ${C(-p.totalUnrealizedLossCents)} of losses`),a.client.jurisdictionRules.hasHoldingTerms?` (${j(a.client,"SHORT_TERM",!0)} ${C(-p.shortTermUnrealizedLossCents)}, ${j(a.client,"LONG_TERM",!0)} ${C(-p.longTermUnrealizedLossCents)}).`:"."),e("table",{class:"table cards",id:"harvest-table"},e("caption",{class:"sr-only"},"Holdings you could sell at a loss"),e("thead",{},e("tr",{},...["Asset","Held at a loss","Value",M(a.client),"Loss",""].map(y=>e("th",{scope:"col"},y)))),e("tbody",{},...p.assets.map(y=>e("tr",{"data-harvest":y.assetId},e("td",{"data-label":"Asset"},e("strong",{},y.asset?.symbol||"?")),e("td",{"data-label":"Held at a loss",class:"num"},B(y.amountExact)),e("td",{"data-label":"Value",class:"num"},C(y.marketValueCents)),e("td",{"data-label":M(a.client),class:"num"},C(y.costBasisCents)),e("td",{"data-label":"Loss",class:"num"},e("span",{class:"loss"},k(y.unrealizedGainCents)),a.client.jurisdictionRules.hasHoldingTerms?e("div",{class:"muted small"},`${j(a.client,"SHORT_TERM",!0)} ${k(y.shortTermUnrealizedGainCents)} \xB7 ${j(a.client,"LONG_TERM",!0)} ${k(y.longTermUnrealizedGainCents)}`):""),e("td",{"data-label":"Note"},y.hasRecentAcquisition?e("span",{class:"badge info"},"Bought in the last 30 days"):"")))))),p.unpricedAssetIds.length&&g.body.append(e("p",{class:"muted small"},`${p.unpricedAssetIds.length} holding${p.unpricedAssetIds.length===1?" has":"s have"} no price today and ${p.unpricedAssetIds.length===1?"is":"are"} left out.`)),g.body.append(e("p",{class:"muted small"},"This is information, not advice: check with a tax professional before you sell."))}catch(d){g.body.replaceChildren(D(d,u))}};return f(),l(),a.onChange(()=>{f(),l()})}function Un(n,t){return e("span",{class:"as-of","data-as-of":t},n,e("span",{class:"muted small"},` as of ${On(t)}`))}function On(n){return V(`${n}T12:00:00Z`)}function st(n){let t=n.filter(s=>(s.valueCents===null||s.valueCents===void 0)&&s.lastValueCents!==null&&s.lastValueCents!==void 0&&s.lastPriceDate);if(!t.length)return null;let a=t.map(s=>s.lastPriceDate).sort()[0];return{cents:t.reduce((s,r)=>s+(r.lastValueCents||0),0),asOf:On(a)}}var rt=new Map,Gn=0;function Qn(n,t){let{app:a}=n;t.append(e("h1",{class:"welcome"},"Your crypto taxes"),a.s.email?e("p",{class:"muted",id:"signed-in-as"},`Signed in as ${a.s.email}`):"");let s=e("div",{id:"next-steps"}),r=e("div",{class:"cards-row",id:"summary-cards","aria-live":"polite"},q("your figures")),i=e("figure",{id:"gains-chart",class:"chart"}),o=G("gains","Gains and income by year",i),m=G("wallets","Accounts and wallets");t.append(s,r,o.el,m.el);let g=new ke(a,m.body);g.load();let I=async()=>{try{let d=await a.years(),p=d.length?d[0]:new Date().getUTCFullYear(),[y,h,T]=await Promise.all([a.q(ge,{year:String(p)}).then(x=>x.getIncomeAndCapGains),a.q(Ae).then(x=>x.getPortfolioV2),a.q(se,{limit:1}).then(x=>x.getClientReviewQueue)]),P=T.totalCount;n.reviewCount(P),l(P,d.length?p:void 0);let c=(x,v,L,Y,Ge)=>e("a",{class:"card",href:v,"data-figure":x},e("span",{class:"card-title"},L),e("span",{class:"card-value"},Y),e("span",{class:"card-sub"},Ge)),w=(x,v)=>{let L=x.filter($e=>$e.valueCents!==null&&$e.valueCents!==void 0);if(x.length===0)return c("portfolio","#/portfolio","Portfolio value",C(0),"You hold nothing yet");let Y=st(x);if(L.length===0&&Y)return c("portfolio","#/portfolio","Portfolio value",C(Y.cents),`At the last known prices, as of ${Y.asOf}`);if(L.length===0)return c("portfolio","#/portfolio","Portfolio value","No price data","Prices are not available right now");let Ge=L.reduce(($e,oa)=>$e+(oa.unrealizedGainCents||0),0);return c("portfolio","#/portfolio","Portfolio value",C(v),`Unrealized ${k(Ge)}${L.length<x.length?` \xB7 ${x.length-L.length} without a price today`:""}${Y?` (last known ${C(Y.cents)}, as of ${Y.asOf})`:""}`)};if(R(r),d.length===0){let x=(await a.accounts()).reduce((v,L)=>v+L.transactionCount,0);r.append(x>0?e("div",{class:"empty wide",id:"overview-empty","data-imported":x},e("p",{},`${x===1?"1 transaction is":`${x.toLocaleString("en-US")} transactions are`} imported; your taxes have not been calculated yet.`),F("Calculate my taxes",()=>n.recalc.start(),"",{id:"overview-calculate"})):e("div",{class:"empty wide",id:"overview-empty"},e("p",{},"No tax figures yet. Add your wallets and exchanges below and sync them; your taxes are calculated from their transactions.")))}else r.append(c("capital-gains",`#/tax?year=${p}`,`${W(a.client,p)} capital gains`,k(y.capGainsCents),a.client.jurisdictionRules.hasHoldingTerms?`${j(a.client,"SHORT_TERM")} ${k(y.shortTermCapGainsCents)} \xB7 ${j(a.client,"LONG_TERM")} ${k(y.longTermCapGainsCents)}`:a.client.jurisdictionRules.words.netGain),c("income",`#/tax?year=${p}`,`${W(a.client,p)} income`,C(y.incomeCents),"Staking, rewards and other income"));r.append(w(h.positions.filter(x=>!x.isReceipt),h.totalValueCents),c("review","#/review","To review",P===0?"All clear":String(P),P===0?"Nothing needs your attention":`${P===1?"transaction needs":"transactions need"} a look`));let b=[...d].slice(0,6).reverse(),$=await Promise.all(b.map(x=>a.q(ge,{year:String(x)}).then(v=>({year:x,label:W(a.client,x),capitalGainsCents:v.getIncomeAndCapGains.capGainsCents,incomeCents:v.getIncomeAndCapGains.incomeCents})))),S=Fn(i,$);i.replaceChildren(S,S.tagName==="svg"?e("figcaption",{},`Capital gains and income by tax year (${a.client.currency})`):"")}catch(d){r.replaceChildren(D(d,I))}},l=async(d,p)=>{let y=[],T=(await a.accounts()).filter(c=>c.type!=="FILE"&&(c.status==="ERROR"||!c.lastSyncedAt));d>0&&y.push(["review",e("a",{href:"#/review"},`Review ${d===1?"1 transaction":`${d} transactions`}`)]),T.length&&y.push(["sync",F(`Sync ${T.length===1?"the account":`the ${T.length} accounts`} not synced yet`,()=>{let c=document.getElementById("sync-wallets");c?.scrollIntoView({block:"center"}),c?.focus()},"link")]),n.recalc.state==="dirty"&&y.push(["calculate",F(p===void 0?"Calculate your taxes":"Bring your figures up to date",()=>n.recalc.start(),"link")]),p!==void 0&&y.push(["download",e("a",{href:`#/tax?year=${p}`},`Download your ${W(a.client,p)} tax report`)]);let P=p===void 0?null:await f(p);s.replaceChildren(y.length||P?e("section",{class:"panel next-steps","aria-labelledby":"next-h"},e("h2",{id:"next-h"},"What to do next"),y.length?e("ol",{},...y.map(([c,w])=>e("li",{"data-next":c},w))):"",P||""):"")},f=async d=>{let p=rt.get(a.client.id)||{},y=(await a.q(En,{year:String(d),...p})).getTaxEstimate;if(!y)return null;let h=e("div",{id:"tax-estimate",class:"estimate","aria-live":"polite"}),T=(P,c,w,b,$)=>{let S=U($,w.map(x=>[x.key,x.name]),b);return S.addEventListener("change",async()=>{rt.set(a.client.id,{...rt.get(a.client.id)||{},[$]:S.value});let x=++Gn,v=await f(d),L=document.getElementById("tax-estimate");if(!v||x!==Gn||!L)return;let Y=L.contains(document.activeElement)?document.activeElement?.id:void 0;L.replaceWith(v),Y&&document.getElementById(Y)?.focus()}),N(P,c,S)};return h.append(e("h3",{},`Estimated tax for ${y.taxYearLabel}: `,e("strong",{"data-figure":"estimated-tax","data-cents":y.taxCents},C(y.taxCents))),e("div",{class:"estimate-picks"},T("estimate-bracket","Your rate",y.brackets,y.bracket.key,"bracket"),y.longTermBracket?T("estimate-long","Your long-term rate",y.longTermBrackets,y.longTermBracket.key,"longTermBracket"):""),y.parts.length?e("ul",{class:"estimate-parts"},...y.parts.map(P=>e("li",{},`${P.what}: ${C(P.amountCents)} at ${P.percent}% = ${C(P.taxCents)}`))):e("p",{},"Nothing is left to tax after this year\u2019s losses and allowances."),y.allowanceCents?e("p",{},`Tax-free allowance used: ${C(y.allowanceAppliedCents)} of ${C(y.allowanceCents)}.`):"",e("details",{},e("summary",{},"What this estimate assumes"),e("ul",{},...y.assumptions.map(P=>e("li",{},P)))),e("p",{class:"muted small"},y.isStale?"An estimate from figures that are being updated; not your tax bill.":"An estimate, not your tax bill.")),h};I();let u=a.onChange(I);return()=>{u(),g.stop()}}function de(n){return`${B(n.amountExact)} ${n.asset?.symbol||"?"}`}var Da={sell:"Sold",gift_sent:"Gave away",donation:"Donated",lost:"Lost",payment:"Paid with",fee:"Paid a fee of"},va={buy:"Bought",staking_reward:"Earned",mining:"Mined",airdrop:"Received an airdrop of",interest:"Earned interest of",reward:"Earned",income:"Was paid",gift_received:"Was given"};function ie(n){let t=n.transfers.filter(o=>!o.isFee),a=t.filter(o=>o.direction==="OUTGOING"),s=t.filter(o=>o.direction==="INCOMING"),r=t.filter(o=>o.direction==="INTERNAL");if(t.length===0)return n.transfers.length?`Fee of ${de(n.transfers[0])}`:"No transfers";if(a.length&&s.length)return`${a.map(de).join(" + ")} \u2192 ${s.map(de).join(" + ")}`;if(r.length&&!a.length&&!s.length)return`Moved ${r.map(de).join(" + ")}`;let i=n.label||"";return a.length?`${Da[i]||"Sent"} ${a.map(de).join(" + ")}`:`${va[i]||"Received"} ${s.map(de).join(" + ")}`}function Fe(n,t){let a=[],s=(r,i)=>a.push(e("span",{class:`badge ${r}`},i));return n.isMissingBasis&&s("critical",`Missing ${M(t.client,!0)}`),n.hasNegativeBalance&&s("warning","Negative balance"),n.isInternalTransfer&&s("info","Internal transfer"),n.isHidden&&s("muted","Hidden"),n.isSpam&&s("muted","Spam"),n.isDirty&&s("info","Changed; recalculate"),a}function it(n){return!!n.isMissingBasis&&!n.fiatValueCents}function _n(n){if(it(n)&&!Number(n.capGainsSumSigned??0)&&!n.incomeSum)return e("span",{class:"badge critical"},"No price");if(n.capGainsSumSigned!==null&&n.capGainsSumSigned!==void 0){let t=Number(n.capGainsSumSigned);return e("span",{class:t<0?"loss":"gain"},`${t<0?"Loss":"Gain"} ${k(t)}`)}return n.incomeSum?e("span",{class:"income"},`Income ${C(n.incomeSum)}`):""}function ue(n,t){return!t.label&&t.isInternalTransfer?"Transfer between your accounts":n.labelName(t.label)}async function Me(n,t,a){let s=(await n.q(Ke,{key:t,id:a})).getTaxLots,r={...s,lots:[...s.lots],disposals:[...s.disposals]};for(let i=s.nextCursor;i;){let o=(await n.q(Ke,{key:t,id:a,after:i})).getTaxLots;r.lots.push(...o.lots),r.disposals.push(...o.disposals),i=o.nextCursor}return r.nextCursor=null,r}var Aa=()=>window.matchMedia("(max-width: 40rem)").matches?25:50,Ea=n=>[["","Everything"],["missing-basis",`Missing ${n}`],["uncovered-disposals","Sold more than held"],["negative-balance","Negative balance"],["unlabeled","Unlabeled"],["possible-internal-transfer","Possible move between your accounts"]];function Yn(n,t,a){let{app:s}=n,r=Math.max(0,(Number(a.get("page"))||1)-1),i={q:a.get("q")||"",year:a.get("year")||"",asset:a.get("asset")||"",account:a.get("account")||"",label:a.get("label")||"",review:a.get("review")||"",hidden:a.get("hidden")==="1"},o=c=>{let w=new URLSearchParams,b={q:i.q,year:i.year,asset:i.asset,account:i.account,label:i.label,review:i.review,hidden:i.hidden?"1":"",page:"",...c};for(let[$,S]of Object.entries(b))S&&w.set($,S);location.hash=`#/transactions${w.toString()?`?${w}`:""}`},m=!!(i.q||i.year||i.asset||i.account||i.label||i.review||i.hidden),g=e("input",{type:"search",name:"q",value:i.q,placeholder:"Hash, note, address or asset",autocomplete:"off"}),I=U("year",[["","All years"]],i.year),l=U("asset",[["","All assets"]],i.asset),f=U("account",[["","All accounts"]],i.account),u=U("label",[["","All labels"],["unlabeled","Unlabeled"]],i.label),d=U("review",Ea(M(n.app.client,!0)),i.review),p=e("input",{type:"checkbox",name:"hidden",id:"f-hidden",checked:i.hidden}),y=e("form",{class:"filters",id:"tx-filters",role:"search","aria-label":"Filter transactions",onsubmit:c=>{c.preventDefault(),o({q:g.value.trim()})}},e("div",{class:"search-row"},N("f-q","Search",g,"grow"),e("button",{type:"submit",id:"f-search"},"Search")),e("div",{class:"filter-row"},N("f-year","Tax year",I),N("f-asset","Asset",l),N("f-account","Account",f),N("f-label","Label",u),N("f-review","Needs review",d),e("div",{class:"field check"},p,e("label",{for:"f-hidden"},"Include hidden"))),m?F("Clear filters",()=>{location.hash="#/transactions"},"link",{id:"f-clear"}):""),h=(c,w)=>c.addEventListener("change",()=>o({[w]:c instanceof HTMLInputElement&&c.type==="checkbox"?c.checked?"1":"":c.value}));h(I,"year"),h(l,"asset"),h(f,"account"),h(u,"label"),h(d,"review"),h(p,"hidden");let T=e("div",{id:"tx-list","aria-live":"polite"},q("transactions"));t.append(e("h1",{},"Transactions"),y,T),Promise.all([s.years(),s.assets(),s.accounts(),s.labels()]).then(([c,w,b,$])=>{I.append(...Ie(s.client,c).map(S=>e("option",{value:S},W(s.client,S)))),l.append(...w.map(S=>e("option",{value:S.id},S.name&&S.name!==S.symbol?`${S.symbol} \xB7 ${S.name}`:S.symbol))),f.append(...b.map(S=>e("option",{value:S.id},re(S)))),u.append(...$.map(S=>e("option",{value:S.value},S.name))),I.value=i.year,l.value=i.asset,f.value=i.account,u.value=i.label}).catch(()=>{});let P=async()=>{let c={page:r,limit:Aa(),includeHidden:i.hidden||void 0};i.q&&(c.search=i.q),i.year&&([c.startDate,c.endDate]=et(s.client,Number(i.year))),i.asset&&(c.assetIds=[i.asset]),i.account&&(c.accountIds=[i.account]),i.label==="unlabeled"?c.labelFilterMode="unlabeled":i.label&&(c.labels=[i.label]),i.review&&(c.insightPatternId=i.review);try{let{page:w,limit:b,...$}=c,[S,x]=await Promise.all([s.q(we,c),s.q(mn,$).then(L=>L.getClientTransactionsSummary.transactionCount),s.accounts().then(L=>{s.accountCache=L}),s.labels().then(L=>{s.labelCache=L})]),v=S.getClientTransactions;if(R(T),v.transactions.length===0){T.append(r>0?O("No more transactions on this page.","tx-empty",e("a",{href:"#",onclick:L=>{L.preventDefault(),o({page:""})}},"Back to the first page")):m?O("No transaction matches these filters.","tx-empty",F("Clear filters",()=>{location.hash="#/transactions"},"secondary")):O("No transactions yet. Add your wallets and exchanges on the Overview page and sync them.","tx-empty"));return}T.append(e("table",{class:"table cards tx-table"},e("caption",{class:"sr-only"},`Transactions, page ${r+1}`),e("thead",{},e("tr",{},...["Date","Type","What happened","Value","Gain or income",""].map(L=>e("th",{scope:"col"},L)))),e("tbody",{},...v.transactions.map(L=>e("tr",{"data-tx":L.id,class:L.isHidden?"hidden-tx":"",onclick:Y=>{Y.target.closest("a, button")||(location.hash=`#/transactions/${L.id}`)}},e("td",{"data-label":"Date"},e("a",{href:`#/transactions/${L.id}`,class:"tx-link"},V(L.createdAt))),e("td",{"data-label":"Type"},ue(s,L)),e("td",{"data-label":"What happened"},ie(L),e("div",{class:"muted small"},s.accountName(L.accountId))),e("td",{"data-label":"Value",class:"num"},it(L)?e("span",{class:"badge critical"},"No price"):C(L.fiatValueCents)),e("td",{"data-label":"Gain or income",class:"num"},_n(L)),e("td",{"data-label":"State",class:"flags"},...Fe(L,s))))))),T.append(e("nav",{class:"pager","aria-label":"Pages"},r>0?F("Previous page",()=>o({page:r>1?String(r):""}),"secondary",{id:"tx-prev"}):"",e("span",{class:"muted",id:"tx-page","data-page":r+1},`Page ${r+1} of ${Math.max(1,Math.ceil(x/Number(c.limit)))} \xB7 ${x.toLocaleString("en-US")} ${x===1?"transaction":"transactions"}`),v.hasNextPage?F("Next page",()=>o({page:String(r+2)}),"secondary",{id:"tx-next"}):""))}catch(w){T.replaceChildren(D(w,P))}};return P(),s.onChange(P)}function Ra(n,t){let a=Math.round((new Date(t).getTime()-new Date(n).getTime())/6e4);if(a<1)return"at once";if(a<120)return`${a} minute${a===1?"":"s"} later`;let s=Math.round(a/60);return s<48?`${s} hours later`:`${Math.round(s/24)} days later`}function Ne(n,t,a){let s=t.asset?.symbol||"",r=e("div",{role:"status"}),i=Number(t.feeAmountExact),o=e("button",{type:"button",class:"small","data-pair":`${t.fromTransactionId}:${t.toTransactionId}`,onclick:async()=>{try{await _(o,"Pairing\u2026",()=>n.q(bn,{from:t.fromTransactionId,to:t.toTransactionId})),await a()}catch(m){r.replaceChildren(D(m))}}},"Pair as a move between my accounts");return e("div",{class:"pair-card","data-pair-card":`${t.fromTransactionId}:${t.toTransactionId}`},e("p",{},e("a",{href:`#/transactions/${t.fromTransactionId}`},`Sent ${B(t.sentAmountExact)} ${s}`),` from ${n.accountName(t.fromAccountId)} on ${V(t.sentAt)}, and `,e("a",{href:`#/transactions/${t.toTransactionId}`},`received ${B(t.receivedAmountExact)} ${s}`),` in ${n.accountName(t.toAccountId)} ${Ra(t.sentAt,t.receivedAt)}`,i>0?` (${B(t.feeAmountExact)} ${s} went to fees).`:"."),e("p",{class:"muted small"},`Unpaired, the first counts as a sale on ${z(t.sentAt)} and the second as a new purchase. If both accounts are yours, pair them: the coins keep their cost basis and nothing is taxed.`),o,r)}function jn(n,t,a){let{app:s}=n,r=e("div",{id:"tx-detail"},q("the transaction"));t.append(e("p",{class:"back"},e("a",{href:"#/transactions"},"\u2190 All transactions")),r);let i=!0,o=async f=>{try{let[u]=await Promise.all([s.q(ye,{id:a}),s.accounts().then(h=>{s.accountCache=h}),s.labels().then(h=>{s.labelCache=h})]),d=u.getTransaction,p=d.isInternalTransfer&&d.linkedTransactionId?(await s.q(ye,{id:d.linkedTransactionId})).getTransaction:void 0;if(!i)return;let y=document.activeElement?.id;I(d,p,f),y&&document.activeElement===document.body&&document.getElementById(y)?.focus()}catch(u){R(r),r.append(e("h1",{},"Transaction"),D(u,()=>o()))}},m="";r.addEventListener("focusin",f=>{m=f.target.id||m});let g=async f=>{let u=m;s.ledgerChanged("edit"),n.recalc.refresh(),await o(f),le(f),(u&&document.getElementById(u)||document.getElementById(La[u]||"")||document.getElementById("tx-message"))?.focus()},I=(f,u,d)=>{R(r);let p=`${u&&!f.label?Fa(s,f,u):ue(s,f)} \xB7 ${V(f.createdAt)}`,y=e("div",{id:"tx-message",role:"status","aria-live":"polite",tabindex:"-1"},d?e("p",{class:"notice ok"},d,n.recalc.state!=="recalculating"?" Your figures are updated in a moment.":""):"");r.append(e("h1",{id:"tx-title"},p),e("p",{class:"lead"},ie(f)),e("p",{class:"muted"},`${s.accountName(f.accountId)} \xB7 ${z(f.createdAt)}`,f.txnHash?[" \xB7 ",f.explorerUrl&&/^https:\/\//.test(f.explorerUrl)?e("a",{href:f.explorerUrl,target:"_blank",rel:"noopener noreferrer"},`View on explorer (${ae(f.txnHash)})`):e("span",{class:"mono",title:f.txnHash},ae(f.txnHash))]:""),e("div",{class:"flags"},...Fe(f,s)),Ba(f),y,Na(f),qa(s,f,u,g));let h=G("why","Why these figures",q("the lots behind this transaction"));r.append(h.el),Jn(s,f,h.body),r.append(Ha(n,f,g));let T=G("history","History of changes",q("the history"));r.append(T.el),ot(s,f,T.body,g)};o();let l=s.onChange(()=>{n.recalc.state==="settled"&&o()});return()=>{i=!1,l()}}var La={"hide-tx":"unhide-tx","unhide-tx":"hide-tx","save-label":"tx-label"},ka={HIGH:"high confidence",MEDIUM:"medium confidence",LOW:"low confidence"};function Ba(n){let t=n.classification;if(!t)return"";let a=t.confidence==="LOW"&&!n.isReviewed&&!n.isEdited;return e("div",{class:"classification",id:"tx-classification","data-rule":t.rule,"data-confidence":t.confidence},e("p",{},"Read by the rule ",e("strong",{},t.rule),` (${ka[t.confidence]||t.confidence}): ${t.explanation}.`,a?[" ",e("span",{class:"badge warning"},"Needs review")]:""),e("p",{class:"muted small"},n.isEdited?"You changed this transaction: your edit stays, whatever the rules say later.":"Change the label below if this reading is wrong: your edit always wins over the rules."))}function Fa(n,t,a){return`Transfer ${t.transfers.some(r=>r.direction==="OUTGOING"&&!r.isFee)?"to":"from"} ${n.accountName(a.accountId)}`}function Ma(n){return n.isInternalTransfer?n.transfers.filter(t=>!t.isFee&&t.capGainsSumSigned!==null&&t.capGainsSumSigned!==void 0).reduce((t,a)=>t+Number(a.capGainsSumSigned)+(a.basisFiatValueCents??0),0):0}function Na(n){let t=n.capGainsSumSigned!==null&&n.capGainsSumSigned!==void 0?Number(n.capGainsSumSigned):null,a=[["value","Value",C(n.fiatValueCents)],["fees","Fees",C((n.feeFiatValueCents??0)+Ma(n))]];return t!==null&&a.push(["gain",t<0?"Capital loss":"Capital gain",k(t)]),n.incomeSum&&a.push(["income","Income",C(n.incomeSum)]),e("dl",{class:"figures",id:"tx-figures"},...a.map(([s,r,i])=>e("div",{class:"figure","data-figure":s},e("dt",{},r),e("dd",{},i))))}function zn(n,t,a){if(t)return n.accountName(t);let s=a?n.accountCache.find(r=>r.address&&r.address.toLowerCase()===a.toLowerCase()):void 0;return s?n.accountName(s.id):a?ae(a):"Outside your accounts"}function qa(n,t,a,s){let r=G("transfers","Transfers"),i=t.transfers.map(o=>{let m=o.capGainsSumSigned!==null&&o.capGainsSumSigned!==void 0?Number(o.capGainsSumSigned):null,g=e("div",{class:"transfer-edit",id:`edit-${o.id}`}),I=e("tr",{class:"edit-row",hidden:!0},e("td",{colspan:6},g)),l=F("Edit value",()=>{I.hidden=!I.hidden,l.setAttribute("aria-expanded",String(!I.hidden)),I.hidden||g.querySelector("input")?.focus()},"link small",{"aria-expanded":"false","aria-controls":`edit-${o.id}`,"data-edit-transfer":o.id});return Va(n,t,o,g,s),[e("tr",{"data-transfer":o.id,class:o.isHidden?"hidden-tx":""},e("td",{"data-label":"Transfer"},e("strong",{},`${o.direction==="OUTGOING"?"\u2212":o.direction==="INCOMING"?"+":""}${B(o.amountExact)} ${o.asset?.symbol||""}`),o.isFee?e("span",{class:"badge muted"},"Fee"):"",o.isHidden?e("span",{class:"badge muted"},"Hidden"):""),e("td",{"data-label":"From \u2192 to"},`${zn(n,o.fromAccountId??(a&&!o.isFee&&o.direction==="INCOMING"?a.accountId:null),o.fromAddress)} \u2192 ${zn(n,o.toAccountId??(a&&!o.isFee&&o.direction==="OUTGOING"?a.accountId:null),o.toAddress)}`),e("td",{"data-label":"Market value",class:"num"},o.fiatValueCents===null||o.fiatValueCents===void 0?e("span",{class:"badge critical"},"No price"):C(o.fiatValueCents),o.isFiatValueOverridden?e("div",{class:"muted small"},"set by you"):""),e("td",{"data-label":M(n.client),class:"num"},C(o.basisFiatValueCents)),e("td",{"data-label":"Gain or income",class:"num"},m!==null?`${k(m)}${o.saleTerm&&n.client.jurisdictionRules.hasHoldingTerms?` (${j(n.client,o.saleTerm,!0)})`:""}`:o.incomeSum?`Income ${C(o.incomeSum)}`:"\u2014",o.uncoveredAmountExact?e("div",{class:"muted small"},`${B(o.uncoveredAmountExact)} ${o.asset?.symbol||""} not covered by your lots`):""),e("td",{"data-label":"Change"},l)),I]});return r.body.append(e("table",{class:"table cards"},e("caption",{class:"sr-only"},"Transfers of this transaction"),e("thead",{},e("tr",{},...["Transfer","From \u2192 to","Market value",M(n.client),"Gain or income",""].map(o=>e("th",{scope:"col"},o)))),e("tbody",{},...i.flat()))),r.el}function Va(n,t,a,s,r){let i=a.asset?.symbol||"units",o=e("input",{type:"number",min:"0",step:"0.01",inputmode:"decimal",value:a.fiatValueCents!=null?(a.fiatValueCents/100).toFixed(2):""}),m=e("input",{type:"number",min:"0",step:"any",inputmode:"decimal"}),g=e("input",{type:"number",min:"0",step:"0.01",inputmode:"decimal",value:a.basisFiatValueCents!=null?(a.basisFiatValueCents/100).toFixed(2):""}),I=e("div",{role:"status"}),l=a.direction==="INCOMING",f=o.value,u=g.value;m.addEventListener("input",()=>{let y=Number(m.value);m.value&&isFinite(y)&&(o.value=(y*Number(a.amountExact)).toFixed(2))});let d=e("button",{type:"submit"},"Save value"),p=e("form",{class:"inline-form","data-value-form":a.id,onsubmit:async y=>{y.preventDefault();let h=o.value===""||o.value===f?void 0:Number(o.value),T=l&&g.value!==""&&g.value!==u?Number(g.value):void 0;if(h===void 0&&T===void 0){I.replaceChildren(e("p",{class:"notice error"},o.value===""?"Enter a value.":`Change the value or the ${M(n.client,!0)}.`));return}try{await _(d,"Saving\u2026",()=>n.q(Xe,{tx:t.id,transfer:a.id,value:h,basis:T})),await r(`Saved the value of ${B(a.amountExact)} ${i}.`)}catch(P){I.replaceChildren(D(P))}}},N(`per-unit-${a.id}`,`Price per ${i} (${n.client.currency})`,m),N(`value-${a.id}`,`${l?"Market value":a.isFee?"Fee value":"Proceeds"} (${n.client.currency})`,o),l?N(`basis-${a.id}`,`${M(n.client)} (${n.client.currency})`,g):"",d,a.isFiatValueOverridden?F("Back to the imported value",async y=>{try{await _(y.currentTarget,"Resetting\u2026",()=>n.q(Xe,{tx:t.id,transfer:a.id,reset:!0})),await r("The imported value is back.")}catch(h){I.replaceChildren(D(h))}},"secondary"):"");s.append(p,I)}async function Jn(n,t,a){let s=t.transfers.filter(m=>m.capGainsSumSigned!==null&&m.capGainsSumSigned!==void 0),r=t.transfers.filter(m=>m.incomeSum),i=t.transfers.filter(m=>m.direction==="INCOMING"&&!m.incomeSum&&!t.isInternalTransfer),o=[...new Set([...s,...i].map(m=>m.asset?.pricingKey).filter(m=>!!m))];try{let m=await Promise.all(o.map(I=>Me(n,I,t.id).then(l=>({key:I,...l}))));R(a);let g=[];t.isHidden&&g.push(e("p",{},"This transaction is hidden: it does not count in your taxes.")),t.isInternalTransfer&&g.push(e("p",{},`A move between your own accounts: the coins keep their ${M(n.client,!0)} and purchase date, and nothing is taxed.`));for(let I of s){let l=m.flatMap(c=>c.disposals).filter(c=>c.transferId===I.id),f=m.find(c=>c.key===I.asset?.pricingKey)?.costBasisAlgorithm||n.client.costBasisAlgorithm,u=I.asset?.symbol||"",d=Number(I.capGainsSumSigned),p=I.basisFiatValueCents??l.reduce((c,w)=>c+w.costBasisCents,0),y=p+d,h=(I.fiatValueCents??y)-y,T=t.isInternalTransfer&&!I.isFee,P=l.reduce((c,w)=>c+Number(w.amountExact),0);g.push(e("div",{class:"why","data-why-transfer":I.id,"data-network-fee":T?"true":void 0},e("h3",{},T?`Network fee of ${B(String(Number(P.toPrecision(12))))} ${u}`:`${I.isFee?"Fee paid with":"Disposal of"} ${B(I.amountExact)} ${u}`),T?e("p",{},`The ${B(String(Number(P.toPrecision(12))))} ${u} that left but did not arrive paid the network fee; it counts as a small sale: ${d<0?"loss":"gain"} ${k(d)}.`):"",e("p",{class:"equation"},`${n.client.jurisdictionRules.words.proceeds} ${C(y)} \u2212 ${M(n.client,!0)} ${C(p)} = `,e("strong",{},`${d<0?"loss":"gain"} ${k(d)}`)),h>0&&!T?e("p",{class:"muted small"},`The proceeds are the market value of ${C(I.fiatValueCents)} less ${C(h)} of fees.`):"",e("p",{class:"muted small"},n.client.jurisdictionRules.matchingText||`Lots are taken ${Ua(f)}. Each piece below is the part of this disposal one lot covered.`),e("ul",{class:"pieces"},...l.map(c=>e("li",{"data-piece":c.lotTransactionId||"uncovered","data-match":c.match||""},c.isUncovered?[e("strong",{},`${B(c.amountExact)} ${u} not covered by any ${n.client.jurisdictionRules.words.holding}`),`: counted with a zero ${M(n.client,!0)}. Add the account or transaction it came from, or pair the move that brought it.`]:c.match&&c.match!=="LOT"?_a(c,u):[`${B(c.amountExact)} ${u} from the lot acquired `,c.lotTransactionId?e("a",{href:`#/transactions/${c.lotTransactionId}`},V(c.lotAcquiredAt)):V(c.lotAcquiredAt),`: proceeds ${C(c.proceedsCents)} \u2212 ${M(n.client,!0)} ${C(c.costBasisCents)} = ${k(c.gainCents)}${n.client.jurisdictionRules.hasHoldingTerms?`, ${j(n.client,c.term,!0)}`:""}${c.box?`, Form 8949 box ${c.box}`:""}`,c.isMissingBasis?e("span",{class:"badge critical"},"Basis unknown"):""]))),l.length===0?e("p",{class:"muted"},"The lots behind this disposal appear once your taxes are recalculated."):""))}for(let I of r)g.push(e("div",{class:"why"},e("h3",{},`Income: ${B(I.amountExact)} ${I.asset?.symbol||""}`),e("p",{},`Counted as income of ${C(I.incomeSum)}, its market value when received. That value is also the ${M(n.client,!0)} of the coins, for when you sell them.`)));for(let I of i){let l=m.filter(u=>u.key===I.asset?.pricingKey).flatMap(u=>u.lots),f=I.asset?.symbol||"";g.push(e("div",{class:"why"},e("h3",{},`Acquisition of ${B(I.amountExact)} ${f}`),I.basisFiatValueCents===null||I.basisFiatValueCents===void 0?e("p",{},`No price is known for this receipt, so its coins have an unknown ${M(n.client,!0)}: a later sale of them counts in full as a gain. Set its value above.`):e("p",{},`${M(n.client)} ${C(I.basisFiatValueCents)}: what was paid or given for it, fees included.`),l.length?e("p",{class:"muted"},`Still held from it: ${l.map(u=>`${B(u.amountExact)} of ${B(u.originalAmountExact)} ${f} (${M(n.client,!0)} ${C(u.costBasisCents)}${n.client.jurisdictionRules.hasHoldingTerms?`, ${j(n.client,u.term,!0)} if sold now`:""})`).join("; ")}.`):e("p",{class:"muted"},"Nothing of it is held any more: it was sold, spent or moved on.")))}g.length===0&&g.push(e("p",{class:"muted"},"This transaction has no tax effect: nothing was sold, spent or earned.")),a.append(...g)}catch(m){a.replaceChildren(D(m,()=>Jn(n,t,a)))}}function Ua(n){return{FIFO:"first in, first out (FIFO)",LIFO:"last in, first out (LIFO)",HIFO:"highest cost first (HIFO)",LOFO:"lowest cost first (LOFO)",AVERAGE_COST:"at their average cost"}[n]||n}function Ha(n,t,a){let{app:s}=n,r=G("fix","Change this transaction"),i=e("div",{role:"status","aria-live":"polite"}),o=U("label",[["","Loading labels\u2026"]]);o.disabled=!0;let m=e("button",{type:"submit",id:"save-label"},"Save label"),g=e("p",{class:"muted small",id:"label-help"});s.q(Se,{id:t.id}).then(d=>{let p=d.getTransactionTypeOptions,y=new Set(p.recommended.map(T=>T.value));o.replaceChildren(e("option",{value:""},"No label"),...p.options.map(T=>e("option",{value:T.value},y.has(T.value)?`${T.name} (suggested)`:T.name))),o.value=t.label||"",o.disabled=!1;let h=()=>{g.textContent=p.options.find(T=>T.value===o.value)?.description||"Without a label, what leaves is taxed as a sale and what arrives as a purchase."};o.addEventListener("change",h),h()}).catch(d=>i.replaceChildren(D(d)));let I=e("form",{class:"inline-form",id:"label-form",onsubmit:async d=>{d.preventDefault();let p=o.value;try{await _(m,"Saving\u2026",()=>s.q(De,p?{ids:[t.id],label:p}:{ids:[t.id],wipe:!0})),await a(p?`Labeled as ${s.labelName(p)}.`:"Label removed.")}catch(y){i.replaceChildren(D(y))}}},N("tx-label","Label",o,"grow"),m),l=e("div",{class:"actions",id:"tx-actions"}),f=(d,p,y,h,T,P="secondary",c)=>{let w=async b=>{try{await _(b,y,h),await a(T)}catch($){i.replaceChildren(D($))}};return F(d,c?xe(c,`Yes, ${d.charAt(0).toLowerCase()}${d.slice(1)}`,w):b=>w(b.currentTarget),P,{id:p})};l.append(t.isHidden?f("Unhide","unhide-tx","Unhiding\u2026",()=>s.q(he,{id:t.id,hidden:!1}),"The transaction counts again."):f("Hide","hide-tx","Hiding\u2026",()=>s.q(he,{id:t.id,hidden:!0}),"Hidden: the transaction no longer counts in your taxes."),f(t.isReviewed?"Mark as not reviewed":"Mark as reviewed","review-tx","Saving\u2026",()=>s.q(ve,{id:t.id,reviewed:!t.isReviewed}),t.isReviewed?"Marked as not reviewed.":"Marked as reviewed.")),t.isMissingBasis&&l.append(f(`Accept a zero ${M(s.client,!0)}`,"accept-basis","Saving\u2026",()=>s.q(fe,{ids:[t.id],override:!0}),`Accepted: this transaction is no longer flagged for its missing ${M(s.client,!0)}.`,"secondary",`Count the coins it disposes of with a zero ${M(s.client,!0)}? Their whole value becomes a gain.`));let u=e("div",{id:"tx-pair"});if(t.isInternalTransfer&&t.linkedTransactionId){let d=t.transfers.some(h=>h.direction==="OUTGOING"||h.fromAccountId&&!h.isFee),[p,y]=d?[t.id,t.linkedTransactionId]:[t.linkedTransactionId,t.id];u.append(e("p",{},`Paired ${t.linkType==="BRIDGE"?"as a bridge":t.linkType==="CROSS_CHAIN_SWAP"?"as a cross-chain swap":"as a move between your own accounts"} with `,e("a",{href:`#/transactions/${t.linkedTransactionId}`,"data-other-side":""},"the other side"),"."),f("Unpair","unpair-tx","Unpairing\u2026",()=>s.q($n,{from:p,to:y}),"Unpaired: both sides count on their own again.","secondary","Unpair these two transactions? The sending side then counts as a sale and the other as a purchase."))}else s.q(Pe,{id:t.id,limit:1}).then(d=>{let p=d.getTransferPairSuggestions[0];p&&u.append(Ne(s,p,async()=>{await a("Paired as a move between your own accounts.")}))}).catch(d=>u.append(D(d)));return r.body.append(I,g,u,l,i),r.el}var Oa={label:"Label",isHidden:"Hidden",isReviewed:"Reviewed",notes:"Notes",fiatValue:"Value",basisFiatValue:"Cost basis",internalTransferTo:"Move between your accounts",bridgeTo:"Bridge",crossChainSwapTo:"Cross-chain swap",isMissingBasisOverride:"Missing cost basis accepted",createdAt:"Date",amount:"Quantity",quantity:"Quantity",assetId:"Asset"},Ga=new Set(["internalTransferTo","bridgeTo","crossChainSwapTo"]),Qa=/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;function Wn(n,t){return n&&Ga.has(n)?t?"paired":"not paired":t==null||t===""?n==="label"?"no label":"nothing":typeof t=="string"&&Qa.test(t)?n==="assetId"?"another asset":"another one":typeof t=="boolean"?t?"yes":"no":n==="label"&&typeof t=="string"?t.replace(/_/g," "):(n==="fiatValue"||n==="basisFiatValue")&&(typeof t=="string"||typeof t=="number")?C(Math.round(Number(t)*100)):typeof t=="string"?t.length>40?`${t.slice(0,37)}\u2026`:t:JSON.stringify(t).slice(0,40)}var qe=!1;async function ot(n,t,a,s){try{let r=await n.q(fn,{ids:[t.id]}),i=r.getClientAuditLogs.auditLogs;if(R(a),i.length===0){a.append(e("p",{class:"muted",id:"history-empty"},"No changes since it was imported."));return}let o=e("div",{role:"status"}),m=i.filter(l=>l.undoneAt).length,g=qe?i:i.filter(l=>!l.undoneAt),I=m?F(qe?"Show only the changes in force":`Show ${m===1?"the undone change":`the ${m} undone changes`} too`,()=>{qe=!qe,ot(n,t,a,s).then(()=>document.getElementById("history-toggle")?.focus())},"link small",{id:"history-toggle"}):"";a.append(e("ul",{class:"history",id:"history-list"},...g.map(l=>{let f=l.field?`${Oa[l.field]||l.field}: ${Wn(l.field,l.oldValue)} \u2192 ${Wn(l.field,l.newValue)}`:l.action.replace(/^\w+\./,"").replace(/_/g," "),u=l.actorType==="USER"?"you":l.actorType==="API_KEY"?"an app":l.actorType==="STAFF"?"support":`${n.brand.name} or an import`;return e("li",{"data-audit":l.id,class:l.undoneAt?"undone":""},e("span",{},e("strong",{},f),e("span",{class:"muted small"},` \xB7 ${z(l.createdAt)} \xB7 by ${u}`),l.undoneAt?e("span",{class:"badge muted"},"Undone"):""),l.canUndo?F("Undo",async d=>{try{await _(d.currentTarget,"Undoing\u2026",()=>n.q(Cn,{ids:[l.id]})),await s(`Undone: ${f}.`)}catch(p){o.replaceChildren(D(p))}},"secondary small",{"data-undo":l.id}):"")})),g.length===0?e("p",{class:"muted",id:"history-none"},"Every change here was undone."):"",I,o,r.getClientAuditLogs.total>i.length?e("p",{class:"muted small"},`The latest ${i.length} of ${r.getClientAuditLogs.total} changes.`):"")}catch(r){a.replaceChildren(D(r,()=>ot(n,t,a,s)))}}function _a(n,t){let a=n.lotTransactionId?e("a",{href:`#/transactions/${n.lotTransactionId}`},V(n.lotAcquiredAt)):V(n.lotAcquiredAt),s=n.match==="SAME_DAY"?[`${B(n.amountExact)} ${t} matched with the same day\u2019s acquisitions`]:n.match==="THIRTY_DAY"?[`${B(n.amountExact)} ${t} matched with the acquisition of `,a," (within 30 days)"]:n.match==="POOL"?[`${B(n.amountExact)} ${t} from the section 104 pool, at its average cost`]:[`${B(n.amountExact)} ${t} at the adjusted cost base`],r=n.deniedLossExact?Math.round(Number(n.deniedLossExact)*100):0;return[...s,`: proceeds ${C(n.proceedsCents)} \u2212 cost ${C(n.costBasisCents)} = ${k(n.gainCents)}`,r?e("span",{class:"badge warning","data-denied":r},`Superficial loss denied: ${C(r)}`):""]}var Z,Ya={CRITICAL:"Makes figures wrong",WARNING:"Likely wrong",INFO:"Worth a look"},Ve=5,za={MISSING_BASIS:"These sales use coins whose purchase price is unknown, so their whole value counts as a gain. Give the receipt a price, or accept a zero cost basis if you really paid nothing.",UNCOVERED_DISPOSALS:"These transactions send or sell more than your accounts held at the time. Usually an account or a purchase is missing: add it, or pair the move that brought the coins.",NEGATIVE_BALANCE:"An account sent more of an asset than it held. Add the missing account or transaction, or hide a duplicate.",UNLABELED_TRANSACTIONS:"Without a label, what leaves an account counts as a sale and what arrives as a purchase. Label income, gifts and fees as such.",POSSIBLE_INTERNAL_TRANSFER:"A withdrawal followed by a deposit of nearly the same amount into another of your accounts. Unpaired, the first counts as a sale and the second as a purchase.",POSSIBLE_SPAM:"A token whose name advertises a website or a claim, as airdropped spam does. Never visit the site; mark the token as spam to leave it out of your figures.",NEEDS_REVIEW_CLASSIFICATION:"No rule recognised these on-chain transactions with confidence, so what arrived counts as a purchase and what left as a sale. Open each one to see what was read, then label it, or confirm that the reading is right."},Wa={MISSING_BASIS:"no cost basis",UNCOVERED_DISPOSALS:"sends more than the account held",NEGATIVE_BALANCE:"a balance below zero",UNLABELED_TRANSACTIONS:"no label",POSSIBLE_INTERNAL_TRANSFER:"looks like a move between your accounts",POSSIBLE_SPAM:"looks like spam",NEEDS_REVIEW_CLASSIFICATION:"read with low confidence"},ja=new Set(["MISSING_BASIS","UNCOVERED_DISPOSALS","NEGATIVE_BALANCE"]);function Xn(n,t,a){let{app:s}=n,r=e("div",{class:"recalc-box",id:"review-recalc"}),i=e("div",{id:"review-queue","aria-live":"polite"},q("what needs review"));t.append(e("h1",{},"Needs review"),e("p",{class:"lead"},"What can make your tax figures wrong, most serious first. Fix each item here; the counts fall as you go."),r,i);let o=new Set,m=()=>{let h=n.recalc.state;h==="settled"&&o.clear(),r.dataset.state=h,r.replaceChildren(e("p",{},h==="settled"?"Your figures include every change.":h==="dirty"?n.recalc.scheduled?"Your figures are updated with your fixes in a moment.":"Some fixes are not in your figures yet: prices, pairs and labels change your taxes once they are recalculated.":h==="unreachable"?"We can\u2019t reach the server right now; fixes wait until it answers again.":"Updating your figures with your fixes\u2026"),h==="dirty"?F(n.recalc.scheduled?"Update now":"Recalculate now",()=>n.recalc.start(),"",{id:"review-recalculate"}):"")};m();let g=n.recalc.onState(m),I=async h=>{le(h),s.ledgerChanged("edit"),await n.recalc.refresh()},l=new Map,f=h=>{let T=h.target;T.id&&(T.tagName==="INPUT"||T.tagName==="SELECT"||T.tagName==="TEXTAREA")&&l.set(T.id,T.value)};i.addEventListener("input",f),i.addEventListener("change",f),i.addEventListener("submit",h=>{for(let T of h.target.querySelectorAll("[id]"))l.delete(T.id)});let u=0,d=0,p=async()=>{let h=++u;i.dataset.loading="true";try{let T=(await s.q(se,{limit:1})).getClientReviewQueue,P=T.totalCount===0?[]:await Promise.all(T.groups.map(x=>Ja(n,x,o,I)));if(h!==u)return;let c=document.activeElement,w=!!c&&i.contains(c)&&c!==i,b=w&&c.id&&c.matches("input, select, textarea")?c.id:void 0,$=[null,null];try{$=b&&c.tagName==="INPUT"?[c.selectionStart,c.selectionEnd]:[null,null]}catch{}if(!b&&w&&(Z||(Z=c.closest("[data-insight]")?.dataset.insight)),n.reviewCount(T.totalCount),R(i),i.dataset.drawn=String(++d),T.totalCount===0){if(i.append(O("Nothing to review: your transactions are labeled, priced and paired.","review-empty")),Z){Z=void 0;let x=document.getElementById("review-empty");x?.setAttribute("tabindex","-1"),x?.focus()}return}i.append(e("p",{id:"review-total","data-count":T.totalCount,tabindex:"-1"},T.totalCount===1?"1 transaction to review.":`${T.totalCount} transactions to review, each listed once under its most pressing problem.`),...P);for(let[x,v]of l)Ka(document.getElementById(x),v);let S=b?document.getElementById(b):null;if(S){S.focus();try{$[0]!==null&&S.setSelectionRange($[0],$[1])}catch{}}else if(Z){let x=i.querySelector(`[data-insight="${CSS.escape(Z)}"] .items`);Z=void 0,(x?.querySelector("a, select, input, button")||document.getElementById("review-total"))?.focus()}}catch(T){h===u&&i.replaceChildren(D(T,p))}finally{h===u&&delete i.dataset.loading}};p();let y=s.onChange(p);return()=>{y(),g()}}async function Ja(n,t,a,s){let r=e("div",{class:"items"},q("the items")),i=`ins-${t.patternId.replace(/[^a-z0-9-]/gi,"-")}`,o=e("section",{class:`insight ${t.severity.toLowerCase()}`,"data-insight":t.patternId,"aria-labelledby":i},e("div",{class:"insight-head"},e("span",{class:`badge ${t.severity.toLowerCase()}`},Ya[t.severity]||t.severity),e("h2",{id:i},t.title),e("span",{class:"insight-count","data-insight-count":t.count},String(t.count))),e("p",{},za[t.type]||""),ja.has(t.type)?e("p",{class:"muted small"},"This list changes when your taxes are recalculated after a fix."):"",r,t.type!=="POSSIBLE_SPAM"&&t.count>Ve?e("p",{},e("a",{href:`#/transactions?review=${encodeURIComponent(t.patternId)}`},"See every transaction with this problem in Transactions")):"");return await Xa(n,t,r,a,s).catch(m=>r.replaceChildren(D(m))),o}function Ka(n,t){if(n)if(n instanceof HTMLSelectElement){let a=()=>[...n.options].some(s=>s.value===t)&&(n.value=t,!0);if(!a()){let s=new MutationObserver(()=>{a()&&s.disconnect()});s.observe(n,{childList:!0})}}else(n instanceof HTMLInputElement||n instanceof HTMLTextAreaElement)&&(n.value=t)}async function Xa(n,t,a,s,r){let{app:i}=n;if(t.type==="POSSIBLE_INTERNAL_TRANSFER"){let u=await i.q(Pe,{limit:Ve});R(a);for(let d of u.getTransferPairSuggestions){let p=Ne(i,d,async()=>{Z=t.patternId,p.replaceChildren(e("p",{class:"notice ok"},"Paired as a move between your accounts.")),await r("Paired as a move between your accounts.")});a.append(p)}return}let o=t.assetId;if(t.type==="POSSIBLE_SPAM"&&o){R(a);let u=e("div",{role:"status"}),d=F("Mark as spam",async()=>{try{await _(d,"Marking\u2026",()=>i.q(Tn,{assetId:o,spam:!0})),a.replaceChildren(e("p",{class:"notice ok"},"Marked as spam: its transactions are left out of your figures.")),await r("Marked as spam.")}catch(p){u.replaceChildren(D(p))}},"small",{"data-spam":o});a.append(d,u);return}let m=(await i.q(se,{patternId:t.patternId,limit:Ve})).getClientReviewQueue.items,g=new Map(m.map(u=>[u.transactionId,u])),I=m.length?await i.q(we,{onlyTransactionIds:m.map(u=>u.transactionId),limit:Ve}):null;await i.accounts().then(u=>{i.accountCache=u}),R(a);let l=e("ul",{class:"review-items"});a.append(l);let f=I?I.getClientTransactions.transactions:[];for(let u of m.map(d=>f.find(p=>p.id===d.transactionId)).filter(d=>!!d)){let d=e("li",{"data-review-item":u.id}),p=T=>async()=>{s.add(u.id),Z=t.patternId,d.replaceChildren(e("p",{class:"notice ok"},T)),await r(T)};if(s.has(u.id)){d.append(e("p",{class:"notice ok"},`${V(u.createdAt)} \xB7 ${ie(u)}: fixed.`)),l.append(d);continue}d.append(e("p",{},e("a",{href:`#/transactions/${u.id}`},`${V(u.createdAt)} \xB7 ${ue(i,u)}`),` \xB7 ${ie(u)} \xB7 ${i.accountName(u.accountId)}`));let y=(g.get(u.id)?.problems||[]).slice(1).map(T=>Wa[T]).filter(Boolean);y.length&&d.append(e("p",{class:"muted small","data-also":u.id},`Also: ${y.join("; ")}.`));let h=e("div",{class:"fix"});switch(d.append(h),l.append(d),t.type){case"UNLABELED_TRANSACTIONS":Kn(i,u,h,p);break;case"NEEDS_REVIEW_CLASSIFICATION":Kn(i,u,h,p),Za(i,u,h,p);break;case"MISSING_BASIS":await es(i,u,h,p);break;case"UNCOVERED_DISPOSALS":ts(i,u,h,p);break;case"NEGATIVE_BALANCE":ns(i,u,h,p);break;default:break}}}function Ue(n,t,a,s,r,i){let o=async()=>{try{await _(n,t,s),await r()}catch(m){a.replaceChildren(D(m))}};n.addEventListener("click",i?xe(i,`Yes, ${(n.textContent||"").charAt(0).toLowerCase()}${(n.textContent||"").slice(1)}`,o):o)}var Zn="Count these coins with nothing paid for them? Their whole value becomes a gain.";function Kn(n,t,a,s){let r=U("label",[["","Choose a label"]]),i=e("button",{type:"submit",class:"small"},"Save label"),o=e("div",{role:"status"});n.q(Se,{id:t.id}).then(g=>{let I=new Set(g.getTransactionTypeOptions.recommended.map(l=>l.value));r.append(...g.getTransactionTypeOptions.options.map(l=>e("option",{value:l.value},I.has(l.value)?`${l.name} (suggested)`:l.name)))}).catch(g=>o.replaceChildren(D(g)));let m=`label-${t.id}`;a.append(e("form",{class:"inline-form","data-label-form":t.id,onsubmit:async g=>{if(g.preventDefault(),!r.value){o.replaceChildren(e("p",{class:"notice error"},"Choose a label first."));return}try{await _(i,"Saving\u2026",()=>n.q(De,{ids:[t.id],label:r.value})),await s(`Labeled as ${n.labelName(r.value)}.`)()}catch(I){o.replaceChildren(D(I))}}},N(m,"Label",r),i),o)}function Za(n,t,a,s){let r=e("button",{type:"button",class:"small secondary","data-confirm":t.id},"The reading is right"),i=e("div",{role:"status"});Ue(r,"Saving\u2026",i,()=>n.q(ve,{id:t.id,reviewed:!0}),s("Marked as reviewed.")),a.append(r,i)}async function es(n,t,a,s){let r=e("div",{role:"status"});try{let o=(await n.q(ye,{id:t.id})).getTransaction,m=o.transfers.filter(l=>l.capGainsSumSigned!==null&&l.capGainsSumSigned!==void 0&&l.asset),g=[...new Set(m.map(l=>l.asset.pricingKey))],I=[];for(let l of o.transfers)l.direction==="INCOMING"&&!l.isFee&&!l.isHidden&&(l.fiatValueCents===null||l.fiatValueCents===void 0)&&l.asset&&!I.some(f=>f.tx===o.id)&&I.push({tx:o.id,at:o.createdAt,symbol:l.asset.symbol,assetId:l.assetId,amount:l.amountExact});for(let l of g){let f=await Me(n,l,t.id);for(let u of f.disposals){let d=m.find(p=>p.id===u.transferId);u.isMissingBasis&&!u.isUncovered&&u.lotTransactionId&&d&&!I.some(p=>p.tx===u.lotTransactionId)&&I.push({tx:u.lotTransactionId,at:u.lotAcquiredAt||"",symbol:d.asset.symbol,assetId:d.assetId,amount:u.amountExact})}}for(let l of I){let f=e("input",{type:"number",min:"0",step:"any",inputmode:"decimal",required:!0}),u=e("button",{type:"submit",class:"small"},"Save price");a.append(e("form",{class:"inline-form","data-price-form":l.tx,onsubmit:async d=>{d.preventDefault();let p=Number(f.value);if(!f.value||!isFinite(p)||p<0){r.replaceChildren(e("p",{class:"notice error"},"Enter the price per unit, for example 1.85."));return}try{await _(u,"Saving\u2026",()=>n.q(In,{ids:[l.tx],assetId:l.assetId,price:p})),await s(`Saved the price of the ${l.symbol} received on ${V(l.at)}.`)()}catch(y){r.replaceChildren(D(y))}}},l.tx===o.id?e("p",{class:"small"},`The ${B(l.amount)} ${l.symbol} received have no price.`):e("p",{class:"small"},`The ${B(l.amount)} ${l.symbol} it sold came from `,e("a",{href:`#/transactions/${l.tx}`},`a receipt on ${V(l.at)}`)," without a price."),N(`price-${l.tx}`,`Price per ${l.symbol} when received (${n.client.currency})`,f),u))}}catch(o){r.replaceChildren(D(o))}let i=F("Accept a zero cost basis",()=>{},"secondary small");Ue(i,"Saving\u2026",r,()=>n.q(fe,{ids:[t.id],override:!0}),s("Accepted a zero cost basis."),Zn),a.append(i,r)}function ts(n,t,a,s){let r=e("div",{role:"status"}),i=F("Accept a zero cost basis",()=>{},"secondary small");Ue(i,"Saving\u2026",r,()=>n.q(fe,{ids:[t.id],override:!0}),s("Accepted a zero cost basis."),Zn),a.append(e("a",{href:`#/transactions/${t.id}`,class:"button-link small"},"Open and pair or edit"),i,r)}function ns(n,t,a,s){let r=e("div",{role:"status"}),i=F("Hide (a duplicate)",()=>{},"secondary small");Ue(i,"Hiding\u2026",r,()=>n.q(he,{id:t.id,hidden:!0}),s("Hidden: it no longer counts.")),a.append(e("a",{href:`#/transactions/${t.id}`,class:"button-link small"},"Open"),i,r)}var as={A:"Short-term, on Form 1099-B with basis reported",B:"Short-term, on Form 1099-B without basis",C:"Short-term, not on Form 1099-B",D:"Long-term, on Form 1099-B with basis reported",E:"Long-term, on Form 1099-B without basis",F:"Long-term, not on Form 1099-B",G:"Short-term digital assets, on Form 1099-DA with basis reported",H:"Short-term digital assets, on Form 1099-DA without basis",I:"Short-term digital assets, not on Form 1099-DA",J:"Long-term digital assets, on Form 1099-DA with basis reported",K:"Long-term digital assets, on Form 1099-DA without basis",L:"Long-term digital assets, not on Form 1099-DA"},ss={QUEUED:"Waiting",GENERATING:"Being made",READY:"Ready",FAILED:"Failed"};function ta(n,t,a){let{app:s}=n,r=U("year",[]),i=e("div",{id:"tax-figures","aria-live":"polite"},q("the year\u2019s figures")),o=G("income","Income by kind"),m=G("form-8949","Form 8949 preview"),g=e("div",{id:"reconciliation"}),I=G("reports","Reports");t.append(e("h1",{},"Taxes"),e("div",{class:"toolbar"},N("tax-year","Tax year",r)),i,o.el,m.el,g,I.el);let l=0,f=async()=>{try{let c=await s.years(),w=c.length?c[0]:new Date().getUTCFullYear(),b=Number(a.get("year"));l=b&&b>1900?b:w,r.replaceChildren(...Ie(s.client,c,l).map($=>e("option",{value:$},W(s.client,$)))),r.value=String(l),await Promise.all([p(),y(0,""),h()])}catch(c){i.replaceChildren(D(c,f))}};r.addEventListener("change",async()=>{history.replaceState(null,"",`#/tax?year=${r.value}`),a.set("year",r.value),l=Number(r.value);try{await Promise.all([p(),y(0,""),h()])}catch(c){i.replaceChildren(D(c,f))}document.activeElement===document.body&&r.focus()});let u=s.client.jurisdictionRules,d=()=>W(s.client,l),p=async()=>{try{let c=(await s.q(ge,{year:String(l)})).getIncomeAndCapGains,w=rs(c,u);c.futuresCents&&w.push(["futures","Futures",c.futuresCents,k]),R(i),i.append(c.isStale?e("p",{class:"notice",id:"preview-stale"},"Your ledger changed since these figures were calculated. Recalculate to bring them up to date."):"",c.transactionCount===0?O(`No transactions in ${d()}.`,"year-empty"):"",c.jurisdiction&&u.text?e("p",{class:"muted small",id:"tax-rules","data-jurisdiction":u.jurisdiction},u.text):"",e("dl",{class:"figures","data-year":c.year,"data-year-label":c.taxYearLabel||c.year},...w.map(([b,$,S,x])=>e("div",{class:"figure","data-figure":b,"data-cents":S},e("dt",{},$),e("dd",{},x(S))))),e("p",{class:"muted small"},`${c.disposalCount} transaction${c.disposalCount===1?"":"s"} with a sale or other disposal, ${c.transactionCount} in all`,pe(c.computedAt)?`; calculated ${z(c.computedAt)}.`:"; not calculated yet.")),R(o.body),c.incomeByLabel.length===0?o.body.append(O(`No income in ${d()}.`,"income-empty")):o.body.append(e("table",{class:"table",id:"income-table"},e("caption",{class:"sr-only"},`Income in ${d()} by kind`),e("thead",{},e("tr",{},...["Kind","Transactions","Income"].map(b=>e("th",{scope:"col"},b)))),e("tbody",{},...c.incomeByLabel.map(b=>e("tr",{"data-income":b.label},e("td",{},e("a",{href:`#/transactions?year=${l}&label=${encodeURIComponent(b.label)}`},b.name)),e("td",{class:"num"},String(b.transactionCount)),e("td",{class:"num"},C(b.incomeCents))))),e("tfoot",{},e("tr",{},e("th",{scope:"row"},"Total"),e("td",{}),e("td",{class:"num"},C(c.incomeCents)))))),T.setYear(l)}catch(c){i.replaceChildren(D(c,p))}},y=async(c,w,b=!1)=>{if(!u.hasForm8949){m.el.hidden=!0;return}try{let $=(await s.q(Sn,{year:l,box:w||void 0,page:c})).getForm8949PreviewForYear;if(R(m.body),$.boxes.length===0){m.body.append(O(`No sales or other disposals in ${l}: nothing goes on Form 8949.`,"f8949-empty"));return}let S=U("box",[["","All boxes"],...$.boxes.map(v=>[v.box,`Box ${v.box}`])],w);S.addEventListener("change",()=>y(0,S.value,!0));let x=e("details",{class:"rows",id:"f8949-details",open:b});m.body.append(e("p",{},"How your sales will be reported on Form 8949, box by box. Generate the form itself under Reports."),e("table",{class:"table cards",id:"f8949-boxes"},e("caption",{class:"sr-only"},`Form 8949 boxes of ${l}`),e("thead",{},e("tr",{},...["Box","Rows","Proceeds","Cost basis","Adjustments","Gain or loss"].map(v=>e("th",{scope:"col"},v)))),e("tbody",{},...$.boxes.map(v=>e("tr",{"data-box":v.box},e("td",{"data-label":"Box"},e("strong",{},`Box ${v.box}`),e("div",{class:"muted small"},as[v.box]||"")),e("td",{"data-label":"Rows",class:"num"},String(v.rowCount)),e("td",{"data-label":"Proceeds",class:"num"},C(v.proceedsCents)),e("td",{"data-label":"Cost basis",class:"num"},C(v.costBasisCents)),e("td",{"data-label":"Adjustments",class:"num"},C(v.adjustmentCents)),e("td",{"data-label":"Gain or loss",class:"num"},k(v.gainOrLossCents)))))),x),x.append(e("summary",{},`The ${$.total} row${$.total===1?"":"s"}${w?` of box ${w}`:""}, as on the form`),e("div",{class:"toolbar"},N("f8949-box","Show the rows of",S)),e("table",{class:"table cards",id:"f8949-rows"},e("caption",{class:"sr-only"},"Form 8949 rows"),e("thead",{},e("tr",{},...["Box","(a) Description","(b) Acquired","(c) Sold","(d) Proceeds","(e) Cost basis","(h) Gain or loss"].map(v=>e("th",{scope:"col"},v)))),e("tbody",{},...$.rows.map(v=>e("tr",{},e("td",{"data-label":"Box"},v.box),e("td",{"data-label":"Description"},v.transactionId?e("a",{href:`#/transactions/${v.transactionId}`},v.description):v.description),e("td",{"data-label":"Acquired"},v.dateAcquired?V(v.dateAcquired):"Various"),e("td",{"data-label":"Sold"},V(v.dateSold)),e("td",{"data-label":"Proceeds",class:"num"},C(v.proceedsCents)),e("td",{"data-label":"Cost basis",class:"num"},C(v.costBasisCents)),e("td",{"data-label":"Gain or loss",class:"num"},k(v.gainOrLossCents)))))),e("nav",{class:"pager","aria-label":"Form 8949 pages"},$.page>0?F("Previous rows",()=>y($.page-1,w,!0),"secondary"):"",e("span",{class:"muted"},`Rows ${$.page*$.limit+1}\u2013${$.page*$.limit+$.rows.length} of ${$.total}`),($.page+1)*$.limit<$.total?F("Next rows",()=>y($.page+1,w,!0),"secondary"):""))}catch($){m.body.replaceChildren(D($,()=>y(c,w)))}},h=async()=>{if(R(g),!!u.hasForm1099DA)try{let c=(await s.q(Pn,{year:l})).getTaxFormStatuses.taxForms;if(c.length===0)return;let w=G("reconciliation-panel","Form 1099-DA reconciliation");g.append(w.el),w.body.append(e("p",{},"Your broker reported these sales to the IRS on Form 1099-DA. Here they are compared with your own figures: differences need a look before you file."));for(let b of c){let $=(await s.q(Dn,{formId:b.id})).getTaxFormReconciliation,S=$.rows.filter(x=>x.status!=="MATCHED").slice(0,20);w.body.append(e("div",{class:"recon","data-form":b.id},e("h3",{},`${b.brokerName}: ${b.rowCount} row${b.rowCount===1?"":"s"}`),e("dl",{class:"figures"},...[["Broker proceeds",C($.brokerProceedsCents)],["Your proceeds",C($.computedProceedsCents)],["Difference",k($.proceedsDifferenceCents)],["Matched",String($.matchedCount)],["Different",String($.mismatchedCount)],["Missing in your ledger",String($.missingInLedgerCount)],["Not on the form",String($.missingOnFormCount)]].map(([x,v])=>e("div",{class:"figure"},e("dt",{},x),e("dd",{},v)))),S.length===0?e("p",{class:"notice ok"},"Every row matches your figures."):e("table",{class:"table cards"},e("caption",{class:"sr-only"},"Rows that differ"),e("thead",{},e("tr",{},...["Sold","Asset","Broker","Yours","Difference",""].map(x=>e("th",{scope:"col"},x)))),e("tbody",{},...S.map(x=>e("tr",{},e("td",{"data-label":"Sold"},V(x.dateSold)),e("td",{"data-label":"Asset"},`${x.amountExact} ${x.assetSymbol}`),e("td",{"data-label":"Broker",class:"num"},C(x.brokerProceedsCents)),e("td",{"data-label":"Yours",class:"num"},C(x.computedProceedsCents)),e("td",{"data-label":"Difference",class:"num"},k(x.proceedsDifferenceCents)),e("td",{"data-label":"Status"},x.status==="MISSING_IN_LEDGER"?"Not in your ledger":x.status==="MISSING_ON_FORM"?"Not on the form":x.transactionId?e("a",{href:`#/transactions/${x.transactionId}`},"Different: open"):"Different")))))))}}catch(c){g.replaceChildren(D(c,h))}},T=new lt(s,I.body,s.client);T.load(),f();let P=s.onChange(()=>{s.years().then(()=>{p(),y(0,"")})});return()=>{T.stop(),P()}}var lt=class{constructor(t,a,s){this.app=t;this.client=s;this.list=e("div",{id:"report-list","aria-live":"polite"},q("your reports"));this.msg=e("div",{id:"report-message",role:"status"});this.yearSel=U("year",[]);this.polling=!1;this.alive=!0;let r=e("input",{name:"email",type:"email",autocomplete:"email",value:t.s.email||""}),i=e("button",{type:"submit",id:"request-report-button"},"Request report");this.form=e("form",{id:"request-report",class:"inline-form",onsubmit:o=>{o.preventDefault(),this.request(i)}},N("report-year","Tax year",this.yearSel),N("report-type","Report",U("type",s.jurisdictionRules.reports.map(o=>[o.type,o.name])),"grow"),N("report-email","E-mail me a link (optional)",r,"grow"),i),a.append(e("p",{},"Reports are made from your calculated figures. They are ready in a few seconds; you can also get a link by e-mail."),this.form,this.msg,this.list)}stop(){this.alive=!1}async setYear(t){let a=await this.app.years();this.yearSel.replaceChildren(...Ie(this.client,a,t).map(s=>e("option",{value:s},W(this.client,s)))),this.yearSel.value=String(t)}async load(){try{let t=(await this.app.q(Ze)).getReports;this.render(t),t.some(ea)&&this.poll()}catch(t){this.list.replaceChildren(D(t,()=>this.load()))}}render(t){if(R(this.list),t.length===0){this.list.append(O("No reports yet. Choose a year and a report above.","reports-empty"));return}this.list.append(e("table",{class:"table cards"},e("caption",{class:"sr-only"},"Your reports"),e("thead",{},e("tr",{},...["Year","Report","Status","Requested",""].map(a=>e("th",{scope:"col"},a)))),e("tbody",{},...t.map(a=>e("tr",{"data-report":a.id,"data-type":a.type,"data-status":a.status},e("td",{"data-label":"Year"},a.year?W(this.client,Number(a.year)):"\u2014"),e("td",{"data-label":"Report"},a.typeName,a.isStale?e("div",{class:"muted small"},"Your figures changed since; request it again for current ones."):""),e("td",{"data-label":"Status"},e("span",{class:`badge ${a.status.toLowerCase()}`},ss[a.status]||a.status),a.error?e("div",{class:"muted small"},a.error):""),e("td",{"data-label":"Requested"},z(a.createdAt)),e("td",{"data-label":"File"},a.status==="READY"?F("Download",s=>this.download(a,s.currentTarget),"secondary small download",{"aria-label":`Download ${a.year||""} ${a.typeName}`}):""))))))}async request(t){let a=new FormData(this.form),s=String(a.get("email")||"").trim();try{let i=(await _(t,"Requesting\u2026",()=>this.app.q(vn,{year:String(a.get("year")),type:String(a.get("type")),email:s||void 0}))).getReportExportV2;this.msg.replaceChildren(e("p",{class:"notice ok"},i.isCached?"You have this report already, up to date: it is in the list below.":`Report requested. It appears below when it is ready${s?`, and we e-mail a link to ${s}`:""}.`)),await this.load()}catch(r){this.msg.replaceChildren(D(r))}}async poll(){if(!this.polling){this.polling=!0;try{for(;this.alive;){await ee(1e3);let t=(await this.app.q(Ze)).getReports;if(!this.alive||(this.render(t),!t.some(ea)))return}}catch(t){this.list.replaceChildren(D(t,()=>this.load()))}finally{this.polling=!1}}}async download(t,a){try{let s=await _(a,"Preparing\u2026",()=>this.app.q(An,{id:t.id})),r=e("a",{href:s.getReportDownloadUrl.url,download:s.getReportDownloadUrl.fileName,hidden:!0});document.body.append(r),r.click(),r.remove(),this.msg.replaceChildren(e("p",{class:"notice ok",id:"download-started"},`Downloading ${s.getReportDownloadUrl.fileName}.`))}catch(s){this.msg.replaceChildren(D(s))}}},ea=n=>n.status==="QUEUED"||n.status==="GENERATING";function rs(n,t){let a=t.words,s=[["proceeds",a.proceeds,n.proceedsCents,C],["cost-basis",a.cost,n.costBasisCents,C]];return t.hasHoldingTerms&&s.push(["short-term",`${a.shortTerm||"Short-term"} gains`,n.shortTermCapGainsCents,k],["long-term",`${a.longTerm||"Long-term"} gains`,n.longTermCapGainsCents,k]),(!t.hasHoldingTerms||n.gainsCents!==null&&n.gainsCents!==void 0)&&s.push(["gains",a.gains,n.gainsCents??0,C],["losses",a.losses,-(n.lossesCents??0),C]),a.deniedLosses&&s.push(["denied-losses",a.deniedLosses,n.deniedLossesCents??0,C]),s.push(["capital-gains",a.netGain,n.capGainsCents,k]),n.lossesBroughtForwardCents!=null&&s.push(["losses-brought-forward","Net capital losses brought forward",n.lossesBroughtForwardCents,C]),n.discountCents!=null&&s.push(["discount","CGT discount applied",n.discountCents,C]),n.gainThresholdCents!=null&&s.push(["threshold",`${a.threshold||"Threshold"} (taxed in full from this amount)`,n.gainThresholdCents,C]),a.taxableGain&&s.push(["taxable-gains",a.taxableGain,n.taxableCapitalGainsCents??0,k]),n.lossesCarriedForwardCents!=null&&s.push(["losses-carried-forward","Net capital losses carried forward",n.lossesCarriedForwardCents,C]),s.push(["income","Income",n.incomeCents,C]),a.taxableIncome&&n.taxableIncomeCents!=null&&s.push(["taxable-income",a.taxableIncome,n.taxableIncomeCents,C]),s}var mt="taxd.portal.session",ct=(()=>{try{return JSON.parse(document.getElementById("taxd-page")?.textContent||"{}")}catch{return{}}})(),X=document.getElementById("main"),pt=document.getElementById("top"),He=!1;function is(n){try{let t=n.split(".")[1].replace(/-/g,"+").replace(/_/g,"/");return JSON.parse(atob(t))}catch{return{}}}function os(n){sessionStorage.setItem(mt,JSON.stringify(n))}function ls(){try{let n=JSON.parse(sessionStorage.getItem(mt)||"null");return n&&n.code&&n.token?n:null}catch{return null}}function dt(n){let t=n?.partnerId?`?partner=${encodeURIComponent(n.partnerId)}`:"",a=()=>history.replaceState(null,"",location.pathname+t+location.hash);document.readyState==="complete"?a():window.addEventListener("load",a,{once:!0})}function sa(n){if(document.body.dataset.partner=n.name,document.title=`${n.name} \xB7 Crypto tax portal`,n.primaryColor&&/^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(n.primaryColor)){let[a,s]=cs(n.primaryColor),r=document.documentElement.style;r.setProperty("--brand",a),r.setProperty("--on-brand",s)}R(pt),pt.append(e("div",{class:"brand"},n.logoUrl&&/^https:\/\//.test(n.logoUrl)?e("img",{src:n.logoUrl,alt:`${n.name} logo`,class:"logo"}):"",e("span",{class:"partner-name"},n.name),e("span",{class:"product"},"Crypto tax portal")));let t=document.getElementById("foot");t||(t=e("footer",{id:"foot",class:"foot"}),document.body.append(t)),t.replaceChildren(e("p",{},`The tax portal of ${n.name}.`,n.supportEmail?[" Questions? Write to ",e("a",{href:`mailto:${n.supportEmail}`},n.supportEmail),"."]:""))}function cs(n){let t=n.slice(1);t.length===3&&(t=t.split("").map(i=>i+i).join(""));let a=[0,2,4].map(i=>parseInt(t.slice(i,i+2),16)),s=i=>i.map(o=>{let m=o/255;return m<=.03928?m/12.92:Math.pow((m+.055)/1.055,2.4)}).reduce((o,m,g)=>o+m*[.2126,.7152,.0722][g],0),r=s(a);if((r+.05)/.05>=4.5&&(r+.05)/.05>1.05/(r+.05))return[n,"#000000"];for(let i=0;i<40&&1.05/(s(a)+.05)<4.5;i++)a=a.map(o=>Math.floor(o*.94));return[`#${a.map(i=>i.toString(16).padStart(2,"0")).join("")}`,"#ffffff"]}function Oe(n,t,...a){R(X),document.getElementById("app-nav")?.remove(),X.append(e("section",{class:"panel state",id:n,"aria-labelledby":`${n}-h`},e("h1",{id:`${n}-h`},t),...a))}function ut(){if(He)return;He=!0,sessionStorage.removeItem(mt);let n=document.body.dataset.partner||"your provider",t=e("p",{hidden:!0,role:"status"},`Return to ${n} and open the tax portal from there: it signs you in with a new link.`),a=e("button",{type:"button",id:"sign-in-again",onclick:()=>{window.parent!==window&&window.parent.postMessage({type:"taxd:portal:session-expired"},"*"),t.hidden=!1}},"Sign in again");Oe("state-expired","Your session has expired",e("p",{},`For your security the tax portal signs you out after a while. Sign in again from ${n}.`),a,t),X.focus()}function ds(){Oe("state-signed-out","Sign in to your tax portal",e("p",{},"Open the tax portal from your provider\u2019s website or app: it signs you in automatically."))}var us=[["","Overview"],["transactions","Transactions"],["review","Review"],["portfolio","Portfolio"],["tax","Taxes"]];async function ra(n){R(X),X.append(q("your tax portal"));let t,a;try{[t,a]=await Promise.all([te(n,"GET","/user"),Te(n,ln).then(i=>i.getMyActiveClient)])}catch(i){if(He)return;if(i instanceof H&&i.status===404)return Oe("state-not-found","We could not find your account",e("p",{},"This sign-in link does not belong to an account here. Open the tax portal again from your provider."));R(X),X.append(e("section",{class:"panel state",id:"state-error"},e("h1",{},"The tax portal could not open"),e("p",{},ne(i)),e("button",{type:"button",onclick:()=>ra(n)},"Try again")));return}sa(t.partner),$t(a.currency),n.email=n.email||t.email||void 0;let s=new Ee(n,a,t.partner);s.labels().then(i=>{s.labelCache=i}).catch(()=>{}),s.accounts().then(i=>{s.accountCache=i}).catch(()=>{}),s.onChange(()=>{s.accounts().then(i=>{s.accountCache=i}).catch(()=>{})});let r=new Re(s);ps(s,r),r.refresh(),window.parent!==window&&window.parent.postMessage({type:"taxd:portal:ready"},"*")}var oe,na=!0;function ps(n,t){let a=us.map(([g,I])=>e("li",{},e("a",{href:`#/${g}`,"data-route":g,id:`nav-${g||"overview"}`},I,g==="review"?e("span",{class:"count",id:"review-count",hidden:!0}):""))),s=e("nav",{class:"tabs",id:"app-nav","aria-label":"Tax portal"},e("ul",{},...a));document.getElementById("app-nav")?.remove(),pt.after(s);let r=e("div",{class:"bar"},t.el),i=e("div",{id:"view"});R(X),X.append(r,i);let o={app:n,recalc:t,reviewCount:g=>ia(g)},m=()=>{if(He)return;typeof oe=="function"&&oe();let[g,I]=location.hash.replace(/^#\/?/,"").split("?"),l=g.split("/").filter(Boolean).map(decodeURIComponent),f=new URLSearchParams(I||""),u=l[0]||"";for(let d of s.querySelectorAll("a"))d.dataset.route===u?d.setAttribute("aria-current","page"):d.removeAttribute("aria-current");switch(R(i),window.scrollTo(0,0),u){case"transactions":oe=l[1]?jn(o,i,l[1]):Yn(o,i,f);break;case"review":oe=Xn(o,i,f);break;case"portfolio":oe=Hn(o,i);break;case"tax":oe=ta(o,i,f);break;default:oe=Qn(o,i)}if(!na){let d=i.querySelector("h1");d&&(d.setAttribute("tabindex","-1"),d.focus())}na=!1};window.addEventListener("hashchange",m),m(),aa(n),n.onChange(()=>aa(n))}async function aa(n){try{let t=await n.q(se,{limit:1});ia(t.getClientReviewQueue.totalCount)}catch{}}function ia(n){let t=document.getElementById("review-count");t&&(t.hidden=n===0,t.textContent=String(n),t.setAttribute("aria-label",`${n} to review`))}async function ms(){ct.brand&&sa(ct.brand);let n=new URLSearchParams(location.search);if(n.get("report")&&n.get("signature"))return kn(X,n,ct.download);ht(ut);let t=null;if(n.get("token")&&n.get("code"))t={code:n.get("code"),token:n.get("token"),email:n.get("email")||void 0,clientId:""};else if(n.get("link")){dt(null);try{let s=await bt(n.get("link"));t={code:s.referenceId,token:s.accessToken,partnerId:s.partnerId,clientId:""}}catch(s){return Oe("state-link-invalid","This link does not work",e("p",{},ne(s)))}}else t=ls();if(!t)return dt(null),ds();let a=is(t.token);return t.partnerId=t.partnerId||a.pid,t.clientId=a.sub||"",os(t),dt(t),a.exp&&a.exp*1e3<=Date.now()?ut():(a.exp&&setTimeout(ut,Math.min(a.exp*1e3-Date.now(),2**31-1)),ra(t))}ms();})();
