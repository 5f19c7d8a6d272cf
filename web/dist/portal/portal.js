"use strict";(()=>{var rt=document.querySelector('meta[name="taxd-api"]')?.content||"/api",Wn=document.querySelector('meta[name="taxd-graphql"]')?.content||"/graphql",K=class extends Error{},U=class extends Error{constructor(a,s,r=""){super(s);this.status=a;this.code=r}},it=()=>{};function ot(n){it=n}function Ve(){throw it(),new K("session expired")}async function ee(n,t,a,s){let r;try{r=await fetch(`${rt}/users/${encodeURIComponent(n.code)}${a}`,{method:t,headers:{Authorization:`Bearer ${n.token}`,...s===void 0?{}:{"Content-Type":"application/json"}},body:s===void 0?void 0:JSON.stringify(s)})}catch{throw fe()}if(r.status===401&&Ve(),!r.ok)throw new U(r.status,await lt(r));return(await r.json()).data}async function lt(n){try{let t=await n.json();if(t&&typeof t.message=="string")return Ue(t.message)}catch{}return Oe(n.status)}function Oe(n){return n===404?"We could not find this. It may have been removed.":n===429?"Too many requests in a short time. Wait a minute, then try again.":n===503?"The service is busy or under maintenance. Try again in a minute.":"Something went wrong on our side. Try again in a moment."}function fe(){return new U(0,"The portal could not reach the server. Check your internet connection and try again.","OFFLINE")}async function be(n,t,a){let s=t.toString(),r;try{r=await fetch(Wn,{method:"POST",headers:{Authorization:`Bearer ${n.token}`,"Content-Type":"application/json"},body:JSON.stringify({query:s,variables:a??{}})})}catch{throw fe()}r.status===401&&Ve();let i;try{i=await r.json()}catch{throw new U(r.status,Oe(r.status))}let o=i.errors?.[0];if(o){let c=o.extensions?.code||"";throw c==="UNAUTHENTICATED"&&Ve(),new U(r.status,jn(c,o.message),c)}return i.data}function jn(n,t){switch(n){case"BAD_USER_INPUT":return Ue(t);case"NOT_FOUND":return"We could not find this. It may have been merged, deleted or changed meanwhile; reload the page.";case"CONFLICT":return`This could not be done: ${Kn(Ue(t))}`;case"TAXES_LOCKED":return"This falls in a tax period that is locked because it was filed. Ask your provider to unlock it first.";case"FORBIDDEN":return"Your sign-in does not allow this.";case"RATE_LIMITED":return"Too many requests in a short time. Wait a minute, then try again.";case"TIMEOUT":return"This took too long to answer. Try again, or narrow the filters.";default:return"Something went wrong on our side. Try again in a moment."}}function Kn(n){return n.charAt(0).toLowerCase()+n.slice(1)}function Ue(n){let t=n.replace(/^[\w.[\]]+: /,"");return/regular expression|doesn't match|format "/.test(t)?"That value is not in the expected format.":(t=t.replace(/\s+/g," ").trim(),t?t.charAt(0).toUpperCase()+t.slice(1)+(/[.!?]$/.test(t)?"":"."):"That value is not valid.")}function te(n){return n instanceof U?n.message:"Something went wrong in the portal. Reload the page and try again."}async function ct(n,t,a,s){let r;try{r=await fetch(`${rt}/users/${encodeURIComponent(n)}/reports/${encodeURIComponent(t)}/download`,{method:"POST",headers:{"Content-Type":"application/json"},body:JSON.stringify({expires:a,signature:s})})}catch{throw fe()}if(r.status===401)return"expired";if(r.status===404)return"gone";if(!r.ok)throw new U(r.status,Oe(r.status));return Xn(await r.blob(),Jn(r,"report")),"ok"}function Jn(n,t){let a=n.headers.get("Content-Disposition")||"",s=/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(a);return s?decodeURIComponent(s[1]):t}function Xn(n,t){let a=URL.createObjectURL(n),s=document.createElement("a");s.href=a,s.download=t,s.hidden=!0,document.body.append(s),s.click(),s.remove(),setTimeout(()=>URL.revokeObjectURL(a),6e4)}async function dt(n){let t;try{t=await fetch("/portal/link-session",{method:"POST",headers:{"Content-Type":"application/json"},body:JSON.stringify({link:n})})}catch{throw fe()}if(t.status===404)throw new U(404,"This link is not valid any more. Ask your provider for a new one.");if(!t.ok)throw new U(t.status,await lt(t));return t.json()}function e(n,t={},...a){let r=Zn.has(n)?document.createElementNS("http://www.w3.org/2000/svg",n):document.createElement(n);for(let[i,o]of Object.entries(t))o==null||o===!1||(i.startsWith("on")&&typeof o=="function"?r.addEventListener(i.slice(2),o):o===!0?r.setAttribute(i,""):r.setAttribute(i,String(o)));for(let i of a.flat())i==null||i===!1||i===""||r.append(typeof i=="number"?String(i):i);return r}var Zn=new Set(["svg","g","rect","line","text","title","desc","path","polyline","circle"]);function v(n){n.replaceChildren()}function Y(n){let t=ue(n);return t?t.toLocaleString("en-US",{dateStyle:"medium",timeStyle:"short"}):"\u2014"}function V(n){let t=ue(n);return t?t.toLocaleDateString("en-US",{dateStyle:"medium"}):"\u2014"}function He(n,t){let a=ue(n);return a?a.toLocaleTimeString("en-US",{hour:"numeric",minute:"2-digit",timeZone:t}):"\u2014"}function ue(n){if(!n)return null;let t=new Date(n);return isNaN(t.getTime())||t.getUTCFullYear()<1971?null:t}var _e="USD";function ut(n){_e=n||"USD"}function $(n){return n==null?"\u2014":(Math.round(n)===0?0:n/100).toLocaleString("en-US",{style:"currency",currency:_e})}function R(n){return n==null?"\u2014":n>0?`+${$(n)}`:n<0?`\u2212${$(-n)}`:$(0)}function Ge(n){return(n/100).toLocaleString("en-US",{style:"currency",currency:_e,notation:"compact",maximumFractionDigits:1})}function B(n){if(!n)return"\u2014";let t=Number(n);return isFinite(t)?t.toLocaleString("en-US",{maximumFractionDigits:Math.abs(t)>=1e3?2:8}):n}function Qe(n){return n==null||!isFinite(n)?"\u2014":`${n>0?"+":n<0?"\u2212":""}${Math.abs(n).toLocaleString("en-US",{maximumFractionDigits:1})}%`}function ne(n){return n.length>16?`${n.slice(0,6)}\u2026${n.slice(-4)}`:n}function oe(n){let t=document.getElementById("announcer");t||(t=e("div",{id:"announcer",class:"sr-only",role:"status","aria-live":"polite"}),document.body.append(t)),t.textContent="",setTimeout(()=>{t.textContent=n},50)}function Z(n){return new Promise(t=>setTimeout(t,n))}function k(n){return e("p",{class:"loading",role:"status"},e("span",{class:"spinner","aria-hidden":"true"}),`Loading ${n}\u2026`)}function H(n,t,...a){return e("div",{class:"empty",id:t},e("p",{},n),...a)}function N(n,t,a,s=""){return a.id=n,e("div",{class:`field ${s}`},e("label",{for:n},t),a)}function _(n,t,a){let s=e("select",{name:n},...t.map(([r,i])=>e("option",{value:r},i)));return a!==void 0&&(s.value=a),s}function M(n,t,a="",s={}){return e("button",{type:"button",class:a,onclick:t,...s},n)}function $e(n,t,a){return s=>{let r=s.currentTarget;if(r.nextElementSibling?.classList.contains("confirm"))return;let i=()=>{c.remove(),r.hidden=!1},o=M(t,()=>{i(),a(r)},"small",{"data-confirm-yes":r.id||""}),c=e("div",{class:"confirm",role:"group","aria-label":n},e("p",{},n),o,M("Cancel",()=>{i(),r.focus()},"secondary small"));r.hidden=!0,r.after(c),o.focus()}}async function Q(n,t,a){let s=n.textContent;n.disabled=!0,n.textContent=t,n.setAttribute("aria-busy","true");try{return await a()}finally{n.disabled=!1,n.textContent=s,n.removeAttribute("aria-busy")}}var D=class extends String{constructor(t,a){super(t),this.value=t,this.__meta__=a}toString(){return this.value}},pt=new D(`
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
    `,{fragmentName:"PortalTxRow"}),mt=new D(`
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
    `,{fragmentName:"PortalTxDetail"}),gt=new D(`
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
      reportTypes
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
    `),yt=new D(`
    query PortalTaxYears($clientId: ID!) {
  getTaxYears(clientId: $clientId)
}
    `),ht=new D(`
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
    `),It=new D(`
    query PortalDirty($clientId: ID!) {
  countDirty(clientId: $clientId)
}
    `),ft=new D(`
    query PortalActiveJob($clientId: ID!) {
  getActiveRecalculateJob(clientId: $clientId) {
    id
    status
    progress
    attempt
  }
}
    `),bt=new D(`
    query PortalLastRun {
  getMyActiveClient {
    id
    lastRecalculatedAt
  }
}
    `),$t=new D(`
    mutation PortalRecalculate($clientId: ID!) {
  rerunGraph(clientId: $clientId)
}
    `),Ct=new D(`
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
    `),Tt=new D(`
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
    `),St=new D(`
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
    `),xt=new D(`
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
    `),Pt=new D(`
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
    `),Dt=new D(`
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
}`),At=new D(`
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
}`),wt=new D(`
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
    `),vt=new D(`
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
    `),Et=new D(`
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
    `),Rt=new D(`
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
    `),Lt=new D(`
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
    `),Ft=new D(`
    mutation PortalHide($clientId: ID!, $id: ID!, $hidden: Boolean!) {
  hideTransaction(clientId: $clientId, transactionId: $id, isHidden: $hidden) {
    id
    isHidden
  }
}
    `),Bt=new D(`
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
    `),Mt=new D(`
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
    `),Nt=new D(`
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
    `),qt=new D(`
    mutation PortalPair($clientId: ID!, $from: ID!, $to: ID!) {
  markInternalTransfer(
    clientId: $clientId
    fromTransactionId: $from
    toTransactionId: $to
  )
}
    `),kt=new D(`
    mutation PortalUnpair($clientId: ID!, $from: ID!, $to: ID!) {
  unmarkInternalTransfer(
    clientId: $clientId
    fromTransactionId: $from
    toTransactionId: $to
  )
}
    `),Vt=new D(`
    mutation PortalUndo($clientId: ID!, $ids: [ID!]!) {
  undoAuditLogs(clientId: $clientId, auditLogIds: $ids, source: "portal") {
    id
  }
}
    `),Ut=new D(`
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
    `),Ot=new D(`
    mutation PortalMarkSpam($assetId: ID!, $spam: Boolean) {
  updateAsset(assetId: $assetId, isSpam: $spam) {
    id
    isSpam
  }
}
    `),Ht=new D(`
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
    }
    total
    totalValueCents
    totalCostBasisCents
    totalUnrealizedGainCents
    isStale
    computedAt
  }
}
    `),_t=new D(`
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
    `),Gt=new D(`
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
    `),Qt=new D(`
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
    `),Yt=new D(`
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
    `),zt=new D(`
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
    `),Wt=new D(`
    query PortalReports($clientId: ID!) {
  getReports(clientId: $clientId) {
    id
    type
    status
    year
    fileName
    isStale
    error
    createdAt
    completedAt
  }
}
    `),jt=new D(`
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
    `),Kt=new D(`
    query PortalDownloadUrl($id: ID!) {
  getReportDownloadUrl(reportId: $id) {
    url
    fileName
  }
}
    `);var ta={"\nfragment PortalTxRow on Transaction {\n  id createdAt label accountId provider isHidden isMissingBasis hasNegativeBalance isInternalTransfer isDirty isSpam\n  fiatValueCents capGainsSumSigned incomeSum\n  transfers { id direction isFee amountExact assetId asset { id symbol } fiatValueCents }\n}":pt,"\nfragment PortalTxDetail on Transaction {\n  id createdAt txnHash accountId provider explorerUrl label labelSource notes isHidden isReviewed isDirty isMissingBasis\n  hasNegativeBalance isInternalTransfer isEdited isSpam isOffChain linkType linkId linkedTransactionId\n  fiatValueCents feeFiatValueCents capGainsSumSigned incomeSum\n  classification { rule confidence explanation }\n  transfers {\n    id ordering assetId asset { id symbol name pricingKey } amountExact fromAccountId toAccountId fromAddress toAddress\n    direction isFee isHidden fiatValueCents basisFiatValueCents isFiatValueOverridden capGainsSumSigned incomeSum\n    saleTerm uncoveredAmountExact\n  }\n}":mt,"\nquery PortalClient {\n  getMyActiveClient {\n    id name currency timezone fiscalYearStart costBasisAlgorithm lockTaxesUntil\n    jurisdictionRules {\n      jurisdiction name taxYearStart taxYearLabelFormat hasHoldingTerms hasForm8949 hasForm1099DA reportTypes text matchingText\n      words { proceeds cost gains losses netGain taxableGain deniedLosses holding shortTerm longTerm taxableIncome threshold }\n    }\n  }\n}":gt,"\nquery PortalTaxYears($clientId: ID!) { getTaxYears(clientId: $clientId) }":yt,"\nquery PortalYear($clientId: ID!, $year: String!) {\n  getIncomeAndCapGains(clientId: $clientId, year: $year) {\n    year startDate endDate proceedsCents costBasisCents shortTermCapGainsCents longTermCapGainsCents capGainsCents\n    futuresCents incomeCents incomeByLabel { label name incomeCents transactionCount } disposalCount transactionCount\n    isStale computedAt jurisdiction taxYearLabel gainsCents lossesCents deniedLossesCents taxableCapitalGainsCents\n    gainThresholdCents taxableIncomeCents incomeThresholdCents discountGainsCents lossesBroughtForwardCents discountCents lossesCarriedForwardCents\n  }\n}":ht,"\nquery PortalDirty($clientId: ID!) { countDirty(clientId: $clientId) }":It,"\nquery PortalActiveJob($clientId: ID!) {\n  getActiveRecalculateJob(clientId: $clientId) { id status progress attempt }\n}":ft,"\nquery PortalLastRun { getMyActiveClient { id lastRecalculatedAt } }":bt,"\nmutation PortalRecalculate($clientId: ID!) { rerunGraph(clientId: $clientId) }":$t,"\nquery PortalTransactionCount($clientId: ID!, $search: String, $startDate: Date, $endDate: Date, $assetIds: [String!], $accountIds: [ID!],\n    $labels: [String!], $labelFilterMode: String, $insightPatternId: ID, $includeHidden: Boolean) {\n  getClientTransactionsSummary(clientId: $clientId, search: $search, startDate: $startDate, endDate: $endDate, assetIds: $assetIds,\n      accountIds: $accountIds, labels: $labels, labelFilterMode: $labelFilterMode, insightPatternId: $insightPatternId, includeHidden: $includeHidden) {\n    transactionCount\n  }\n}":Ct,"\nquery PortalReviewQueue($clientId: ID!, $patternId: ID, $limit: Int) {\n  getClientReviewQueue(clientId: $clientId, patternId: $patternId, limit: $limit) {\n    totalCount\n    groups { patternId type severity title count assetId }\n    items { transactionId patternId type problems }\n  }\n}":Tt,"\nquery PortalAccounts($clientId: String!) {\n  getClientAccounts(clientId: $clientId) {\n    id name type provider address status transactionCount lastSyncedAt lastSyncError\n  }\n}":St,"\nquery PortalAssets($clientId: ID!) {\n  getClientAssets(clientId: $clientId, hideSpamAssets: true) { assets { id symbol name pricingKey } }\n}":xt,"\nquery PortalLabels($clientId: ID) {\n  getLabels(clientId: $clientId) { value name description category isIncome isDisposal isNonTaxable }\n}":Pt,"\nquery PortalTransactions($clientId: ID!, $page: Int, $limit: Int, $search: String, $startDate: Date, $endDate: Date,\n    $assetIds: [String!], $accountIds: [ID!], $labels: [String!], $labelFilterMode: String, $insightPatternId: ID,\n    $includeHidden: Boolean, $onlyTransactionIds: [String!]) {\n  getClientTransactions(clientId: $clientId, page: $page, limit: $limit, skipTotal: true, search: $search,\n      startDate: $startDate, endDate: $endDate, assetIds: $assetIds, accountIds: $accountIds, labels: $labels,\n      labelFilterMode: $labelFilterMode, insightPatternId: $insightPatternId, includeHidden: $includeHidden,\n      onlyTransactionIds: $onlyTransactionIds) {\n    transactions { ...PortalTxRow }\n    page limit hasNextPage\n  }\n}":Dt,"\nquery PortalTransaction($clientId: ID!, $id: ID!) {\n  getTransaction(clientId: $clientId, transactionId: $id, includeAllTransfers: true) { ...PortalTxDetail }\n}":At,"\nquery PortalTransactionLots($clientId: ID!, $key: String!, $id: ID) {\n  getTaxLots(clientId: $clientId, assetPricingKey: $key, transactionId: $id) {\n    costBasisAlgorithm\n    disposals {\n      transferId amountExact proceedsCents costBasisCents gainCents term box lotAcquiredAt lotTransactionId\n      isUncovered isMissingBasis match deniedLossExact\n    }\n    lots { id acquiredAt amountExact originalAmountExact costBasisCents term isMissingBasis }\n  }\n}":wt,"\nquery PortalLabelOptions($clientId: ID!, $id: ID!) {\n  getTransactionTypeOptions(clientId: $clientId, transactionId: $id) {\n    options { value name description } recommended { value } currentLabel\n  }\n}":vt,"\nquery PortalAudit($clientId: ID!, $ids: [ID!]) {\n  getClientAuditLogs(clientId: $clientId, transactionIds: $ids, limit: 25, page: 0) {\n    auditLogs { id createdAt actorType action entityType field oldValue newValue undoneAt canUndo source }\n    total\n  }\n}":Et,"\nquery PortalPairs($clientId: ID!, $id: ID, $limit: Int) {\n  getTransferPairSuggestions(clientId: $clientId, transactionId: $id, limit: $limit) {\n    fromTransactionId toTransactionId fromAccountId toAccountId sentAmountExact receivedAmountExact feeAmountExact\n    sentAt receivedAt asset { symbol }\n  }\n}":Rt,'\nmutation PortalLabel($clientId: ID!, $ids: [ID!]!, $label: String, $wipe: Boolean) {\n  labelTransactions(clientId: $clientId, transactionIds: $ids, label: $label, wipeLabel: $wipe, source: "portal") { id label }\n}':Lt,"\nmutation PortalHide($clientId: ID!, $id: ID!, $hidden: Boolean!) {\n  hideTransaction(clientId: $clientId, transactionId: $id, isHidden: $hidden) { id isHidden }\n}":Ft,'\nmutation PortalReviewed($clientId: ID!, $id: ID!, $reviewed: Boolean!) {\n  updateTransaction(clientId: $clientId, transactionId: $id, createDefaultRule: false, source: "portal",\n      updates: { isReviewed: $reviewed }) { transaction { id isReviewed } }\n}':Bt,"\nmutation PortalSetPrice($clientId: ID!, $ids: [ID!]!, $assetId: ID, $price: Float) {\n  saveReceivePriceForTransactions(clientId: $clientId, transactionIds: $ids, assetId: $assetId, fiatValue: $price) { id }\n}":Mt,'\nmutation PortalSetValue($clientId: ID!, $tx: ID!, $transfer: ID!, $value: Float, $basis: Float, $reset: Boolean) {\n  updateTransfer(clientId: $clientId, transactionId: $tx, transferId: $transfer, fiatValue: $value, basisFiatValue: $basis,\n      resetFiatValue: $reset, source: "portal") { id }\n}':Nt,"\nmutation PortalPair($clientId: ID!, $from: ID!, $to: ID!) {\n  markInternalTransfer(clientId: $clientId, fromTransactionId: $from, toTransactionId: $to)\n}":qt,"\nmutation PortalUnpair($clientId: ID!, $from: ID!, $to: ID!) {\n  unmarkInternalTransfer(clientId: $clientId, fromTransactionId: $from, toTransactionId: $to)\n}":kt,'\nmutation PortalUndo($clientId: ID!, $ids: [ID!]!) {\n  undoAuditLogs(clientId: $clientId, auditLogIds: $ids, source: "portal") { id }\n}':Vt,"\nmutation PortalAcceptBasis($clientId: ID!, $ids: [ID!]!, $override: Boolean!) {\n  updateMultiTransactionsCostBasis(clientId: $clientId, transactionIds: $ids, isMissingBasis: false, overrideIsMissingBasis: $override) { id }\n}":Ut,"\nmutation PortalMarkSpam($assetId: ID!, $spam: Boolean) {\n  updateAsset(assetId: $assetId, isSpam: $spam) { id isSpam }\n}":Ot,"\nquery PortalPortfolio($clientId: ID!) {\n  getPortfolioV2(clientId: $clientId, limit: 100, sort: VALUE) {\n    positions {\n      assetId asset { symbol name } amountExact price valueCents costBasisCents unrealizedGainCents\n      unrealizedGainPercent portfolioPercent\n    }\n    total totalValueCents totalCostBasisCents totalUnrealizedGainCents isStale computedAt\n  }\n}":Ht,"\nquery PortalChart($clientId: ID!, $interval: HistoricalBalanceIntervalEnum!) {\n  getChart(clientId: $clientId, interval: $interval) {\n    points { date valueCents costBasisCents } startValueCents endValueCents changeCents changePercent isStale\n  }\n}":_t,"\nquery PortalHarvest($clientId: ID!, $date: Date!) {\n  getHarvestableLosses(clientId: $clientId, date: $date) {\n    totalUnrealizedLossCents shortTermUnrealizedLossCents longTermUnrealizedLossCents\n    assets {\n      assetId asset { symbol name } amountExact price marketValueCents costBasisCents unrealizedGainCents\n      shortTermUnrealizedGainCents longTermUnrealizedGainCents hasRecentAcquisition\n    }\n    unpricedAssetIds isStale\n  }\n}":Gt,"\nquery PortalForm8949($clientId: ID!, $year: Int!, $box: Form8949BoxEnum, $page: Int) {\n  getForm8949PreviewForYear(clientId: $clientId, year: $year, box: $box, page: $page, limit: 25) {\n    boxes { box term rowCount proceedsCents costBasisCents adjustmentCents gainOrLossCents }\n    rows { transactionId description dateAcquired dateSold proceedsCents costBasisCents gainOrLossCents box }\n    total page limit isStale\n  }\n}":Qt,'\nquery PortalTaxForms($clientId: ID!, $year: Int!) {\n  getTaxFormStatuses(clientId: $clientId, year: $year, formType: "FORM_1099_DA") {\n    taxForms { id brokerName status statusMessage rowCount uploadedAt }\n  }\n}':Yt,"\nquery PortalReconciliation($clientId: ID!, $formId: ID!) {\n  getTaxFormReconciliation(clientId: $clientId, taxFormId: $formId) {\n    brokerProceedsCents computedProceedsCents proceedsDifferenceCents brokerCostBasisCents computedCostBasisCents\n    matchedCount mismatchedCount missingInLedgerCount missingOnFormCount\n    rows {\n      id status transactionId assetSymbol amountExact dateSold brokerProceedsCents computedProceedsCents\n      proceedsDifferenceCents brokerCostBasisCents computedCostBasisCents\n    }\n  }\n}":zt,"\nquery PortalReports($clientId: ID!) {\n  getReports(clientId: $clientId) { id type status year fileName isStale error createdAt completedAt }\n}":Wt,"\nquery PortalRequestReport($clientId: ID!, $type: ReportExportTypeEnum!, $year: String!, $email: String) {\n  getReportExportV2(clientId: $clientId, type: $type, dateQueryType: TAX_YEAR, year: $year, email: $email) {\n    report { id status } isCached emailQueued\n  }\n}":jt,"\nquery PortalDownloadUrl($id: ID!) { getReportDownloadUrl(reportId: $id) { url fileName } }":Kt};function w(n){return ta[n]??{}}var is=w(`
fragment PortalTxRow on Transaction {
  id createdAt label accountId provider isHidden isMissingBasis hasNegativeBalance isInternalTransfer isDirty isSpam
  fiatValueCents capGainsSumSigned incomeSum
  transfers { id direction isFee amountExact assetId asset { id symbol } fiatValueCents }
}`),os=w(`
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
}`),Jt=w(`
query PortalClient {
  getMyActiveClient {
    id name currency timezone fiscalYearStart costBasisAlgorithm lockTaxesUntil
    jurisdictionRules {
      jurisdiction name taxYearStart taxYearLabelFormat hasHoldingTerms hasForm8949 hasForm1099DA reportTypes text matchingText
      words { proceeds cost gains losses netGain taxableGain deniedLosses holding shortTerm longTerm taxableIncome threshold }
    }
  }
}`),Xt=w(`
query PortalTaxYears($clientId: ID!) { getTaxYears(clientId: $clientId) }`),pe=w(`
query PortalYear($clientId: ID!, $year: String!) {
  getIncomeAndCapGains(clientId: $clientId, year: $year) {
    year startDate endDate proceedsCents costBasisCents shortTermCapGainsCents longTermCapGainsCents capGainsCents
    futuresCents incomeCents incomeByLabel { label name incomeCents transactionCount } disposalCount transactionCount
    isStale computedAt jurisdiction taxYearLabel gainsCents lossesCents deniedLossesCents taxableCapitalGainsCents
    gainThresholdCents taxableIncomeCents incomeThresholdCents discountGainsCents lossesBroughtForwardCents discountCents lossesCarriedForwardCents
  }
}`),Zt=w(`
query PortalDirty($clientId: ID!) { countDirty(clientId: $clientId) }`),Ye=w(`
query PortalActiveJob($clientId: ID!) {
  getActiveRecalculateJob(clientId: $clientId) { id status progress attempt }
}`),en=w(`
query PortalLastRun { getMyActiveClient { id lastRecalculatedAt } }`),tn=w(`
mutation PortalRecalculate($clientId: ID!) { rerunGraph(clientId: $clientId) }`),nn=w(`
query PortalTransactionCount($clientId: ID!, $search: String, $startDate: Date, $endDate: Date, $assetIds: [String!], $accountIds: [ID!],
    $labels: [String!], $labelFilterMode: String, $insightPatternId: ID, $includeHidden: Boolean) {
  getClientTransactionsSummary(clientId: $clientId, search: $search, startDate: $startDate, endDate: $endDate, assetIds: $assetIds,
      accountIds: $accountIds, labels: $labels, labelFilterMode: $labelFilterMode, insightPatternId: $insightPatternId, includeHidden: $includeHidden) {
    transactionCount
  }
}`),ae=w(`
query PortalReviewQueue($clientId: ID!, $patternId: ID, $limit: Int) {
  getClientReviewQueue(clientId: $clientId, patternId: $patternId, limit: $limit) {
    totalCount
    groups { patternId type severity title count assetId }
    items { transactionId patternId type problems }
  }
}`),an=w(`
query PortalAccounts($clientId: String!) {
  getClientAccounts(clientId: $clientId) {
    id name type provider address status transactionCount lastSyncedAt lastSyncError
  }
}`),sn=w(`
query PortalAssets($clientId: ID!) {
  getClientAssets(clientId: $clientId, hideSpamAssets: true) { assets { id symbol name pricingKey } }
}`),rn=w(`
query PortalLabels($clientId: ID) {
  getLabels(clientId: $clientId) { value name description category isIncome isDisposal isNonTaxable }
}`),Ce=w(`
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
}`),me=w(`
query PortalTransaction($clientId: ID!, $id: ID!) {
  getTransaction(clientId: $clientId, transactionId: $id, includeAllTransfers: true) { ...PortalTxDetail }
}`),Te=w(`
query PortalTransactionLots($clientId: ID!, $key: String!, $id: ID) {
  getTaxLots(clientId: $clientId, assetPricingKey: $key, transactionId: $id) {
    costBasisAlgorithm
    disposals {
      transferId amountExact proceedsCents costBasisCents gainCents term box lotAcquiredAt lotTransactionId
      isUncovered isMissingBasis match deniedLossExact
    }
    lots { id acquiredAt amountExact originalAmountExact costBasisCents term isMissingBasis }
  }
}`),Se=w(`
query PortalLabelOptions($clientId: ID!, $id: ID!) {
  getTransactionTypeOptions(clientId: $clientId, transactionId: $id) {
    options { value name description } recommended { value } currentLabel
  }
}`),on=w(`
query PortalAudit($clientId: ID!, $ids: [ID!]) {
  getClientAuditLogs(clientId: $clientId, transactionIds: $ids, limit: 25, page: 0) {
    auditLogs { id createdAt actorType action entityType field oldValue newValue undoneAt canUndo source }
    total
  }
}`),xe=w(`
query PortalPairs($clientId: ID!, $id: ID, $limit: Int) {
  getTransferPairSuggestions(clientId: $clientId, transactionId: $id, limit: $limit) {
    fromTransactionId toTransactionId fromAccountId toAccountId sentAmountExact receivedAmountExact feeAmountExact
    sentAt receivedAt asset { symbol }
  }
}`),Pe=w(`
mutation PortalLabel($clientId: ID!, $ids: [ID!]!, $label: String, $wipe: Boolean) {
  labelTransactions(clientId: $clientId, transactionIds: $ids, label: $label, wipeLabel: $wipe, source: "portal") { id label }
}`),ge=w(`
mutation PortalHide($clientId: ID!, $id: ID!, $hidden: Boolean!) {
  hideTransaction(clientId: $clientId, transactionId: $id, isHidden: $hidden) { id isHidden }
}`),De=w(`
mutation PortalReviewed($clientId: ID!, $id: ID!, $reviewed: Boolean!) {
  updateTransaction(clientId: $clientId, transactionId: $id, createDefaultRule: false, source: "portal",
      updates: { isReviewed: $reviewed }) { transaction { id isReviewed } }
}`),ln=w(`
mutation PortalSetPrice($clientId: ID!, $ids: [ID!]!, $assetId: ID, $price: Float) {
  saveReceivePriceForTransactions(clientId: $clientId, transactionIds: $ids, assetId: $assetId, fiatValue: $price) { id }
}`),ze=w(`
mutation PortalSetValue($clientId: ID!, $tx: ID!, $transfer: ID!, $value: Float, $basis: Float, $reset: Boolean) {
  updateTransfer(clientId: $clientId, transactionId: $tx, transferId: $transfer, fiatValue: $value, basisFiatValue: $basis,
      resetFiatValue: $reset, source: "portal") { id }
}`),cn=w(`
mutation PortalPair($clientId: ID!, $from: ID!, $to: ID!) {
  markInternalTransfer(clientId: $clientId, fromTransactionId: $from, toTransactionId: $to)
}`),dn=w(`
mutation PortalUnpair($clientId: ID!, $from: ID!, $to: ID!) {
  unmarkInternalTransfer(clientId: $clientId, fromTransactionId: $from, toTransactionId: $to)
}`),un=w(`
mutation PortalUndo($clientId: ID!, $ids: [ID!]!) {
  undoAuditLogs(clientId: $clientId, auditLogIds: $ids, source: "portal") { id }
}`),ye=w(`
mutation PortalAcceptBasis($clientId: ID!, $ids: [ID!]!, $override: Boolean!) {
  updateMultiTransactionsCostBasis(clientId: $clientId, transactionIds: $ids, isMissingBasis: false, overrideIsMissingBasis: $override) { id }
}`),pn=w(`
mutation PortalMarkSpam($assetId: ID!, $spam: Boolean) {
  updateAsset(assetId: $assetId, isSpam: $spam) { id isSpam }
}`),Ae=w(`
query PortalPortfolio($clientId: ID!) {
  getPortfolioV2(clientId: $clientId, limit: 100, sort: VALUE) {
    positions {
      assetId asset { symbol name } amountExact price valueCents costBasisCents unrealizedGainCents
      unrealizedGainPercent portfolioPercent
    }
    total totalValueCents totalCostBasisCents totalUnrealizedGainCents isStale computedAt
  }
}`),mn=w(`
query PortalChart($clientId: ID!, $interval: HistoricalBalanceIntervalEnum!) {
  getChart(clientId: $clientId, interval: $interval) {
    points { date valueCents costBasisCents } startValueCents endValueCents changeCents changePercent isStale
  }
}`),gn=w(`
query PortalHarvest($clientId: ID!, $date: Date!) {
  getHarvestableLosses(clientId: $clientId, date: $date) {
    totalUnrealizedLossCents shortTermUnrealizedLossCents longTermUnrealizedLossCents
    assets {
      assetId asset { symbol name } amountExact price marketValueCents costBasisCents unrealizedGainCents
      shortTermUnrealizedGainCents longTermUnrealizedGainCents hasRecentAcquisition
    }
    unpricedAssetIds isStale
  }
}`),yn=w(`
query PortalForm8949($clientId: ID!, $year: Int!, $box: Form8949BoxEnum, $page: Int) {
  getForm8949PreviewForYear(clientId: $clientId, year: $year, box: $box, page: $page, limit: 25) {
    boxes { box term rowCount proceedsCents costBasisCents adjustmentCents gainOrLossCents }
    rows { transactionId description dateAcquired dateSold proceedsCents costBasisCents gainOrLossCents box }
    total page limit isStale
  }
}`),hn=w(`
query PortalTaxForms($clientId: ID!, $year: Int!) {
  getTaxFormStatuses(clientId: $clientId, year: $year, formType: "FORM_1099_DA") {
    taxForms { id brokerName status statusMessage rowCount uploadedAt }
  }
}`),In=w(`
query PortalReconciliation($clientId: ID!, $formId: ID!) {
  getTaxFormReconciliation(clientId: $clientId, taxFormId: $formId) {
    brokerProceedsCents computedProceedsCents proceedsDifferenceCents brokerCostBasisCents computedCostBasisCents
    matchedCount mismatchedCount missingInLedgerCount missingOnFormCount
    rows {
      id status transactionId assetSymbol amountExact dateSold brokerProceedsCents computedProceedsCents
      proceedsDifferenceCents brokerCostBasisCents computedCostBasisCents
    }
  }
}`),We=w(`
query PortalReports($clientId: ID!) {
  getReports(clientId: $clientId) { id type status year fileName isStale error createdAt completedAt }
}`),fn=w(`
query PortalRequestReport($clientId: ID!, $type: ReportExportTypeEnum!, $year: String!, $email: String) {
  getReportExportV2(clientId: $clientId, type: $type, dateQueryType: TAX_YEAR, year: $year, email: $email) {
    report { id status } isCached emailQueued
  }
}`),bn=w(`
query PortalDownloadUrl($id: ID!) { getReportDownloadUrl(reportId: $id) { url fileName } }`);var we=class{constructor(t,a,s){this.s=t;this.client=a;this.brand=s;this.changed=[];this.labelCache=[];this.accountCache=[]}q(t,a){return be(this.s,t,{clientId:this.client.id,...a})}accounts(){return this.accountsP||(this.accountsP=this.q(an).then(t=>t.getClientAccounts.filter(a=>!!a))),this.accountsP.catch(()=>{this.accountsP=void 0}),this.accountsP}assets(){return this.assetsP||(this.assetsP=this.q(sn).then(t=>t.getClientAssets.assets)),this.assetsP.catch(()=>{this.assetsP=void 0}),this.assetsP}labels(){return this.labelsP||(this.labelsP=this.q(rn).then(t=>t.getLabels)),this.labelsP.catch(()=>{this.labelsP=void 0}),this.labelsP}years(){return this.yearsP||(this.yearsP=this.q(Xt).then(t=>[...t.getTaxYears].reverse())),this.yearsP.catch(()=>{this.yearsP=void 0}),this.yearsP}async defaultYear(){let t=await this.years();return t.length?t[0]:new Date().getUTCFullYear()}labelName(t){if(!t)return"Unlabeled";let a=this.labelCache.find(s=>s.value===t);return a?a.name:t.replace(/_/g," ").replace(/^./,s=>s.toUpperCase())}accountName(t,a=this.accountCache){if(!t)return"Outside your accounts";let s=a.find(r=>r.id===t);return s?se(s):"A removed account"}onChange(t){return this.changed.push(t),()=>{this.changed=this.changed.filter(a=>a!==t)}}ledgerChanged(t){t==="accounts"&&(this.accountsP=void 0,this.assetsP=void 0,this.yearsP=void 0),t==="results"&&(this.yearsP=void 0);for(let a of[...this.changed])a(t)}};function se(n){let t=(n.name||"").trim();return t&&t!==n.address?t:n.address?`${le(n.provider)} wallet ${n.address.length>16?`${n.address.slice(0,6)}\u2026${n.address.slice(-4)}`:n.address}`:le(n.provider)}var na={ethereum:"Ethereum",bitcoin:"Bitcoin",solana:"Solana",base:"Base",arbitrum:"Arbitrum",optimism:"Optimism",polygon:"Polygon",bsc:"BNB Smart Chain",coinbase:"Coinbase",kraken:"Kraken",generic:"File",file:"File"};function le(n){return na[n]||n.charAt(0).toUpperCase()+n.slice(1)}function x(n,t,...a){return n instanceof K?e("span"):e("div",{class:"notice error",role:"alert"},e("p",{},te(n)),...a,t?M("Try again",t,"secondary small"):"")}function G(n,t,...a){let s=e("div",{class:"section-body"},...a);return{el:e("section",{class:"panel",id:n,"aria-labelledby":`${n}-h`},e("h2",{id:`${n}-h`},t),s),body:s}}function aa(n,t){let a=new Intl.DateTimeFormat("en-US",{timeZone:n,hourCycle:"h23",year:"numeric",month:"2-digit",day:"2-digit",hour:"2-digit",minute:"2-digit",second:"2-digit"}).formatToParts(t),s=r=>Number(a.find(i=>i.type===r)?.value||0);return Date.UTC(s("year"),s("month")-1,s("day"),s("hour"),s("minute"),s("second"))-Math.floor(t.getTime()/1e3)*1e3}function $n(n,t,a,s){let r=Date.UTC(n,t-1,a);for(let i=0;i<2;i++)try{r=Date.UTC(n,t-1,a)-aa(s,new Date(r))}catch{return new Date(Date.UTC(n,t-1,a))}return new Date(r)}function je(n,t){let[a,s]=(n.fiscalYearStart||"01-01").split("-").map(Number);return[$n(t,a||1,s||1,n.timezone).toISOString(),$n(t+1,a||1,s||1,n.timezone).toISOString()]}function sa(n,t=new Date){let a=t.getUTCFullYear();return[a+1,a,a-1].find(s=>new Date(je(n,s)[0])<=t)??a-1}function he(n,t,a){let s=[sa(n),...t,...a?[a]:[]],r=[];for(let i=Math.max(...s);i>=Math.min(...s);i--)r.push(i);return r}function W(n,t){let a=n.jurisdictionRules.taxYearLabelFormat;return a.length===7?`${t}${a[4]}${String((t+1)%100).padStart(2,"0")}`:String(t)}function L(n,t=!1){let a=n.jurisdictionRules.words.cost;return t?a.charAt(0).toLowerCase()+a.slice(1):a}function z(n,t,a=!1){let s=n.jurisdictionRules.words,r=t==="SHORT_TERM"?s.shortTerm||"Short-term":t==="LONG_TERM"?s.longTerm||"Long-term":t;return a?r.charAt(0).toLowerCase()+r.slice(1):r}var Cn=1e3,ra=1500,ia=15e3,oa=5e3,ve=class{constructor(t){this.app=t;this.el=e("div",{id:"recalc-status",class:"status-bar","aria-live":"polite"});this.state="settled";this.following=!1;this.listeners=[];t.onChange(a=>{a==="edit"&&this.soon(),a!=="results"&&this.refresh()}),window.addEventListener("offline",()=>this.unreachable()),window.addEventListener("online",()=>this.refresh())}again(t){window.clearTimeout(this.check),this.check=window.setTimeout(()=>this.refresh(),t)}unreachable(){this.state="unreachable",this.el.dataset.state="unreachable",this.el.replaceChildren(e("div",{class:"status unreachable",id:"recalc-unreachable",role:"status"},e("span",{},"We can\u2019t reach the server right now, so what you see may be out of date. Trying again\u2026")));for(let t of this.listeners)t("unreachable");this.again(oa)}get scheduled(){return this.timer!==void 0}soon(){window.clearTimeout(this.timer),this.timer=window.setTimeout(()=>{this.timer=void 0,this.following?this.soon():this.start()},ra)}onState(t){return this.listeners.push(t),()=>{this.listeners=this.listeners.filter(a=>a!==t)}}async refresh(){if(!this.following)try{let[t,a,s,r]=await Promise.all([this.app.q(Zt),this.app.q(Ye),this.app.q(en),this.app.accounts()]);if(a.getActiveRecalculateJob)return this.follow(a.getActiveRecalculateJob);let i=!s.getMyActiveClient.lastRecalculatedAt&&r.length>0;this.show(t.countDirty>0||i?"dirty":"settled",t.countDirty,void 0,i),this.again(ia)}catch(t){if(t instanceof K)return;if(t instanceof U&&(t.code==="OFFLINE"||t.status>=500))return this.unreachable();this.el.replaceChildren(x(t,()=>this.refresh()))}}async start(){if(window.clearTimeout(this.timer),this.timer=void 0,!this.following)try{let t=(await this.app.q(tn)).rerunGraph;await this.follow({id:t,status:"QUEUED",progress:0,attempt:1})}catch(t){this.el.replaceChildren(x(t,()=>this.start()))}}async follow(t){this.following=!0;let a=t;try{for(;a;){this.show("recalculating",0,a),await Z(Cn);try{a=(await this.app.q(Ye)).getActiveRecalculateJob}catch(s){if(s instanceof K)return;await Z(Cn*3)}}}finally{this.following=!1}oe("Recalculation finished: your figures are up to date."),this.app.ledgerChanged("results"),await this.refresh()}show(t,a,s,r=!1){if(this.state=t,this.el.dataset.state=t,t==="recalculating"&&s){let i=s.status==="QUEUED";this.el.replaceChildren(e("div",{class:"status recalculating",id:"recalc-running"},e("span",{class:"spinner","aria-hidden":"true"}),e("span",{},i?"Updating your figures: queued\u2026":`Updating your figures\u2026 ${s.progress}%`),e("progress",{max:100,value:s.progress,"aria-label":"Recalculation progress"})))}else t==="dirty"?this.el.replaceChildren(e("div",{class:"status dirty",id:"recalc-dirty"},e("span",{},r?"Your taxes have not been calculated yet.":this.scheduled?"Updating your figures with your changes in a moment\u2026":a===1?"1 change is not in your figures yet.":`${a.toLocaleString("en-US")} changes are not in your figures yet.`),M(r?"Calculate":this.scheduled?"Update now":"Recalculate",()=>this.start(),"small",{id:"recalculate"}))):this.el.replaceChildren(e("div",{class:"status settled",id:"recalc-settled"},e("span",{class:"check","aria-hidden":"true"},"\u2713"),e("span",{},"Your figures are up to date.")));for(let i of this.listeners)i(t)}};var la={"tax-forms":"tax forms","form-8949-csv":"Form 8949","form-8949-pdf":"Form 8949","schedule-d-csv":"Schedule D","schedule-d-pdf":"Schedule D","schedule-1-pdf":"Schedule 1","capital-gains-csv":"capital gains report","income-csv":"income report","transaction-history-csv":"transaction history","turbotax-csv":"TurboTax file","taxact-csv":"TaxAct file","holdings-csv":"year-end holdings"};function Tn(n,t,a){let s=t.get("code")||"",r=t.get("report")||"",i=Number(t.get("expires")),o=t.get("signature")||"",c=()=>history.replaceState(null,"",location.pathname);document.readyState==="complete"?c():window.addEventListener("load",c,{once:!0});let g=(l,...d)=>{v(n),n.append(e("section",{class:"panel state",id:"state-download","data-state":a?.state||"unchecked","aria-labelledby":"dl-h"},e("h1",{id:"dl-h"},l),...d))},y="Request the report again in the tax portal of your provider: it e-mails you a new link.";switch(a?.state){case"expired":return g("This download link has expired",e("p",{id:"download-expired"},`For your security, download links work for a limited time. ${y}`));case"invalid":return g("This download link does not work",e("p",{id:"download-invalid"},`The link is incomplete or was changed. Open the whole link from the e-mail, or: ${y.charAt(0).toLowerCase()}${y.slice(1)}`));case"gone":return g("This report is no longer available",e("p",{id:"download-gone"},y))}let u=e("div",{id:"download-message",role:"status","aria-live":"polite"}),m=e("button",{type:"button",id:"download-report",onclick:async()=>{m.disabled=!0,u.replaceChildren(e("p",{},"Preparing your download\u2026"));try{let l=await ct(s,r,i,o);u.replaceChildren(l==="ok"?e("p",{class:"notice ok",id:"download-started"},"Your download has started."):l==="expired"?e("p",{class:"notice error",role:"alert",id:"download-expired"},`This link has expired. ${y}`):e("p",{class:"notice error",role:"alert",id:"download-gone"},`This report is no longer available. ${y}`))}catch(l){u.replaceChildren(e("p",{class:"notice error",role:"alert"},l instanceof U?l.message:te(l)))}finally{m.disabled=!1}}},"Download");if(a?.state==="ready"){let l=la[a.reportType||""]||"tax report",d=`${a.year?`${a.year} `:""}${l}`;return g(`Your ${d} ${l==="tax forms"?"are":"is"} ready`,e("p",{},a.fileName?`The file ${a.fileName} is ready to download.`:"The file is ready to download.",a.expiresAt?` This link works until ${Y(a.expiresAt)}.`:""),m,u)}return g("Download your tax report",e("p",{},i?`This link works until ${Y(new Date(i*1e3).toISOString())}.`:""),m,u)}var O=240,Ee=16,Ie=52;function Sn(n){return Math.max(280,Math.min(720,Math.floor(n.clientWidth||640)))}function xn(n,t){let a=t.flatMap(b=>[b.capitalGainsCents,b.incomeCents]),s=Math.max(0,...a),r=Math.min(0,...a);if(s===0&&r===0)return e("p",{class:"empty",id:"chart-empty"},"No gains or income yet: the chart fills in once your taxes are calculated.");let i=Sn(n),o=60,c=8,g=s-r||1,y=O-Ee-Ie,u=i-o-c,m=b=>Ee+(s-b)/g*y,l=u/t.length,d=Math.min(28,l/3),h=[s,(s+r)/2,r].filter((b,f,F)=>F.indexOf(b)===f),C=t.map(b=>`${b.label}: gains ${$(b.capitalGainsCents)}, income ${$(b.incomeCents)}`).join("; ");return e("svg",{viewBox:`0 0 ${i} ${O}`,width:i,height:O,role:"img","aria-labelledby":"chart-title chart-desc",class:"chart-svg"},e("title",{id:"chart-title"},"Capital gains and income by tax year"),e("desc",{id:"chart-desc"},C),...h.map(b=>e("g",{},e("line",{x1:o,x2:i-c,y1:m(b),y2:m(b),class:"grid"}),e("text",{x:o-6,y:m(b)+4,"text-anchor":"end",class:"axis"},Ge(Math.round(b))))),e("line",{x1:o,x2:i-c,y1:m(0),y2:m(0),class:"zero"}),...t.map((b,f)=>{let F=o+l*f+l/2,p=(S,T,I,P)=>e("rect",{x:T,width:d,y:Math.min(m(S),m(0)),height:Math.max(1,Math.abs(m(S)-m(0))),class:I,"data-year":b.year,"data-cents":S},e("title",{},`${b.label} ${P}: ${$(S)}`));return e("g",{},p(b.capitalGainsCents,F-d-1,"bar gains","capital gains"),p(b.incomeCents,F+1,"bar income","income"),e("text",{x:F,y:O-Ie+18,"text-anchor":"middle",class:"axis"},b.label))}),e("g",{class:"legend"},e("rect",{x:o,y:O-14,width:12,height:12,class:"bar gains"}),e("text",{x:o+16,y:O-4,class:"axis"},"Capital gains"),e("rect",{x:o+120,y:O-14,width:12,height:12,class:"bar income"}),e("text",{x:o+136,y:O-4,class:"axis"},"Income")))}function Pn(n,t,a,s){if(t.length<2||t.every(I=>I.valueCents===0&&I.costBasisCents===0))return e("p",{class:"empty",id:"value-chart-empty"},"Nothing to chart for this range yet.");if(t.every(I=>I.valueCents===0))return e("p",{class:"empty",id:"value-chart-unpriced"},"No price data for your holdings in this range, so their value cannot be charted.");let r=Sn(n),i=64,o=8,c=t.flatMap(I=>[I.valueCents,I.costBasisCents]),g=Math.max(...c,0),y=Math.min(...c,0),u=g-y||1,m=O-Ee-Ie,l=r-i-o,d=I=>i+l*I/(t.length-1),h=I=>Ee+(g-I)/u*m,C=I=>t.map((P,E)=>`${d(E).toFixed(1)},${h(I(P)).toFixed(1)}`).join(" "),b=`M${d(0).toFixed(1)},${h(0).toFixed(1)} L${C(I=>I.valueCents).replace(/ /g," L")} L${d(t.length-1).toFixed(1)},${h(0).toFixed(1)} Z`,f=[g,(g+y)/2,y].filter((I,P,E)=>E.indexOf(I)===P),F=new Date(t[0].date),p=new Date(t[t.length-1].date),S=I=>I.toLocaleDateString("en-US",{month:"short",year:"numeric"}),T=t[t.length-1];return e("svg",{viewBox:`0 0 ${r} ${O}`,width:r,height:O,role:"img","aria-labelledby":"value-title value-desc",class:"chart-svg"},e("title",{id:"value-title"},a),e("desc",{id:"value-desc"},`From ${S(F)} to ${S(p)}: value now ${$(T.valueCents)}, ${s.toLowerCase()} ${$(T.costBasisCents)}.`),...f.map(I=>e("g",{},e("line",{x1:i,x2:r-o,y1:h(I),y2:h(I),class:"grid"}),e("text",{x:i-6,y:h(I)+4,"text-anchor":"end",class:"axis"},Ge(Math.round(I))))),e("path",{d:b,class:"area"}),e("polyline",{points:C(I=>I.valueCents),class:"value-line"}),e("polyline",{points:C(I=>I.costBasisCents),class:"basis-line"}),e("text",{x:i,y:O-Ie+18,class:"axis"},S(F)),e("text",{x:r-o,y:O-Ie+18,"text-anchor":"end",class:"axis"},S(p)),e("g",{class:"legend"},e("rect",{x:i,y:O-14,width:12,height:12,class:"swatch-value"}),e("text",{x:i+16,y:O-4,class:"axis"},"Value"),e("line",{x1:i+80,x2:i+100,y1:O-8,y2:O-8,class:"basis-line"}),e("text",{x:i+106,y:O-4,class:"axis"},s)))}var Ke=10,Dn=1e3,ca=[["ethereum","Ethereum"],["bitcoin","Bitcoin"],["solana","Solana"],["base","Base"],["arbitrum","Arbitrum"],["optimism","Optimism"],["polygon","Polygon"],["bsc","BNB Smart Chain"]],da={ACTIVE:"Up to date",SYNCING:"Syncing",ERROR:"Sync failed",NEEDS_REAUTHENTICATION:"Needs new credentials",RETIRED:"Retired",DELETING:"Being removed"},ua={WALLET:"Wallet",EXCHANGE:"Exchange",BANK:"Bank",FILE:"File import",MANUAL:"Manual",VIRTUAL:"Position"},Re=class{constructor(t,a){this.app=t;this.accounts=[];this.syncing=!1;this.list=e("div",{id:"wallet-list"},k("your accounts"));this.count=e("p",{id:"wallet-count",class:"muted"});this.msg=e("div",{id:"wallet-message",role:"status","aria-live":"polite"});this.progress=e("div",{id:"sync-progress","aria-live":"polite"});this.syncButton=e("button",{type:"button",id:"sync-wallets",onclick:()=>this.startSync()},"Sync wallets");this.alive=!0;let s=e("input",{name:"address",required:!0,autocomplete:"off",spellcheck:!1,placeholder:"0x\u2026 , bc1\u2026 or a Solana address"}),r=e("input",{name:"name",maxlength:100,autocomplete:"off",placeholder:"e.g. Cold storage"});this.form=e("form",{id:"add-wallet",class:"inline-form",onsubmit:i=>{i.preventDefault(),this.add()}},N("wallet-address","Wallet address",s,"grow"),N("wallet-chain","Chain",_("chain",ca)),N("wallet-name","Name (optional)",r),e("button",{type:"submit",id:"add-wallet-button"},"Add wallet")),a.append(this.count,this.list,e("details",{class:"add-wallet"},e("summary",{},"Add a wallet"),this.form,this.msg),e("div",{class:"actions"},this.syncButton),this.progress)}stop(){this.alive=!1}async load(){try{this.accounts=await this.app.accounts(),this.render();let a=(await ee(this.app.s,"GET","/account_syncs")).syncs.find(s=>s.status==="queued"||s.status==="running");a&&this.follow(a)}catch(t){v(this.list),this.list.append(x(t,()=>this.load()))}}render(){v(this.list);let t=this.accounts.length,a=this.accounts.filter(r=>r.type==="WALLET").length;this.count.textContent=`${t===1?"1 account":`${t} accounts`} \xB7 ${a} of ${Ke} wallets`;let s=a>=Ke;if(this.form.querySelectorAll("input,select,button").forEach(r=>r.disabled=s),s&&this.msg.replaceChildren(e("p",{class:"notice"},`You have reached the limit of ${Ke} wallets.`)),this.syncButton.disabled=a===0||this.syncing,this.syncButton.hidden=a===0,t===0){this.list.append(H("No accounts yet. Add the address of a wallet you own, then sync it to import its transactions.","wallets-empty"));return}this.list.append(e("table",{class:"table cards"},e("caption",{class:"sr-only"},"Your accounts"),e("thead",{},e("tr",{},...["Account","Kind","Transactions","Status","Last synced"].map(r=>e("th",{scope:"col"},r)))),e("tbody",{},...this.accounts.map(r=>e("tr",{"data-account":r.id},e("td",{"data-label":"Account"},e("strong",{},se(r)),r.address&&se(r)===r.name?e("div",{class:"mono muted small",title:r.address},ne(r.address)):""),e("td",{"data-label":"Kind"},`${ua[r.type]||r.type}${r.type==="WALLET"?` \xB7 ${le(r.provider)}`:""}`),e("td",{"data-label":"Transactions",class:"num"},r.transactionCount.toLocaleString("en-US")),e("td",{"data-label":"Status"},e("span",{class:`badge ${r.status.toLowerCase()}`},da[r.status]||r.status),r.lastSyncError?e("div",{class:"muted small","data-sync-error":r.id},`${Le(r)} the last time; sync again to retry.`):""),e("td",{"data-label":"Last synced"},r.type==="FILE"?"Imported file":Y(r.lastSyncedAt)))))))}async add(){let t=new FormData(this.form),a={address:String(t.get("address")).trim(),chain:String(t.get("chain"))},s=String(t.get("name")||"").trim();s&&(a.name=s),this.msg.replaceChildren(e("p",{},"Adding the wallet\u2026"));try{let r=await ee(this.app.s,"POST","/accounts",{wallets:[a]});this.form.reset();let i=r.skipped.map(o=>`${ne(o.address)} was not added: ${o.reason==="already_added"?"you have it already":o.reason.replace(/_/g," ")}.`);this.msg.replaceChildren(...r.accounts.length?[e("p",{class:"notice ok"},"Wallet added. Sync it to import its transactions.")]:[],...i.map(o=>e("p",{class:"notice"},o))),this.app.ledgerChanged("accounts"),this.accounts=await this.app.accounts(),this.render()}catch(r){if(r instanceof U&&r.status===400){this.msg.replaceChildren(e("p",{class:"notice error",role:"alert",id:"wallet-error"},r.message)),document.getElementById("wallet-address").focus();return}this.msg.replaceChildren(x(r))}}async startSync(){this.syncButton.disabled=!0;try{this.follow(await ee(this.app.s,"POST","/account_syncs",{}))}catch(t){this.syncButton.disabled=!1,this.progress.replaceChildren(x(t))}}async follow(t){for(this.syncing=!0,this.syncButton.disabled=!0;this.showSync(t),!(t.status==="completed"||t.status==="failed"||!this.alive);){await Z(Dn);try{t=await ee(this.app.s,"GET",`/account_syncs/${t.id}`)}catch(a){if(a instanceof K)return;this.progress.replaceChildren(e("p",{class:"notice"},"Lost contact with the server; trying again\u2026")),await Z(Dn*3)}}if(this.syncing=!1,this.syncButton.disabled=!1,!!this.alive){this.app.ledgerChanged("accounts");try{this.accounts=await this.app.accounts(),this.render()}catch(a){this.list.replaceChildren(x(a,()=>this.load()))}}}showSync(t){let a=t.status==="completed"?"Sync complete":t.status==="failed"?"Sync stopped":t.status==="queued"?"Sync queued":"Syncing",s=this.app.client.timezone,r=t.retrying,i=r?this.accounts.find(o=>o.id===r.accountId):void 0;this.progress.replaceChildren(e("div",{class:`sync ${t.status}`,id:"sync-status","data-status":t.status},e("p",{},e("strong",{},`${a}: ${t.progress}%`)),e("progress",{max:100,value:t.progress,"aria-label":"Sync progress"}),r?e("p",{class:"notice",id:"sync-retrying"},`${Le(i)}; we\u2019ll try again at ${He(r.nextAttemptAt,s)}.`):"",t.status==="failed"?e("p",{class:"notice error"},"The sync stopped before every account was done. Try again in a few minutes."):"",e("ul",{class:"sync-accounts"},...t.accounts.map(o=>{let c=this.accounts.find(g=>g.id===o.accountId);return e("li",{"data-sync-account":o.accountId},`${c?se(c):"An account"}: ${pa(o,c,s)}`)}))))}};function Le(n){return n?n.type==="WALLET"?`We couldn\u2019t reach the ${le(n.provider)} network`:`We couldn\u2019t reach ${le(n.provider)}`:"We couldn\u2019t reach an account\u2019s source"}function pa(n,t,a){if(n.status==="syncing"&&n.nextAttemptAt)return`${Le(t).replace("We","we")}; we\u2019ll try again at ${He(n.nextAttemptAt,a)}.`;switch(n.status){case"queued":return"waiting to start.";case"syncing":return`importing (${n.progress}%).`;case"synced":return"done.";case"failed":return`${Le(t).replace("We","we")}, so its new transactions are not imported; sync again later.`;default:return`${n.status}.`}}function An(n,t){let{app:a}=n;t.append(e("h1",{class:"welcome"},"Your crypto taxes"),a.s.email?e("p",{class:"muted",id:"signed-in-as"},`Signed in as ${a.s.email}`):"");let s=e("div",{class:"cards-row",id:"summary-cards","aria-live":"polite"},k("your figures")),r=e("figure",{id:"gains-chart",class:"chart"}),i=G("gains","Gains and income by year",r),o=G("wallets","Accounts and wallets");t.append(s,i.el,o.el);let c=new Re(a,o.body);c.load();let g=async()=>{try{let u=await a.years(),m=u.length?u[0]:new Date().getUTCFullYear(),[l,d,h]=await Promise.all([a.q(pe,{year:String(m)}).then(T=>T.getIncomeAndCapGains),a.q(Ae).then(T=>T.getPortfolioV2),a.q(ae,{limit:1}).then(T=>T.getClientReviewQueue)]),C=h.totalCount;n.reviewCount(C);let b=(T,I,P,E,A)=>e("a",{class:"card",href:I,"data-figure":T},e("span",{class:"card-title"},P),e("span",{class:"card-value"},E),e("span",{class:"card-sub"},A)),f=(T,I)=>{let P=T.filter(A=>A.valueCents!==null&&A.valueCents!==void 0);if(T.length===0)return b("portfolio","#/portfolio","Portfolio value",$(0),"You hold nothing yet");if(P.length===0)return b("portfolio","#/portfolio","Portfolio value","No prices","Prices are not available right now");let E=P.reduce((A,q)=>A+(q.unrealizedGainCents||0),0);return b("portfolio","#/portfolio","Portfolio value",$(I),`Unrealized ${R(E)}${P.length<T.length?` \xB7 ${T.length-P.length} without a price`:""}`)};if(v(s),u.length===0){let T=(await a.accounts()).reduce((I,P)=>I+P.transactionCount,0);s.append(T>0?e("div",{class:"empty wide",id:"overview-empty","data-imported":T},e("p",{},`${T===1?"1 transaction is":`${T.toLocaleString("en-US")} transactions are`} imported; your taxes have not been calculated yet.`),M("Calculate my taxes",()=>n.recalc.start(),"",{id:"overview-calculate"})):e("div",{class:"empty wide",id:"overview-empty"},e("p",{},"No tax figures yet. Add your wallets and exchanges below and sync them; your taxes are calculated from their transactions.")))}else s.append(b("capital-gains",`#/tax?year=${m}`,`${W(a.client,m)} capital gains`,R(l.capGainsCents),a.client.jurisdictionRules.hasHoldingTerms?`${z(a.client,"SHORT_TERM")} ${R(l.shortTermCapGainsCents)} \xB7 ${z(a.client,"LONG_TERM")} ${R(l.longTermCapGainsCents)}`:a.client.jurisdictionRules.words.netGain),b("income",`#/tax?year=${m}`,`${W(a.client,m)} income`,$(l.incomeCents),"Staking, rewards and other income"));s.append(f(d.positions,d.totalValueCents),b("review","#/review","To review",C===0?"All clear":String(C),C===0?"Nothing needs your attention":`${C===1?"transaction needs":"transactions need"} a look`));let F=[...u].slice(0,6).reverse(),p=await Promise.all(F.map(T=>a.q(pe,{year:String(T)}).then(I=>({year:T,label:W(a.client,T),capitalGainsCents:I.getIncomeAndCapGains.capGainsCents,incomeCents:I.getIncomeAndCapGains.incomeCents})))),S=xn(r,p);r.replaceChildren(S,S.tagName==="svg"?e("figcaption",{},`Capital gains and income by tax year (${a.client.currency})`):"")}catch(u){s.replaceChildren(x(u,g))}};g();let y=a.onChange(g);return()=>{y(),c.stop()}}function ce(n){return`${B(n.amountExact)} ${n.asset?.symbol||"?"}`}var ma={sell:"Sold",gift_sent:"Gave away",donation:"Donated",lost:"Lost",payment:"Paid with",fee:"Paid a fee of"},ga={buy:"Bought",staking_reward:"Earned",mining:"Mined",airdrop:"Received an airdrop of",interest:"Earned interest of",reward:"Earned",income:"Was paid",gift_received:"Was given"};function re(n){let t=n.transfers.filter(o=>!o.isFee),a=t.filter(o=>o.direction==="OUTGOING"),s=t.filter(o=>o.direction==="INCOMING"),r=t.filter(o=>o.direction==="INTERNAL");if(t.length===0)return n.transfers.length?`Fee of ${ce(n.transfers[0])}`:"No transfers";if(a.length&&s.length)return`${a.map(ce).join(" + ")} \u2192 ${s.map(ce).join(" + ")}`;if(r.length&&!a.length&&!s.length)return`Moved ${r.map(ce).join(" + ")}`;let i=n.label||"";return a.length?`${ma[i]||"Sent"} ${a.map(ce).join(" + ")}`:`${ga[i]||"Received"} ${s.map(ce).join(" + ")}`}function Fe(n,t){let a=[],s=(r,i)=>a.push(e("span",{class:`badge ${r}`},i));return n.isMissingBasis&&s("critical",`Missing ${L(t.client,!0)}`),n.hasNegativeBalance&&s("warning","Negative balance"),n.isInternalTransfer&&s("info","Internal transfer"),n.isHidden&&s("muted","Hidden"),n.isSpam&&s("muted","Spam"),n.isDirty&&s("info","Changed; recalculate"),a}function Je(n){return!!n.isMissingBasis&&!n.fiatValueCents}function wn(n){if(Je(n)&&!Number(n.capGainsSumSigned??0)&&!n.incomeSum)return e("span",{class:"badge critical"},"No price");if(n.capGainsSumSigned!==null&&n.capGainsSumSigned!==void 0){let t=Number(n.capGainsSumSigned);return e("span",{class:t<0?"loss":"gain"},`${t<0?"Loss":"Gain"} ${R(t)}`)}return n.incomeSum?e("span",{class:"income"},`Income ${$(n.incomeSum)}`):""}function de(n,t){return!t.label&&t.isInternalTransfer?"Transfer between your accounts":n.labelName(t.label)}var ya=()=>window.matchMedia("(max-width: 40rem)").matches?25:50,ha=n=>[["","Everything"],["missing-basis",`Missing ${n}`],["uncovered-disposals","Sold more than held"],["negative-balance","Negative balance"],["unlabeled","Unlabeled"],["possible-internal-transfer","Possible move between your accounts"]];function vn(n,t,a){let{app:s}=n,r=Math.max(0,(Number(a.get("page"))||1)-1),i={q:a.get("q")||"",year:a.get("year")||"",asset:a.get("asset")||"",account:a.get("account")||"",label:a.get("label")||"",review:a.get("review")||"",hidden:a.get("hidden")==="1"},o=p=>{let S=new URLSearchParams,T={q:i.q,year:i.year,asset:i.asset,account:i.account,label:i.label,review:i.review,hidden:i.hidden?"1":"",page:"",...p};for(let[I,P]of Object.entries(T))P&&S.set(I,P);location.hash=`#/transactions${S.toString()?`?${S}`:""}`},c=!!(i.q||i.year||i.asset||i.account||i.label||i.review||i.hidden),g=e("input",{type:"search",name:"q",value:i.q,placeholder:"Hash, note, address or asset",autocomplete:"off"}),y=_("year",[["","All years"]],i.year),u=_("asset",[["","All assets"]],i.asset),m=_("account",[["","All accounts"]],i.account),l=_("label",[["","All labels"],["unlabeled","Unlabeled"]],i.label),d=_("review",ha(L(n.app.client,!0)),i.review),h=e("input",{type:"checkbox",name:"hidden",id:"f-hidden",checked:i.hidden}),C=e("form",{class:"filters",id:"tx-filters",role:"search","aria-label":"Filter transactions",onsubmit:p=>{p.preventDefault(),o({q:g.value.trim()})}},e("div",{class:"search-row"},N("f-q","Search",g,"grow"),e("button",{type:"submit",id:"f-search"},"Search")),e("div",{class:"filter-row"},N("f-year","Tax year",y),N("f-asset","Asset",u),N("f-account","Account",m),N("f-label","Label",l),N("f-review","Needs review",d),e("div",{class:"field check"},h,e("label",{for:"f-hidden"},"Include hidden"))),c?M("Clear filters",()=>{location.hash="#/transactions"},"link",{id:"f-clear"}):""),b=(p,S)=>p.addEventListener("change",()=>o({[S]:p instanceof HTMLInputElement&&p.type==="checkbox"?p.checked?"1":"":p.value}));b(y,"year"),b(u,"asset"),b(m,"account"),b(l,"label"),b(d,"review"),b(h,"hidden");let f=e("div",{id:"tx-list","aria-live":"polite"},k("transactions"));t.append(e("h1",{},"Transactions"),C,f),Promise.all([s.years(),s.assets(),s.accounts(),s.labels()]).then(([p,S,T,I])=>{y.append(...he(s.client,p).map(P=>e("option",{value:P},W(s.client,P)))),u.append(...S.map(P=>e("option",{value:P.id},P.name&&P.name!==P.symbol?`${P.symbol} \xB7 ${P.name}`:P.symbol))),m.append(...T.map(P=>e("option",{value:P.id},se(P)))),l.append(...I.map(P=>e("option",{value:P.value},P.name))),y.value=i.year,u.value=i.asset,m.value=i.account,l.value=i.label}).catch(()=>{});let F=async()=>{let p={page:r,limit:ya(),includeHidden:i.hidden||void 0};i.q&&(p.search=i.q),i.year&&([p.startDate,p.endDate]=je(s.client,Number(i.year))),i.asset&&(p.assetIds=[i.asset]),i.account&&(p.accountIds=[i.account]),i.label==="unlabeled"?p.labelFilterMode="unlabeled":i.label&&(p.labels=[i.label]),i.review&&(p.insightPatternId=i.review);try{let{page:S,limit:T,...I}=p,[P,E]=await Promise.all([s.q(Ce,p),s.q(nn,I).then(q=>q.getClientTransactionsSummary.transactionCount),s.accounts().then(q=>{s.accountCache=q}),s.labels().then(q=>{s.labelCache=q})]),A=P.getClientTransactions;if(v(f),A.transactions.length===0){f.append(r>0?H("No more transactions on this page.","tx-empty",e("a",{href:"#",onclick:q=>{q.preventDefault(),o({page:""})}},"Back to the first page")):c?H("No transaction matches these filters.","tx-empty",M("Clear filters",()=>{location.hash="#/transactions"},"secondary")):H("No transactions yet. Add your wallets and exchanges on the Overview page and sync them.","tx-empty"));return}f.append(e("table",{class:"table cards tx-table"},e("caption",{class:"sr-only"},`Transactions, page ${r+1}`),e("thead",{},e("tr",{},...["Date","Type","What happened","Value","Gain or income",""].map(q=>e("th",{scope:"col"},q)))),e("tbody",{},...A.transactions.map(q=>e("tr",{"data-tx":q.id,class:q.isHidden?"hidden-tx":"",onclick:zn=>{zn.target.closest("a, button")||(location.hash=`#/transactions/${q.id}`)}},e("td",{"data-label":"Date"},e("a",{href:`#/transactions/${q.id}`,class:"tx-link"},V(q.createdAt))),e("td",{"data-label":"Type"},de(s,q)),e("td",{"data-label":"What happened"},re(q),e("div",{class:"muted small"},s.accountName(q.accountId))),e("td",{"data-label":"Value",class:"num"},Je(q)?e("span",{class:"badge critical"},"No price"):$(q.fiatValueCents)),e("td",{"data-label":"Gain or income",class:"num"},wn(q)),e("td",{"data-label":"State",class:"flags"},...Fe(q,s))))))),f.append(e("nav",{class:"pager","aria-label":"Pages"},r>0?M("Previous page",()=>o({page:r>1?String(r):""}),"secondary",{id:"tx-prev"}):"",e("span",{class:"muted",id:"tx-page","data-page":r+1},`Page ${r+1} of ${Math.max(1,Math.ceil(E/Number(p.limit)))} \xB7 ${E.toLocaleString("en-US")} ${E===1?"transaction":"transactions"}`),A.hasNextPage?M("Next page",()=>o({page:String(r+2)}),"secondary",{id:"tx-next"}):""))}catch(S){f.replaceChildren(x(S,F))}};return F(),s.onChange(F)}function Ia(n,t){let a=Math.round((new Date(t).getTime()-new Date(n).getTime())/6e4);if(a<1)return"at once";if(a<120)return`${a} minute${a===1?"":"s"} later`;let s=Math.round(a/60);return s<48?`${s} hours later`:`${Math.round(s/24)} days later`}function Be(n,t,a){let s=t.asset?.symbol||"",r=e("div",{role:"status"}),i=Number(t.feeAmountExact),o=e("button",{type:"button",class:"small","data-pair":`${t.fromTransactionId}:${t.toTransactionId}`,onclick:async()=>{try{await Q(o,"Pairing\u2026",()=>n.q(cn,{from:t.fromTransactionId,to:t.toTransactionId})),await a()}catch(c){r.replaceChildren(x(c))}}},"Pair as a move between my accounts");return e("div",{class:"pair-card","data-pair-card":`${t.fromTransactionId}:${t.toTransactionId}`},e("p",{},e("a",{href:`#/transactions/${t.fromTransactionId}`},`Sent ${B(t.sentAmountExact)} ${s}`),` from ${n.accountName(t.fromAccountId)} on ${V(t.sentAt)}, and `,e("a",{href:`#/transactions/${t.toTransactionId}`},`received ${B(t.receivedAmountExact)} ${s}`),` in ${n.accountName(t.toAccountId)} ${Ia(t.sentAt,t.receivedAt)}`,i>0?` (${B(t.feeAmountExact)} ${s} went to fees).`:"."),e("p",{class:"muted small"},`Unpaired, the first counts as a sale on ${Y(t.sentAt)} and the second as a new purchase. If both accounts are yours, pair them: the coins keep their cost basis and nothing is taxed.`),o,r)}function Ln(n,t,a){let{app:s}=n,r=e("div",{id:"tx-detail"},k("the transaction"));t.append(e("p",{class:"back"},e("a",{href:"#/transactions"},"\u2190 All transactions")),r);let i=!0,o=async m=>{try{let[l]=await Promise.all([s.q(me,{id:a}),s.accounts().then(b=>{s.accountCache=b}),s.labels().then(b=>{s.labelCache=b})]),d=l.getTransaction,h=d.isInternalTransfer&&d.linkedTransactionId?(await s.q(me,{id:d.linkedTransactionId})).getTransaction:void 0;if(!i)return;let C=document.activeElement?.id;y(d,h,m),C&&document.activeElement===document.body&&document.getElementById(C)?.focus()}catch(l){v(r),r.append(e("h1",{},"Transaction"),x(l,()=>o()))}},c="";r.addEventListener("focusin",m=>{c=m.target.id||c});let g=async m=>{let l=c;s.ledgerChanged("edit"),n.recalc.refresh(),await o(m),oe(m),(l&&document.getElementById(l)||document.getElementById(fa[l]||"")||document.getElementById("tx-message"))?.focus()},y=(m,l,d)=>{v(r);let h=`${l&&!m.label?Ca(s,m,l):de(s,m)} \xB7 ${V(m.createdAt)}`,C=e("div",{id:"tx-message",role:"status","aria-live":"polite",tabindex:"-1"},d?e("p",{class:"notice ok"},d,n.recalc.state!=="recalculating"?" Your figures are updated in a moment.":""):"");r.append(e("h1",{id:"tx-title"},h),e("p",{class:"lead"},re(m)),e("p",{class:"muted"},`${s.accountName(m.accountId)} \xB7 ${Y(m.createdAt)}`,m.txnHash?[" \xB7 ",m.explorerUrl&&/^https:\/\//.test(m.explorerUrl)?e("a",{href:m.explorerUrl,target:"_blank",rel:"noopener noreferrer"},`View on explorer (${ne(m.txnHash)})`):e("span",{class:"mono",title:m.txnHash},ne(m.txnHash))]:""),e("div",{class:"flags"},...Fe(m,s)),$a(m),C,Sa(m),xa(s,m,l,g));let b=G("why","Why these figures",k("the lots behind this transaction"));r.append(b.el),Fn(s,m,b.body),r.append(Aa(n,m,g));let f=G("history","History of changes",k("the history"));r.append(f.el),Bn(s,m,f.body,g)};o();let u=s.onChange(()=>{n.recalc.state==="settled"&&o()});return()=>{i=!1,u()}}var fa={"hide-tx":"unhide-tx","unhide-tx":"hide-tx","save-label":"tx-label"},ba={HIGH:"high confidence",MEDIUM:"medium confidence",LOW:"low confidence"};function $a(n){let t=n.classification;if(!t)return"";let a=t.confidence==="LOW"&&!n.isReviewed&&!n.isEdited;return e("div",{class:"classification",id:"tx-classification","data-rule":t.rule,"data-confidence":t.confidence},e("p",{},"Read by the rule ",e("strong",{},t.rule),` (${ba[t.confidence]||t.confidence}): ${t.explanation}.`,a?[" ",e("span",{class:"badge warning"},"Needs review")]:""),e("p",{class:"muted small"},n.isEdited?"You changed this transaction: your edit stays, whatever the rules say later.":"Change the label below if this reading is wrong: your edit always wins over the rules."))}function Ca(n,t,a){return`Transfer ${t.transfers.some(r=>r.direction==="OUTGOING"&&!r.isFee)?"to":"from"} ${n.accountName(a.accountId)}`}function Ta(n){return n.isInternalTransfer?n.transfers.filter(t=>!t.isFee&&t.capGainsSumSigned!==null&&t.capGainsSumSigned!==void 0).reduce((t,a)=>t+Number(a.capGainsSumSigned)+(a.basisFiatValueCents??0),0):0}function Sa(n){let t=n.capGainsSumSigned!==null&&n.capGainsSumSigned!==void 0?Number(n.capGainsSumSigned):null,a=[["value","Value",$(n.fiatValueCents)],["fees","Fees",$((n.feeFiatValueCents??0)+Ta(n))]];return t!==null&&a.push(["gain",t<0?"Capital loss":"Capital gain",R(t)]),n.incomeSum&&a.push(["income","Income",$(n.incomeSum)]),e("dl",{class:"figures",id:"tx-figures"},...a.map(([s,r,i])=>e("div",{class:"figure","data-figure":s},e("dt",{},r),e("dd",{},i))))}function En(n,t,a){if(t)return n.accountName(t);let s=a?n.accountCache.find(r=>r.address&&r.address.toLowerCase()===a.toLowerCase()):void 0;return s?n.accountName(s.id):a?ne(a):"Outside your accounts"}function xa(n,t,a,s){let r=G("transfers","Transfers"),i=t.transfers.map(o=>{let c=o.capGainsSumSigned!==null&&o.capGainsSumSigned!==void 0?Number(o.capGainsSumSigned):null,g=e("div",{class:"transfer-edit",id:`edit-${o.id}`}),y=e("tr",{class:"edit-row",hidden:!0},e("td",{colspan:6},g)),u=M("Edit value",()=>{y.hidden=!y.hidden,u.setAttribute("aria-expanded",String(!y.hidden)),y.hidden||g.querySelector("input")?.focus()},"link small",{"aria-expanded":"false","aria-controls":`edit-${o.id}`,"data-edit-transfer":o.id});return Pa(n,t,o,g,s),[e("tr",{"data-transfer":o.id,class:o.isHidden?"hidden-tx":""},e("td",{"data-label":"Transfer"},e("strong",{},`${o.direction==="OUTGOING"?"\u2212":o.direction==="INCOMING"?"+":""}${B(o.amountExact)} ${o.asset?.symbol||""}`),o.isFee?e("span",{class:"badge muted"},"Fee"):"",o.isHidden?e("span",{class:"badge muted"},"Hidden"):""),e("td",{"data-label":"From \u2192 to"},`${En(n,o.fromAccountId??(a&&!o.isFee&&o.direction==="INCOMING"?a.accountId:null),o.fromAddress)} \u2192 ${En(n,o.toAccountId??(a&&!o.isFee&&o.direction==="OUTGOING"?a.accountId:null),o.toAddress)}`),e("td",{"data-label":"Market value",class:"num"},o.fiatValueCents===null||o.fiatValueCents===void 0?e("span",{class:"badge critical"},"No price"):$(o.fiatValueCents),o.isFiatValueOverridden?e("div",{class:"muted small"},"set by you"):""),e("td",{"data-label":L(n.client),class:"num"},$(o.basisFiatValueCents)),e("td",{"data-label":"Gain or income",class:"num"},c!==null?`${R(c)}${o.saleTerm&&n.client.jurisdictionRules.hasHoldingTerms?` (${z(n.client,o.saleTerm,!0)})`:""}`:o.incomeSum?`Income ${$(o.incomeSum)}`:"\u2014",o.uncoveredAmountExact?e("div",{class:"muted small"},`${B(o.uncoveredAmountExact)} ${o.asset?.symbol||""} not covered by your lots`):""),e("td",{"data-label":"Change"},u)),y]});return r.body.append(e("table",{class:"table cards"},e("caption",{class:"sr-only"},"Transfers of this transaction"),e("thead",{},e("tr",{},...["Transfer","From \u2192 to","Market value",L(n.client),"Gain or income",""].map(o=>e("th",{scope:"col"},o)))),e("tbody",{},...i.flat()))),r.el}function Pa(n,t,a,s,r){let i=a.asset?.symbol||"units",o=e("input",{type:"number",min:"0",step:"0.01",inputmode:"decimal",value:a.fiatValueCents!=null?(a.fiatValueCents/100).toFixed(2):""}),c=e("input",{type:"number",min:"0",step:"any",inputmode:"decimal"}),g=e("input",{type:"number",min:"0",step:"0.01",inputmode:"decimal",value:a.basisFiatValueCents!=null?(a.basisFiatValueCents/100).toFixed(2):""}),y=e("div",{role:"status"}),u=a.direction==="INCOMING",m=o.value,l=g.value;c.addEventListener("input",()=>{let C=Number(c.value);c.value&&isFinite(C)&&(o.value=(C*Number(a.amountExact)).toFixed(2))});let d=e("button",{type:"submit"},"Save value"),h=e("form",{class:"inline-form","data-value-form":a.id,onsubmit:async C=>{C.preventDefault();let b=o.value===""||o.value===m?void 0:Number(o.value),f=u&&g.value!==""&&g.value!==l?Number(g.value):void 0;if(b===void 0&&f===void 0){y.replaceChildren(e("p",{class:"notice error"},o.value===""?"Enter a value.":`Change the value or the ${L(n.client,!0)}.`));return}try{await Q(d,"Saving\u2026",()=>n.q(ze,{tx:t.id,transfer:a.id,value:b,basis:f})),await r(`Saved the value of ${B(a.amountExact)} ${i}.`)}catch(F){y.replaceChildren(x(F))}}},N(`per-unit-${a.id}`,`Price per ${i} (${n.client.currency})`,c),N(`value-${a.id}`,`${u?"Market value":a.isFee?"Fee value":"Proceeds"} (${n.client.currency})`,o),u?N(`basis-${a.id}`,`${L(n.client)} (${n.client.currency})`,g):"",d,a.isFiatValueOverridden?M("Back to the imported value",async C=>{try{await Q(C.currentTarget,"Resetting\u2026",()=>n.q(ze,{tx:t.id,transfer:a.id,reset:!0})),await r("The imported value is back.")}catch(b){y.replaceChildren(x(b))}},"secondary"):"");s.append(h,y)}async function Fn(n,t,a){let s=t.transfers.filter(c=>c.capGainsSumSigned!==null&&c.capGainsSumSigned!==void 0),r=t.transfers.filter(c=>c.incomeSum),i=t.transfers.filter(c=>c.direction==="INCOMING"&&!c.incomeSum&&!t.isInternalTransfer),o=[...new Set([...s,...i].map(c=>c.asset?.pricingKey).filter(c=>!!c))];try{let c=await Promise.all(o.map(y=>n.q(Te,{key:y,id:t.id}).then(u=>({key:y,...u.getTaxLots}))));v(a);let g=[];t.isHidden&&g.push(e("p",{},"This transaction is hidden: it does not count in your taxes.")),t.isInternalTransfer&&g.push(e("p",{},`A move between your own accounts: the coins keep their ${L(n.client,!0)} and purchase date, and nothing is taxed.`));for(let y of s){let u=c.flatMap(p=>p.disposals).filter(p=>p.transferId===y.id),m=c.find(p=>p.key===y.asset?.pricingKey)?.costBasisAlgorithm||n.client.costBasisAlgorithm,l=y.asset?.symbol||"",d=Number(y.capGainsSumSigned),h=y.basisFiatValueCents??u.reduce((p,S)=>p+S.costBasisCents,0),C=h+d,b=(y.fiatValueCents??C)-C,f=t.isInternalTransfer&&!y.isFee,F=u.reduce((p,S)=>p+Number(S.amountExact),0);g.push(e("div",{class:"why","data-why-transfer":y.id,"data-network-fee":f?"true":void 0},e("h3",{},f?`Network fee of ${B(String(Number(F.toPrecision(12))))} ${l}`:`${y.isFee?"Fee paid with":"Disposal of"} ${B(y.amountExact)} ${l}`),f?e("p",{},`The ${B(String(Number(F.toPrecision(12))))} ${l} that left but did not arrive paid the network fee; it counts as a small sale: ${d<0?"loss":"gain"} ${R(d)}.`):"",e("p",{class:"equation"},`${n.client.jurisdictionRules.words.proceeds} ${$(C)} \u2212 ${L(n.client,!0)} ${$(h)} = `,e("strong",{},`${d<0?"loss":"gain"} ${R(d)}`)),b>0&&!f?e("p",{class:"muted small"},`The proceeds are the market value of ${$(y.fiatValueCents)} less ${$(b)} of fees.`):"",e("p",{class:"muted small"},n.client.jurisdictionRules.matchingText||`Lots are taken ${Da(m)}. Each piece below is the part of this disposal one lot covered.`),e("ul",{class:"pieces"},...u.map(p=>e("li",{"data-piece":p.lotTransactionId||"uncovered","data-match":p.match||""},p.isUncovered?[e("strong",{},`${B(p.amountExact)} ${l} not covered by any ${n.client.jurisdictionRules.words.holding}`),`: counted with a zero ${L(n.client,!0)}. Add the account or transaction it came from, or pair the move that brought it.`]:p.match&&p.match!=="LOT"?Ra(p,l):[`${B(p.amountExact)} ${l} from the lot acquired `,p.lotTransactionId?e("a",{href:`#/transactions/${p.lotTransactionId}`},V(p.lotAcquiredAt)):V(p.lotAcquiredAt),`: proceeds ${$(p.proceedsCents)} \u2212 ${L(n.client,!0)} ${$(p.costBasisCents)} = ${R(p.gainCents)}${n.client.jurisdictionRules.hasHoldingTerms?`, ${z(n.client,p.term,!0)}`:""}${p.box?`, Form 8949 box ${p.box}`:""}`,p.isMissingBasis?e("span",{class:"badge critical"},"Basis unknown"):""]))),u.length===0?e("p",{class:"muted"},"The lots behind this disposal appear once your taxes are recalculated."):""))}for(let y of r)g.push(e("div",{class:"why"},e("h3",{},`Income: ${B(y.amountExact)} ${y.asset?.symbol||""}`),e("p",{},`Counted as income of ${$(y.incomeSum)}, its market value when received. That value is also the ${L(n.client,!0)} of the coins, for when you sell them.`)));for(let y of i){let u=c.filter(l=>l.key===y.asset?.pricingKey).flatMap(l=>l.lots),m=y.asset?.symbol||"";g.push(e("div",{class:"why"},e("h3",{},`Acquisition of ${B(y.amountExact)} ${m}`),y.basisFiatValueCents===null||y.basisFiatValueCents===void 0?e("p",{},`No price is known for this receipt, so its coins have an unknown ${L(n.client,!0)}: a later sale of them counts in full as a gain. Set its value above.`):e("p",{},`${L(n.client)} ${$(y.basisFiatValueCents)}: what was paid or given for it, fees included.`),u.length?e("p",{class:"muted"},`Still held from it: ${u.map(l=>`${B(l.amountExact)} of ${B(l.originalAmountExact)} ${m} (${L(n.client,!0)} ${$(l.costBasisCents)}${n.client.jurisdictionRules.hasHoldingTerms?`, ${z(n.client,l.term,!0)} if sold now`:""})`).join("; ")}.`):e("p",{class:"muted"},"Nothing of it is held any more: it was sold, spent or moved on.")))}g.length===0&&g.push(e("p",{class:"muted"},"This transaction has no tax effect: nothing was sold, spent or earned.")),a.append(...g)}catch(c){a.replaceChildren(x(c,()=>Fn(n,t,a)))}}function Da(n){return{FIFO:"first in, first out (FIFO)",LIFO:"last in, first out (LIFO)",HIFO:"highest cost first (HIFO)",LOFO:"lowest cost first (LOFO)",AVERAGE_COST:"at their average cost"}[n]||n}function Aa(n,t,a){let{app:s}=n,r=G("fix","Change this transaction"),i=e("div",{role:"status","aria-live":"polite"}),o=_("label",[["","Loading labels\u2026"]]);o.disabled=!0;let c=e("button",{type:"submit",id:"save-label"},"Save label"),g=e("p",{class:"muted small",id:"label-help"});s.q(Se,{id:t.id}).then(d=>{let h=d.getTransactionTypeOptions,C=new Set(h.recommended.map(f=>f.value));o.replaceChildren(e("option",{value:""},"No label"),...h.options.map(f=>e("option",{value:f.value},C.has(f.value)?`${f.name} (suggested)`:f.name))),o.value=t.label||"",o.disabled=!1;let b=()=>{g.textContent=h.options.find(f=>f.value===o.value)?.description||"Without a label, what leaves is taxed as a sale and what arrives as a purchase."};o.addEventListener("change",b),b()}).catch(d=>i.replaceChildren(x(d)));let y=e("form",{class:"inline-form",id:"label-form",onsubmit:async d=>{d.preventDefault();let h=o.value;try{await Q(c,"Saving\u2026",()=>s.q(Pe,h?{ids:[t.id],label:h}:{ids:[t.id],wipe:!0})),await a(h?`Labeled as ${s.labelName(h)}.`:"Label removed.")}catch(C){i.replaceChildren(x(C))}}},N("tx-label","Label",o,"grow"),c),u=e("div",{class:"actions",id:"tx-actions"}),m=(d,h,C,b,f,F="secondary",p)=>{let S=async T=>{try{await Q(T,C,b),await a(f)}catch(I){i.replaceChildren(x(I))}};return M(d,p?$e(p,`Yes, ${d.charAt(0).toLowerCase()}${d.slice(1)}`,S):T=>S(T.currentTarget),F,{id:h})};u.append(t.isHidden?m("Unhide","unhide-tx","Unhiding\u2026",()=>s.q(ge,{id:t.id,hidden:!1}),"The transaction counts again."):m("Hide","hide-tx","Hiding\u2026",()=>s.q(ge,{id:t.id,hidden:!0}),"Hidden: the transaction no longer counts in your taxes."),m(t.isReviewed?"Mark as not reviewed":"Mark as reviewed","review-tx","Saving\u2026",()=>s.q(De,{id:t.id,reviewed:!t.isReviewed}),t.isReviewed?"Marked as not reviewed.":"Marked as reviewed.")),t.isMissingBasis&&u.append(m(`Accept a zero ${L(s.client,!0)}`,"accept-basis","Saving\u2026",()=>s.q(ye,{ids:[t.id],override:!0}),`Accepted: this transaction is no longer flagged for its missing ${L(s.client,!0)}.`,"secondary",`Count the coins it disposes of with a zero ${L(s.client,!0)}? Their whole value becomes a gain.`));let l=e("div",{id:"tx-pair"});if(t.isInternalTransfer&&t.linkedTransactionId){let d=t.transfers.some(b=>b.direction==="OUTGOING"||b.fromAccountId&&!b.isFee),[h,C]=d?[t.id,t.linkedTransactionId]:[t.linkedTransactionId,t.id];l.append(e("p",{},`Paired ${t.linkType==="BRIDGE"?"as a bridge":t.linkType==="CROSS_CHAIN_SWAP"?"as a cross-chain swap":"as a move between your own accounts"} with `,e("a",{href:`#/transactions/${t.linkedTransactionId}`,"data-other-side":""},"the other side"),"."),m("Unpair","unpair-tx","Unpairing\u2026",()=>s.q(dn,{from:h,to:C}),"Unpaired: both sides count on their own again.","secondary","Unpair these two transactions? The sending side then counts as a sale and the other as a purchase."))}else s.q(xe,{id:t.id,limit:1}).then(d=>{let h=d.getTransferPairSuggestions[0];h&&l.append(Be(s,h,async()=>{await a("Paired as a move between your own accounts.")}))}).catch(d=>l.append(x(d)));return r.body.append(y,g,l,u,i),r.el}var wa={label:"Label",isHidden:"Hidden",isReviewed:"Reviewed",notes:"Notes",fiatValue:"Value",basisFiatValue:"Cost basis",internalTransferTo:"Move between your accounts",bridgeTo:"Bridge",crossChainSwapTo:"Cross-chain swap",isMissingBasisOverride:"Missing cost basis accepted",createdAt:"Date",amount:"Quantity",quantity:"Quantity",assetId:"Asset"},va=new Set(["internalTransferTo","bridgeTo","crossChainSwapTo"]),Ea=/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;function Rn(n,t){return n&&va.has(n)?t?"paired":"not paired":t==null||t===""?n==="label"?"no label":"nothing":typeof t=="string"&&Ea.test(t)?n==="assetId"?"another asset":"another one":typeof t=="boolean"?t?"yes":"no":n==="label"&&typeof t=="string"?t.replace(/_/g," "):(n==="fiatValue"||n==="basisFiatValue")&&(typeof t=="string"||typeof t=="number")?$(Math.round(Number(t)*100)):typeof t=="string"?t.length>40?`${t.slice(0,37)}\u2026`:t:JSON.stringify(t).slice(0,40)}async function Bn(n,t,a,s){try{let r=await n.q(on,{ids:[t.id]}),i=r.getClientAuditLogs.auditLogs;if(v(a),i.length===0){a.append(e("p",{class:"muted",id:"history-empty"},"No changes since it was imported."));return}let o=e("div",{role:"status"});a.append(e("ul",{class:"history",id:"history-list"},...i.map(c=>{let g=c.field?`${wa[c.field]||c.field}: ${Rn(c.field,c.oldValue)} \u2192 ${Rn(c.field,c.newValue)}`:c.action.replace(/^\w+\./,"").replace(/_/g," "),y=c.actorType==="USER"?"you":c.actorType==="API_KEY"?"an app":c.actorType==="STAFF"?"support":`${n.brand.name} or an import`;return e("li",{"data-audit":c.id,class:c.undoneAt?"undone":""},e("span",{},e("strong",{},g),e("span",{class:"muted small"},` \xB7 ${Y(c.createdAt)} \xB7 by ${y}`),c.undoneAt?e("span",{class:"badge muted"},"Undone"):""),c.canUndo?M("Undo",async u=>{try{await Q(u.currentTarget,"Undoing\u2026",()=>n.q(un,{ids:[c.id]})),await s(`Undone: ${g}.`)}catch(m){o.replaceChildren(x(m))}},"secondary small",{"data-undo":c.id}):"")})),o,r.getClientAuditLogs.total>i.length?e("p",{class:"muted small"},`The latest ${i.length} of ${r.getClientAuditLogs.total} changes.`):"")}catch(r){a.replaceChildren(x(r,()=>Bn(n,t,a,s)))}}function Ra(n,t){let a=n.lotTransactionId?e("a",{href:`#/transactions/${n.lotTransactionId}`},V(n.lotAcquiredAt)):V(n.lotAcquiredAt),s=n.match==="SAME_DAY"?[`${B(n.amountExact)} ${t} matched with the same day\u2019s acquisitions`]:n.match==="THIRTY_DAY"?[`${B(n.amountExact)} ${t} matched with the acquisition of `,a," (within 30 days)"]:n.match==="POOL"?[`${B(n.amountExact)} ${t} from the section 104 pool, at its average cost`]:[`${B(n.amountExact)} ${t} at the adjusted cost base`],r=n.deniedLossExact?Math.round(Number(n.deniedLossExact)*100):0;return[...s,`: proceeds ${$(n.proceedsCents)} \u2212 cost ${$(n.costBasisCents)} = ${R(n.gainCents)}`,r?e("span",{class:"badge warning","data-denied":r},`Superficial loss denied: ${$(r)}`):""]}var j,La={CRITICAL:"Makes figures wrong",WARNING:"Likely wrong",INFO:"Worth a look"},Me=5,Fa={MISSING_BASIS:"These sales use coins whose purchase price is unknown, so their whole value counts as a gain. Give the receipt a price, or accept a zero cost basis if you really paid nothing.",UNCOVERED_DISPOSALS:"These transactions send or sell more than your accounts held at the time. Usually an account or a purchase is missing: add it, or pair the move that brought the coins.",NEGATIVE_BALANCE:"An account sent more of an asset than it held. Add the missing account or transaction, or hide a duplicate.",UNLABELED_TRANSACTIONS:"Without a label, what leaves an account counts as a sale and what arrives as a purchase. Label income, gifts and fees as such.",POSSIBLE_INTERNAL_TRANSFER:"A withdrawal followed by a deposit of nearly the same amount into another of your accounts. Unpaired, the first counts as a sale and the second as a purchase.",POSSIBLE_SPAM:"A token whose name advertises a website or a claim, as airdropped spam does. Never visit the site; mark the token as spam to leave it out of your figures.",NEEDS_REVIEW_CLASSIFICATION:"No rule recognised these on-chain transactions with confidence, so what arrived counts as a purchase and what left as a sale. Open each one to see what was read, then label it, or confirm that the reading is right."},Ba={MISSING_BASIS:"no cost basis",UNCOVERED_DISPOSALS:"sends more than the account held",NEGATIVE_BALANCE:"a balance below zero",UNLABELED_TRANSACTIONS:"no label",POSSIBLE_INTERNAL_TRANSFER:"looks like a move between your accounts",POSSIBLE_SPAM:"looks like spam",NEEDS_REVIEW_CLASSIFICATION:"read with low confidence"},Ma=new Set(["MISSING_BASIS","UNCOVERED_DISPOSALS","NEGATIVE_BALANCE"]);function Nn(n,t,a){let{app:s}=n,r=e("div",{class:"recalc-box",id:"review-recalc"}),i=e("div",{id:"review-queue","aria-live":"polite"},k("what needs review"));t.append(e("h1",{},"Needs review"),e("p",{class:"lead"},"What can make your tax figures wrong, most serious first. Fix each item here; the counts fall as you go."),r,i);let o=new Set,c=()=>{let l=n.recalc.state;l==="settled"&&o.clear(),r.dataset.state=l,r.replaceChildren(e("p",{},l==="settled"?"Your figures include every change.":l==="dirty"?n.recalc.scheduled?"Your figures are updated with your fixes in a moment.":"Some fixes are not in your figures yet: prices, pairs and labels change your taxes once they are recalculated.":l==="unreachable"?"We can\u2019t reach the server right now; fixes wait until it answers again.":"Updating your figures with your fixes\u2026"),l==="dirty"?M(n.recalc.scheduled?"Update now":"Recalculate now",()=>n.recalc.start(),"",{id:"review-recalculate"}):"")};c();let g=n.recalc.onState(c),y=async l=>{oe(l),s.ledgerChanged("edit"),await n.recalc.refresh()},u=async()=>{try{let l=(await s.q(ae,{limit:1})).getClientReviewQueue;if(j||(j=document.activeElement?.closest("[data-insight]")?.dataset.insight),n.reviewCount(l.totalCount),v(i),l.totalCount===0){if(i.append(H("Nothing to review: your transactions are labeled, priced and paired.","review-empty")),j){j=void 0;let d=document.getElementById("review-empty");d?.setAttribute("tabindex","-1"),d?.focus()}return}i.append(e("p",{id:"review-total","data-count":l.totalCount,tabindex:"-1"},l.totalCount===1?"1 transaction to review.":`${l.totalCount} transactions to review, each listed once under its most pressing problem.`));for(let d of l.groups)i.append(Na(n,d,o,y));j&&!l.groups.some(d=>d.patternId===j)&&(j=void 0,document.getElementById("review-total")?.focus())}catch(l){i.replaceChildren(x(l,u))}};u();let m=s.onChange(u);return()=>{m(),g()}}function Na(n,t,a,s){let r=e("div",{class:"items"},k("the items")),i=`ins-${t.patternId.replace(/[^a-z0-9-]/gi,"-")}`,o=e("section",{class:`insight ${t.severity.toLowerCase()}`,"data-insight":t.patternId,"aria-labelledby":i},e("div",{class:"insight-head"},e("span",{class:`badge ${t.severity.toLowerCase()}`},La[t.severity]||t.severity),e("h2",{id:i},t.title),e("span",{class:"insight-count","data-insight-count":t.count},String(t.count))),e("p",{},Fa[t.type]||""),Ma.has(t.type)?e("p",{class:"muted small"},"This list changes when your taxes are recalculated after a fix."):"",r,t.type!=="POSSIBLE_SPAM"&&t.count>Me?e("p",{},e("a",{href:`#/transactions?review=${encodeURIComponent(t.patternId)}`},"See every transaction with this problem in Transactions")):"");return qa(n,t,r,a,s).catch(c=>r.replaceChildren(x(c))),o}async function qa(n,t,a,s,r){let{app:i}=n;if(t.type==="POSSIBLE_INTERNAL_TRANSFER"){let l=await i.q(xe,{limit:Me});v(a);for(let d of l.getTransferPairSuggestions){let h=Be(i,d,async()=>{j=t.patternId,h.replaceChildren(e("p",{class:"notice ok"},"Paired as a move between your accounts.")),await r("Paired as a move between your accounts.")});a.append(h)}return}let o=t.assetId;if(t.type==="POSSIBLE_SPAM"&&o){v(a);let l=e("div",{role:"status"}),d=M("Mark as spam",async()=>{try{await Q(d,"Marking\u2026",()=>i.q(pn,{assetId:o,spam:!0})),a.replaceChildren(e("p",{class:"notice ok"},"Marked as spam: its transactions are left out of your figures.")),await r("Marked as spam.")}catch(h){l.replaceChildren(x(h))}},"small",{"data-spam":o});a.append(d,l);return}let c=(await i.q(ae,{patternId:t.patternId,limit:Me})).getClientReviewQueue.items,g=new Map(c.map(l=>[l.transactionId,l])),y=c.length?await i.q(Ce,{onlyTransactionIds:c.map(l=>l.transactionId),limit:Me}):null;await i.accounts().then(l=>{i.accountCache=l}),v(a);let u=e("ul",{class:"review-items"});a.append(u);let m=y?y.getClientTransactions.transactions:[];for(let l of c.map(d=>m.find(h=>h.id===d.transactionId)).filter(d=>!!d)){let d=e("li",{"data-review-item":l.id}),h=f=>async()=>{s.add(l.id),j=t.patternId,d.replaceChildren(e("p",{class:"notice ok"},f)),await r(f)};if(s.has(l.id)){d.append(e("p",{class:"notice ok"},`${V(l.createdAt)} \xB7 ${re(l)}: fixed.`)),u.append(d);continue}d.append(e("p",{},e("a",{href:`#/transactions/${l.id}`},`${V(l.createdAt)} \xB7 ${de(i,l)}`),` \xB7 ${re(l)} \xB7 ${i.accountName(l.accountId)}`));let C=(g.get(l.id)?.problems||[]).slice(1).map(f=>Ba[f]).filter(Boolean);C.length&&d.append(e("p",{class:"muted small","data-also":l.id},`Also: ${C.join("; ")}.`));let b=e("div",{class:"fix"});switch(d.append(b),u.append(d),t.type){case"UNLABELED_TRANSACTIONS":Mn(i,l,b,h);break;case"NEEDS_REVIEW_CLASSIFICATION":Mn(i,l,b,h),ka(i,l,b,h);break;case"MISSING_BASIS":Va(i,l,b,h);break;case"UNCOVERED_DISPOSALS":Ua(i,l,b,h);break;case"NEGATIVE_BALANCE":Oa(i,l,b,h);break;default:break}}j===t.patternId&&(j=void 0,a.querySelector("a, select, input, button")?.focus())}function Ne(n,t,a,s,r,i){let o=async()=>{try{await Q(n,t,s),await r()}catch(c){a.replaceChildren(x(c))}};n.addEventListener("click",i?$e(i,`Yes, ${(n.textContent||"").charAt(0).toLowerCase()}${(n.textContent||"").slice(1)}`,o):o)}var qn="Count these coins with nothing paid for them? Their whole value becomes a gain.";function Mn(n,t,a,s){let r=_("label",[["","Choose a label"]]),i=e("button",{type:"submit",class:"small"},"Save label"),o=e("div",{role:"status"});n.q(Se,{id:t.id}).then(g=>{let y=new Set(g.getTransactionTypeOptions.recommended.map(u=>u.value));r.append(...g.getTransactionTypeOptions.options.map(u=>e("option",{value:u.value},y.has(u.value)?`${u.name} (suggested)`:u.name)))}).catch(g=>o.replaceChildren(x(g)));let c=`label-${t.id}`;a.append(e("form",{class:"inline-form","data-label-form":t.id,onsubmit:async g=>{if(g.preventDefault(),!r.value){o.replaceChildren(e("p",{class:"notice error"},"Choose a label first."));return}try{await Q(i,"Saving\u2026",()=>n.q(Pe,{ids:[t.id],label:r.value})),await s(`Labeled as ${n.labelName(r.value)}.`)()}catch(y){o.replaceChildren(x(y))}}},N(c,"Label",r),i),o)}function ka(n,t,a,s){let r=e("button",{type:"button",class:"small secondary","data-confirm":t.id},"The reading is right"),i=e("div",{role:"status"});Ne(r,"Saving\u2026",i,()=>n.q(De,{id:t.id,reviewed:!0}),s("Marked as reviewed.")),a.append(r,i)}async function Va(n,t,a,s){let r=e("div",{role:"status"});try{let o=(await n.q(me,{id:t.id})).getTransaction,c=o.transfers.filter(u=>u.capGainsSumSigned!==null&&u.capGainsSumSigned!==void 0&&u.asset),g=[...new Set(c.map(u=>u.asset.pricingKey))],y=[];for(let u of o.transfers)u.direction==="INCOMING"&&!u.isFee&&!u.isHidden&&(u.fiatValueCents===null||u.fiatValueCents===void 0)&&u.asset&&!y.some(m=>m.tx===o.id)&&y.push({tx:o.id,at:o.createdAt,symbol:u.asset.symbol,assetId:u.assetId,amount:u.amountExact});for(let u of g){let m=await n.q(Te,{key:u,id:t.id});for(let l of m.getTaxLots.disposals){let d=c.find(h=>h.id===l.transferId);l.isMissingBasis&&!l.isUncovered&&l.lotTransactionId&&d&&!y.some(h=>h.tx===l.lotTransactionId)&&y.push({tx:l.lotTransactionId,at:l.lotAcquiredAt||"",symbol:d.asset.symbol,assetId:d.assetId,amount:l.amountExact})}}for(let u of y){let m=e("input",{type:"number",min:"0",step:"any",inputmode:"decimal",required:!0}),l=e("button",{type:"submit",class:"small"},"Save price");a.append(e("form",{class:"inline-form","data-price-form":u.tx,onsubmit:async d=>{d.preventDefault();let h=Number(m.value);if(!m.value||!isFinite(h)||h<0){r.replaceChildren(e("p",{class:"notice error"},"Enter the price per unit, for example 1.85."));return}try{await Q(l,"Saving\u2026",()=>n.q(ln,{ids:[u.tx],assetId:u.assetId,price:h})),await s(`Saved the price of the ${u.symbol} received on ${V(u.at)}.`)()}catch(C){r.replaceChildren(x(C))}}},u.tx===o.id?e("p",{class:"small"},`The ${B(u.amount)} ${u.symbol} received have no price.`):e("p",{class:"small"},`The ${B(u.amount)} ${u.symbol} it sold came from `,e("a",{href:`#/transactions/${u.tx}`},`a receipt on ${V(u.at)}`)," without a price."),N(`price-${u.tx}`,`Price per ${u.symbol} when received (${n.client.currency})`,m),l))}}catch(o){r.replaceChildren(x(o))}let i=M("Accept a zero cost basis",()=>{},"secondary small");Ne(i,"Saving\u2026",r,()=>n.q(ye,{ids:[t.id],override:!0}),s("Accepted a zero cost basis."),qn),a.append(i,r)}function Ua(n,t,a,s){let r=e("div",{role:"status"}),i=M("Accept a zero cost basis",()=>{},"secondary small");Ne(i,"Saving\u2026",r,()=>n.q(ye,{ids:[t.id],override:!0}),s("Accepted a zero cost basis."),qn),a.append(e("a",{href:`#/transactions/${t.id}`,class:"button-link small"},"Open and pair or edit"),i,r)}function Oa(n,t,a,s){let r=e("div",{role:"status"}),i=M("Hide (a duplicate)",()=>{},"secondary small");Ne(i,"Hiding\u2026",r,()=>n.q(ge,{id:t.id,hidden:!0}),s("Hidden: it no longer counts.")),a.append(e("a",{href:`#/transactions/${t.id}`,class:"button-link small"},"Open"),i,r)}var kn=[["ONE_MONTH","1 month"],["THREE_MONTHS","3 months"],["YEAR_TO_DATE","This year"],["ONE_YEAR","1 year"],["ALL_TIME","All time"]];function Vn(n,t){let{app:a}=n,s=e("div",{class:"cards-row",id:"portfolio-totals","aria-live":"polite"},k("your holdings")),r=e("figure",{class:"chart",id:"value-chart"}),i="ALL_TIME",o=e("div",{class:"segmented",role:"radiogroup","aria-label":"Chart range"},...kn.map(([l,d])=>{let h=`range-${l.toLowerCase()}`,C=e("input",{type:"radio",name:"range",id:h,value:l,checked:l===i,onchange:()=>{i=l,y()}});return e("span",{},C,e("label",{for:h},d))})),c=G("holdings","Holdings",k("your holdings")),g=G("harvest","Tax-loss harvesting",k("losses you could harvest"));t.append(e("h1",{},"Portfolio"),s,G("value","Value over time",o,r).el,c.el,g.el);let y=async()=>{r.replaceChildren(k("the chart"));try{let d=(await a.q(mn,{interval:i})).getChart,h=Pn(r,d.points,`Portfolio value and ${L(a.client,!0)}, ${kn.find(([C])=>C===i)?.[1].toLowerCase()}`,L(a.client));r.replaceChildren(h,h.tagName==="svg"?e("figcaption",{},`Change over the range: ${R(d.changeCents)}${d.changePercent===null||d.changePercent===void 0?"":` (${Qe(d.changePercent)})`}. Coins without a price on a day add nothing to that day.`):"")}catch(l){r.replaceChildren(x(l,y))}},u=async()=>{try{let l=(await a.q(Ae)).getPortfolioV2,d=(f,F,p,S="")=>e("div",{class:"card","data-figure":f},e("span",{class:"card-title"},F),e("span",{class:"card-value"},p),S?e("span",{class:"card-sub"},S):""),h=l.positions.filter(f=>f.valueCents!==null&&f.valueCents!==void 0),C=l.positions.length-h.length,b=h.reduce((f,F)=>f+(F.unrealizedGainCents||0),0);s.replaceChildren(d("value","Value",h.length||!C?$(l.totalValueCents):"No prices",C?`${C} holding${C===1?"":"s"} without a price today, left out`:"At today\u2019s prices"),d("basis",L(a.client),$(l.totalCostBasisCents),l.isStale?"Recalculate to include recent changes":"What you paid for what you hold"),d("unrealized","Unrealized gain",h.length||!C?R(b):"No prices",C?"Of the holdings with a price":"If you sold everything today")),v(c.body),l.positions.length===0?c.body.append(H("You hold nothing yet: add and sync your wallets and exchanges on the Overview page.","holdings-empty")):(c.body.append(e("table",{class:"table cards",id:"holdings-table"},e("caption",{class:"sr-only"},"Your holdings"),e("thead",{},e("tr",{},...["Asset","Quantity","Price","Value",L(a.client),"Unrealized","Share"].map(f=>e("th",{scope:"col"},f)))),e("tbody",{},...l.positions.map(f=>{let F=f.amountExact.startsWith("-");return e("tr",{"data-asset":f.assetId},e("td",{"data-label":"Asset"},e("strong",{},f.asset?.symbol||"?"),f.asset?.name&&f.asset.name!==f.asset.symbol?e("div",{class:"muted small"},f.asset.name):"",F?e("span",{class:"badge warning"},"Negative balance"):""),e("td",{"data-label":"Quantity",class:"num"},B(f.amountExact)),e("td",{"data-label":"Price",class:"num"},f.price===null||f.price===void 0?e("span",{class:"badge muted"},"No price"):$(Math.round(f.price*100))),e("td",{"data-label":"Value",class:"num"},$(f.valueCents)),e("td",{"data-label":L(a.client),class:"num"},$(f.costBasisCents)),e("td",{"data-label":"Unrealized",class:"num"},f.unrealizedGainCents===null||f.unrealizedGainCents===void 0?"\u2014":e("span",{class:f.unrealizedGainCents<0?"loss":"gain"},`${R(f.unrealizedGainCents)} (${Qe(f.unrealizedGainPercent)})`)),e("td",{"data-label":"Share",class:"num"},f.portfolioPercent===null||f.portfolioPercent===void 0?"\u2014":`${f.portfolioPercent.toFixed(1)}%`))})))),l.total>l.positions.length&&c.body.append(e("p",{class:"muted small"},`The ${l.positions.length} largest of ${l.total} holdings.`)))}catch(l){s.replaceChildren(x(l,u)),v(c.body)}m()},m=async()=>{try{let l=new Date().toISOString().slice(0,10),d=(await a.q(gn,{date:l})).getHarvestableLosses;v(g.body),g.body.append(e("p",{},`Selling holdings worth less than you paid realizes a loss that offsets your gains. These lots are below their ${L(a.client,!0)} at today\u2019s prices.`)),d.assets.length===0&&d.unpricedAssetIds.length>0?g.body.append(H(`We can\u2019t check for losses without prices: ${d.unpricedAssetIds.length===1?"1 holding has":`${d.unpricedAssetIds.length} holdings have`} no price today.`,"harvest-unpriced")):d.assets.length===0?g.body.append(H(`None of your holdings is worth less than its ${L(a.client,!0)} today.`,"harvest-empty")):g.body.append(e("p",{id:"harvest-total"},e("strong",{},`Up to ${$(-d.totalUnrealizedLossCents)} of losses`),a.client.jurisdictionRules.hasHoldingTerms?` (${z(a.client,"SHORT_TERM",!0)} ${$(-d.shortTermUnrealizedLossCents)}, ${z(a.client,"LONG_TERM",!0)} ${$(-d.longTermUnrealizedLossCents)}).`:"."),e("table",{class:"table cards",id:"harvest-table"},e("caption",{class:"sr-only"},"Holdings you could sell at a loss"),e("thead",{},e("tr",{},...["Asset","Held at a loss","Value",L(a.client),"Loss",""].map(h=>e("th",{scope:"col"},h)))),e("tbody",{},...d.assets.map(h=>e("tr",{"data-harvest":h.assetId},e("td",{"data-label":"Asset"},e("strong",{},h.asset?.symbol||"?")),e("td",{"data-label":"Held at a loss",class:"num"},B(h.amountExact)),e("td",{"data-label":"Value",class:"num"},$(h.marketValueCents)),e("td",{"data-label":L(a.client),class:"num"},$(h.costBasisCents)),e("td",{"data-label":"Loss",class:"num"},e("span",{class:"loss"},R(h.unrealizedGainCents)),a.client.jurisdictionRules.hasHoldingTerms?e("div",{class:"muted small"},`${z(a.client,"SHORT_TERM",!0)} ${R(h.shortTermUnrealizedGainCents)} \xB7 ${z(a.client,"LONG_TERM",!0)} ${R(h.longTermUnrealizedGainCents)}`):""),e("td",{"data-label":"Note"},h.hasRecentAcquisition?e("span",{class:"badge info"},"Bought in the last 30 days"):"")))))),d.unpricedAssetIds.length&&g.body.append(e("p",{class:"muted small"},`${d.unpricedAssetIds.length} holding${d.unpricedAssetIds.length===1?" has":"s have"} no price today and ${d.unpricedAssetIds.length===1?"is":"are"} left out.`)),g.body.append(e("p",{class:"muted small"},"This is information, not advice: check with a tax professional before you sell."))}catch(l){g.body.replaceChildren(x(l,m))}};return u(),y(),a.onChange(()=>{u(),y()})}var Ha={A:"Short-term, on Form 1099-B with basis reported",B:"Short-term, on Form 1099-B without basis",C:"Short-term, not on Form 1099-B",D:"Long-term, on Form 1099-B with basis reported",E:"Long-term, on Form 1099-B without basis",F:"Long-term, not on Form 1099-B",G:"Short-term digital assets, on Form 1099-DA with basis reported",H:"Short-term digital assets, on Form 1099-DA without basis",I:"Short-term digital assets, not on Form 1099-DA",J:"Long-term digital assets, on Form 1099-DA with basis reported",K:"Long-term digital assets, on Form 1099-DA without basis",L:"Long-term digital assets, not on Form 1099-DA"},_a={TAX_FORMS:"Tax forms (ZIP of PDFs)",FORM_8949_PDF:"Form 8949 (PDF)",FORM_8949_CSV:"Form 8949 (CSV)",SCHEDULE_D_PDF:"Schedule D (PDF)",SCHEDULE_1_PDF:"Schedule 1, income (PDF)",CAPITAL_GAINS_CSV:"Capital gains (CSV)",INCOME_CSV:"Income (CSV)",TRANSACTION_HISTORY_CSV:"Transaction history (CSV)",TURBOTAX_CSV:"TurboTax import (CSV)",TAXACT_CSV:"TaxAct import (CSV)",END_OF_YEAR_HOLDINGS_CSV:"Holdings at year end (CSV)",UK_CAPITAL_GAINS_SUMMARY_PDF:"SA108 capital gains summary (PDF)",UK_CAPITAL_GAINS_SUMMARY_CSV:"UK capital gains summary (CSV)",DE_ANLAGE_SO_PDF:"Anlage SO summary (PDF)",DE_ANLAGE_SO_CSV:"Anlage SO rows (CSV)",AU_CGT_SCHEDULE_PDF:"CGT schedule summary (PDF)",AU_CGT_SCHEDULE_CSV:"CGT schedule events (CSV)",CA_SCHEDULE_3_PDF:"Schedule 3 summary (PDF)",CA_SCHEDULE_3_CSV:"Schedule 3 summary (CSV)"},Ga={QUEUED:"Waiting",GENERATING:"Being made",READY:"Ready",FAILED:"Failed"};function On(n,t,a){let{app:s}=n,r=_("year",[]),i=e("div",{id:"tax-figures","aria-live":"polite"},k("the year\u2019s figures")),o=G("income","Income by kind"),c=G("form-8949","Form 8949 preview"),g=e("div",{id:"reconciliation"}),y=G("reports","Reports");t.append(e("h1",{},"Taxes"),e("div",{class:"toolbar"},N("tax-year","Tax year",r)),i,o.el,c.el,g,y.el);let u=0,m=async()=>{try{let p=await s.years(),S=p.length?p[0]:new Date().getUTCFullYear(),T=Number(a.get("year"));u=T&&T>1900?T:S,r.replaceChildren(...he(s.client,p,u).map(I=>e("option",{value:I},W(s.client,I)))),r.value=String(u),await Promise.all([h(),C(0,""),b()])}catch(p){i.replaceChildren(x(p,m))}};r.addEventListener("change",async()=>{history.replaceState(null,"",`#/tax?year=${r.value}`),a.set("year",r.value),u=Number(r.value);try{await Promise.all([h(),C(0,""),b()])}catch(p){i.replaceChildren(x(p,m))}document.activeElement===document.body&&r.focus()});let l=s.client.jurisdictionRules,d=()=>W(s.client,u),h=async()=>{try{let p=(await s.q(pe,{year:String(u)})).getIncomeAndCapGains,S=Qa(p,l);p.futuresCents&&S.push(["futures","Futures",p.futuresCents,R]),v(i),i.append(p.isStale?e("p",{class:"notice",id:"preview-stale"},"Your ledger changed since these figures were calculated. Recalculate to bring them up to date."):"",p.transactionCount===0?H(`No transactions in ${d()}.`,"year-empty"):"",p.jurisdiction&&l.text?e("p",{class:"muted small",id:"tax-rules","data-jurisdiction":l.jurisdiction},l.text):"",e("dl",{class:"figures","data-year":p.year,"data-year-label":p.taxYearLabel||p.year},...S.map(([T,I,P,E])=>e("div",{class:"figure","data-figure":T,"data-cents":P},e("dt",{},I),e("dd",{},E(P))))),e("p",{class:"muted small"},`${p.disposalCount} transaction${p.disposalCount===1?"":"s"} with a sale or other disposal, ${p.transactionCount} in all`,ue(p.computedAt)?`; calculated ${Y(p.computedAt)}.`:"; not calculated yet.")),v(o.body),p.incomeByLabel.length===0?o.body.append(H(`No income in ${d()}.`,"income-empty")):o.body.append(e("table",{class:"table",id:"income-table"},e("caption",{class:"sr-only"},`Income in ${d()} by kind`),e("thead",{},e("tr",{},...["Kind","Transactions","Income"].map(T=>e("th",{scope:"col"},T)))),e("tbody",{},...p.incomeByLabel.map(T=>e("tr",{"data-income":T.label},e("td",{},e("a",{href:`#/transactions?year=${u}&label=${encodeURIComponent(T.label)}`},T.name)),e("td",{class:"num"},String(T.transactionCount)),e("td",{class:"num"},$(T.incomeCents))))),e("tfoot",{},e("tr",{},e("th",{scope:"row"},"Total"),e("td",{}),e("td",{class:"num"},$(p.incomeCents)))))),f.setYear(u)}catch(p){i.replaceChildren(x(p,h))}},C=async(p,S,T=!1)=>{if(!l.hasForm8949){c.el.hidden=!0;return}try{let I=(await s.q(yn,{year:u,box:S||void 0,page:p})).getForm8949PreviewForYear;if(v(c.body),I.boxes.length===0){c.body.append(H(`No sales or other disposals in ${u}: nothing goes on Form 8949.`,"f8949-empty"));return}let P=_("box",[["","All boxes"],...I.boxes.map(A=>[A.box,`Box ${A.box}`])],S);P.addEventListener("change",()=>C(0,P.value,!0));let E=e("details",{class:"rows",id:"f8949-details",open:T});c.body.append(e("p",{},"How your sales will be reported on Form 8949, box by box. Generate the form itself under Reports."),e("table",{class:"table cards",id:"f8949-boxes"},e("caption",{class:"sr-only"},`Form 8949 boxes of ${u}`),e("thead",{},e("tr",{},...["Box","Rows","Proceeds","Cost basis","Adjustments","Gain or loss"].map(A=>e("th",{scope:"col"},A)))),e("tbody",{},...I.boxes.map(A=>e("tr",{"data-box":A.box},e("td",{"data-label":"Box"},e("strong",{},`Box ${A.box}`),e("div",{class:"muted small"},Ha[A.box]||"")),e("td",{"data-label":"Rows",class:"num"},String(A.rowCount)),e("td",{"data-label":"Proceeds",class:"num"},$(A.proceedsCents)),e("td",{"data-label":"Cost basis",class:"num"},$(A.costBasisCents)),e("td",{"data-label":"Adjustments",class:"num"},$(A.adjustmentCents)),e("td",{"data-label":"Gain or loss",class:"num"},R(A.gainOrLossCents)))))),E),E.append(e("summary",{},`The ${I.total} row${I.total===1?"":"s"}${S?` of box ${S}`:""}, as on the form`),e("div",{class:"toolbar"},N("f8949-box","Show the rows of",P)),e("table",{class:"table cards",id:"f8949-rows"},e("caption",{class:"sr-only"},"Form 8949 rows"),e("thead",{},e("tr",{},...["Box","(a) Description","(b) Acquired","(c) Sold","(d) Proceeds","(e) Cost basis","(h) Gain or loss"].map(A=>e("th",{scope:"col"},A)))),e("tbody",{},...I.rows.map(A=>e("tr",{},e("td",{"data-label":"Box"},A.box),e("td",{"data-label":"Description"},A.transactionId?e("a",{href:`#/transactions/${A.transactionId}`},A.description):A.description),e("td",{"data-label":"Acquired"},A.dateAcquired?V(A.dateAcquired):"Various"),e("td",{"data-label":"Sold"},V(A.dateSold)),e("td",{"data-label":"Proceeds",class:"num"},$(A.proceedsCents)),e("td",{"data-label":"Cost basis",class:"num"},$(A.costBasisCents)),e("td",{"data-label":"Gain or loss",class:"num"},R(A.gainOrLossCents)))))),e("nav",{class:"pager","aria-label":"Form 8949 pages"},I.page>0?M("Previous rows",()=>C(I.page-1,S,!0),"secondary"):"",e("span",{class:"muted"},`Rows ${I.page*I.limit+1}\u2013${I.page*I.limit+I.rows.length} of ${I.total}`),(I.page+1)*I.limit<I.total?M("Next rows",()=>C(I.page+1,S,!0),"secondary"):""))}catch(I){c.body.replaceChildren(x(I,()=>C(p,S)))}},b=async()=>{if(v(g),!!l.hasForm1099DA)try{let p=(await s.q(hn,{year:u})).getTaxFormStatuses.taxForms;if(p.length===0)return;let S=G("reconciliation-panel","Form 1099-DA reconciliation");g.append(S.el),S.body.append(e("p",{},"Your broker reported these sales to the IRS on Form 1099-DA. Here they are compared with your own figures: differences need a look before you file."));for(let T of p){let I=(await s.q(In,{formId:T.id})).getTaxFormReconciliation,P=I.rows.filter(E=>E.status!=="MATCHED").slice(0,20);S.body.append(e("div",{class:"recon","data-form":T.id},e("h3",{},`${T.brokerName}: ${T.rowCount} row${T.rowCount===1?"":"s"}`),e("dl",{class:"figures"},...[["Broker proceeds",$(I.brokerProceedsCents)],["Your proceeds",$(I.computedProceedsCents)],["Difference",R(I.proceedsDifferenceCents)],["Matched",String(I.matchedCount)],["Different",String(I.mismatchedCount)],["Missing in your ledger",String(I.missingInLedgerCount)],["Not on the form",String(I.missingOnFormCount)]].map(([E,A])=>e("div",{class:"figure"},e("dt",{},E),e("dd",{},A)))),P.length===0?e("p",{class:"notice ok"},"Every row matches your figures."):e("table",{class:"table cards"},e("caption",{class:"sr-only"},"Rows that differ"),e("thead",{},e("tr",{},...["Sold","Asset","Broker","Yours","Difference",""].map(E=>e("th",{scope:"col"},E)))),e("tbody",{},...P.map(E=>e("tr",{},e("td",{"data-label":"Sold"},V(E.dateSold)),e("td",{"data-label":"Asset"},`${E.amountExact} ${E.assetSymbol}`),e("td",{"data-label":"Broker",class:"num"},$(E.brokerProceedsCents)),e("td",{"data-label":"Yours",class:"num"},$(E.computedProceedsCents)),e("td",{"data-label":"Difference",class:"num"},R(E.proceedsDifferenceCents)),e("td",{"data-label":"Status"},E.status==="MISSING_IN_LEDGER"?"Not in your ledger":E.status==="MISSING_ON_FORM"?"Not on the form":E.transactionId?e("a",{href:`#/transactions/${E.transactionId}`},"Different: open"):"Different")))))))}}catch(p){g.replaceChildren(x(p,b))}},f=new Ze(s,y.body,s.client);f.load(),m();let F=s.onChange(()=>{s.years().then(()=>{h(),C(0,"")})});return()=>{f.stop(),F()}}var Ze=class{constructor(t,a,s){this.app=t;this.client=s;this.list=e("div",{id:"report-list","aria-live":"polite"},k("your reports"));this.msg=e("div",{id:"report-message",role:"status"});this.yearSel=_("year",[]);this.polling=!1;this.alive=!0;let r=e("input",{name:"email",type:"email",autocomplete:"email",value:t.s.email||""}),i=e("button",{type:"submit",id:"request-report-button"},"Request report");this.form=e("form",{id:"request-report",class:"inline-form",onsubmit:o=>{o.preventDefault(),this.request(i)}},N("report-year","Tax year",this.yearSel),N("report-type","Report",_("type",s.jurisdictionRules.reportTypes.map(o=>[o,Xe(o)])),"grow"),N("report-email","E-mail me a link (optional)",r,"grow"),i),a.append(e("p",{},"Reports are made from your calculated figures. They are ready in a few seconds; you can also get a link by e-mail."),this.form,this.msg,this.list)}stop(){this.alive=!1}async setYear(t){let a=await this.app.years();this.yearSel.replaceChildren(...he(this.client,a,t).map(s=>e("option",{value:s},W(this.client,s)))),this.yearSel.value=String(t)}async load(){try{let t=(await this.app.q(We)).getReports;this.render(t),t.some(Un)&&this.poll()}catch(t){this.list.replaceChildren(x(t,()=>this.load()))}}render(t){if(v(this.list),t.length===0){this.list.append(H("No reports yet. Choose a year and a report above.","reports-empty"));return}this.list.append(e("table",{class:"table cards"},e("caption",{class:"sr-only"},"Your reports"),e("thead",{},e("tr",{},...["Year","Report","Status","Requested",""].map(a=>e("th",{scope:"col"},a)))),e("tbody",{},...t.map(a=>e("tr",{"data-report":a.id,"data-type":a.type,"data-status":a.status},e("td",{"data-label":"Year"},a.year?W(this.client,Number(a.year)):"\u2014"),e("td",{"data-label":"Report"},Xe(a.type),a.isStale?e("div",{class:"muted small"},"Your figures changed since; request it again for current ones."):""),e("td",{"data-label":"Status"},e("span",{class:`badge ${a.status.toLowerCase()}`},Ga[a.status]||a.status),a.error?e("div",{class:"muted small"},a.error):""),e("td",{"data-label":"Requested"},Y(a.createdAt)),e("td",{"data-label":"File"},a.status==="READY"?M("Download",s=>this.download(a,s.currentTarget),"secondary small download",{"aria-label":`Download ${a.year||""} ${Xe(a.type)}`}):""))))))}async request(t){let a=new FormData(this.form),s=String(a.get("email")||"").trim();try{let i=(await Q(t,"Requesting\u2026",()=>this.app.q(fn,{year:String(a.get("year")),type:String(a.get("type")),email:s||void 0}))).getReportExportV2;this.msg.replaceChildren(e("p",{class:"notice ok"},i.isCached?"You have this report already, up to date: it is in the list below.":`Report requested. It appears below when it is ready${s?`, and we e-mail a link to ${s}`:""}.`)),await this.load()}catch(r){this.msg.replaceChildren(x(r))}}async poll(){if(!this.polling){this.polling=!0;try{for(;this.alive;){await Z(1e3);let t=(await this.app.q(We)).getReports;if(!this.alive||(this.render(t),!t.some(Un)))return}}catch(t){this.list.replaceChildren(x(t,()=>this.load()))}finally{this.polling=!1}}}async download(t,a){try{let s=await Q(a,"Preparing\u2026",()=>this.app.q(bn,{id:t.id})),r=e("a",{href:s.getReportDownloadUrl.url,download:s.getReportDownloadUrl.fileName,hidden:!0});document.body.append(r),r.click(),r.remove(),this.msg.replaceChildren(e("p",{class:"notice ok",id:"download-started"},`Downloading ${s.getReportDownloadUrl.fileName}.`))}catch(s){this.msg.replaceChildren(x(s))}}},Un=n=>n.status==="QUEUED"||n.status==="GENERATING";function Xe(n){return _a[n]||n.replace(/_/g," ").toLowerCase()}function Qa(n,t){let a=t.words,s=[["proceeds",a.proceeds,n.proceedsCents,$],["cost-basis",a.cost,n.costBasisCents,$]];return t.hasHoldingTerms&&s.push(["short-term",`${a.shortTerm||"Short-term"} gains`,n.shortTermCapGainsCents,R],["long-term",`${a.longTerm||"Long-term"} gains`,n.longTermCapGainsCents,R]),(!t.hasHoldingTerms||n.gainsCents!==null&&n.gainsCents!==void 0)&&s.push(["gains",a.gains,n.gainsCents??0,$],["losses",a.losses,-(n.lossesCents??0),$]),a.deniedLosses&&s.push(["denied-losses",a.deniedLosses,n.deniedLossesCents??0,$]),s.push(["capital-gains",a.netGain,n.capGainsCents,R]),n.lossesBroughtForwardCents!=null&&s.push(["losses-brought-forward","Net capital losses brought forward",n.lossesBroughtForwardCents,$]),n.discountCents!=null&&s.push(["discount","CGT discount applied",n.discountCents,$]),n.gainThresholdCents!=null&&s.push(["threshold",`${a.threshold||"Threshold"} (taxed in full from this amount)`,n.gainThresholdCents,$]),a.taxableGain&&s.push(["taxable-gains",a.taxableGain,n.taxableCapitalGainsCents??0,R]),n.lossesCarriedForwardCents!=null&&s.push(["losses-carried-forward","Net capital losses carried forward",n.lossesCarriedForwardCents,$]),s.push(["income","Income",n.incomeCents,$]),a.taxableIncome&&n.taxableIncomeCents!=null&&s.push(["taxable-income",a.taxableIncome,n.taxableIncomeCents,$]),s}var st="taxd.portal.session",et=(()=>{try{return JSON.parse(document.getElementById("taxd-page")?.textContent||"{}")}catch{return{}}})(),X=document.getElementById("main"),at=document.getElementById("top"),qe=!1;function Ya(n){try{let t=n.split(".")[1].replace(/-/g,"+").replace(/_/g,"/");return JSON.parse(atob(t))}catch{return{}}}function za(n){sessionStorage.setItem(st,JSON.stringify(n))}function Wa(){try{let n=JSON.parse(sessionStorage.getItem(st)||"null");return n&&n.code&&n.token?n:null}catch{return null}}function tt(n){let t=n?.partnerId?`?partner=${encodeURIComponent(n.partnerId)}`:"",a=()=>history.replaceState(null,"",location.pathname+t+location.hash);document.readyState==="complete"?a():window.addEventListener("load",a,{once:!0})}function Gn(n){if(document.body.dataset.partner=n.name,document.title=`${n.name} \xB7 Crypto tax portal`,n.primaryColor&&/^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(n.primaryColor)){let[a,s]=ja(n.primaryColor),r=document.documentElement.style;r.setProperty("--brand",a),r.setProperty("--on-brand",s)}v(at),at.append(e("div",{class:"brand"},n.logoUrl&&/^https:\/\//.test(n.logoUrl)?e("img",{src:n.logoUrl,alt:`${n.name} logo`,class:"logo"}):"",e("span",{class:"partner-name"},n.name),e("span",{class:"product"},"Crypto tax portal")));let t=document.getElementById("foot");t||(t=e("footer",{id:"foot",class:"foot"}),document.body.append(t)),t.replaceChildren(e("p",{},`The tax portal of ${n.name}.`,n.supportEmail?[" Questions? Write to ",e("a",{href:`mailto:${n.supportEmail}`},n.supportEmail),"."]:""))}function ja(n){let t=n.slice(1);t.length===3&&(t=t.split("").map(i=>i+i).join(""));let a=[0,2,4].map(i=>parseInt(t.slice(i,i+2),16)),s=i=>i.map(o=>{let c=o/255;return c<=.03928?c/12.92:Math.pow((c+.055)/1.055,2.4)}).reduce((o,c,g)=>o+c*[.2126,.7152,.0722][g],0),r=s(a);if((r+.05)/.05>=4.5&&(r+.05)/.05>1.05/(r+.05))return[n,"#000000"];for(let i=0;i<40&&1.05/(s(a)+.05)<4.5;i++)a=a.map(o=>Math.floor(o*.94));return[`#${a.map(i=>i.toString(16).padStart(2,"0")).join("")}`,"#ffffff"]}function ke(n,t,...a){v(X),document.getElementById("app-nav")?.remove(),X.append(e("section",{class:"panel state",id:n,"aria-labelledby":`${n}-h`},e("h1",{id:`${n}-h`},t),...a))}function nt(){if(qe)return;qe=!0,sessionStorage.removeItem(st);let n=document.body.dataset.partner||"your provider",t=e("p",{hidden:!0,role:"status"},`Return to ${n} and open the tax portal from there: it signs you in with a new link.`),a=e("button",{type:"button",id:"sign-in-again",onclick:()=>{window.parent!==window&&window.parent.postMessage({type:"taxd:portal:session-expired"},"*"),t.hidden=!1}},"Sign in again");ke("state-expired","Your session has expired",e("p",{},`For your security the tax portal signs you out after a while. Sign in again from ${n}.`),a,t),X.focus()}function Ka(){ke("state-signed-out","Sign in to your tax portal",e("p",{},"Open the tax portal from your provider\u2019s website or app: it signs you in automatically."))}var Ja=[["","Overview"],["transactions","Transactions"],["review","Review"],["portfolio","Portfolio"],["tax","Taxes"]];async function Qn(n){v(X),X.append(k("your tax portal"));let t,a;try{[t,a]=await Promise.all([ee(n,"GET","/user"),be(n,Jt).then(i=>i.getMyActiveClient)])}catch(i){if(qe)return;if(i instanceof U&&i.status===404)return ke("state-not-found","We could not find your account",e("p",{},"This sign-in link does not belong to an account here. Open the tax portal again from your provider."));v(X),X.append(e("section",{class:"panel state",id:"state-error"},e("h1",{},"The tax portal could not open"),e("p",{},te(i)),e("button",{type:"button",onclick:()=>Qn(n)},"Try again")));return}Gn(t.partner),ut(a.currency),n.email=n.email||t.email||void 0;let s=new we(n,a,t.partner);s.labels().then(i=>{s.labelCache=i}).catch(()=>{}),s.accounts().then(i=>{s.accountCache=i}).catch(()=>{}),s.onChange(()=>{s.accounts().then(i=>{s.accountCache=i}).catch(()=>{})});let r=new ve(s);Xa(s,r),r.refresh(),window.parent!==window&&window.parent.postMessage({type:"taxd:portal:ready"},"*")}var ie,Hn=!0;function Xa(n,t){let a=Ja.map(([g,y])=>e("li",{},e("a",{href:`#/${g}`,"data-route":g,id:`nav-${g||"overview"}`},y,g==="review"?e("span",{class:"count",id:"review-count",hidden:!0}):""))),s=e("nav",{class:"tabs",id:"app-nav","aria-label":"Tax portal"},e("ul",{},...a));document.getElementById("app-nav")?.remove(),at.after(s);let r=e("div",{class:"bar"},t.el),i=e("div",{id:"view"});v(X),X.append(r,i);let o={app:n,recalc:t,reviewCount:g=>Yn(g)},c=()=>{if(qe)return;typeof ie=="function"&&ie();let[g,y]=location.hash.replace(/^#\/?/,"").split("?"),u=g.split("/").filter(Boolean).map(decodeURIComponent),m=new URLSearchParams(y||""),l=u[0]||"";for(let d of s.querySelectorAll("a"))d.dataset.route===l?d.setAttribute("aria-current","page"):d.removeAttribute("aria-current");switch(v(i),window.scrollTo(0,0),l){case"transactions":ie=u[1]?Ln(o,i,u[1]):vn(o,i,m);break;case"review":ie=Nn(o,i,m);break;case"portfolio":ie=Vn(o,i);break;case"tax":ie=On(o,i,m);break;default:ie=An(o,i)}if(!Hn){let d=i.querySelector("h1");d&&(d.setAttribute("tabindex","-1"),d.focus())}Hn=!1};window.addEventListener("hashchange",c),c(),_n(n),n.onChange(()=>_n(n))}async function _n(n){try{let t=await n.q(ae,{limit:1});Yn(t.getClientReviewQueue.totalCount)}catch{}}function Yn(n){let t=document.getElementById("review-count");t&&(t.hidden=n===0,t.textContent=String(n),t.setAttribute("aria-label",`${n} to review`))}async function Za(){et.brand&&Gn(et.brand);let n=new URLSearchParams(location.search);if(n.get("report")&&n.get("signature"))return Tn(X,n,et.download);ot(nt);let t=null;if(n.get("token")&&n.get("code"))t={code:n.get("code"),token:n.get("token"),email:n.get("email")||void 0,clientId:""};else if(n.get("link")){tt(null);try{let s=await dt(n.get("link"));t={code:s.referenceId,token:s.accessToken,partnerId:s.partnerId,clientId:""}}catch(s){return ke("state-link-invalid","This link does not work",e("p",{},te(s)))}}else t=Wa();if(!t)return tt(null),Ka();let a=Ya(t.token);return t.partnerId=t.partnerId||a.pid,t.clientId=a.sub||"",za(t),tt(t),a.exp&&a.exp*1e3<=Date.now()?nt():(a.exp&&setTimeout(nt,Math.min(a.exp*1e3-Date.now(),2**31-1)),Qn(t))}Za();})();
