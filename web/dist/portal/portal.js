"use strict";(()=>{var nt=document.querySelector('meta[name="taxd-api"]')?.content||"/api",_n=document.querySelector('meta[name="taxd-graphql"]')?.content||"/graphql",W=class extends Error{},k=class extends Error{constructor(a,s,r=""){super(s);this.status=a;this.code=r}},at=()=>{};function st(n){at=n}function Me(){throw at(),new W("session expired")}async function X(n,t,a,s){let r;try{r=await fetch(`${nt}/users/${encodeURIComponent(n.code)}${a}`,{method:t,headers:{Authorization:`Bearer ${n.token}`,...s===void 0?{}:{"Content-Type":"application/json"}},body:s===void 0?void 0:JSON.stringify(s)})}catch{throw he()}if(r.status===401&&Me(),!r.ok)throw new k(r.status,await rt(r));return(await r.json()).data}async function rt(n){try{let t=await n.json();if(t&&typeof t.message=="string")return qe(t.message)}catch{}return Ve(n.status)}function Ve(n){return n===404?"We could not find this. It may have been removed.":n===429?"Too many requests in a short time. Wait a minute, then try again.":n===503?"The service is busy or under maintenance. Try again in a minute.":"Something went wrong on our side. Try again in a moment."}function he(){return new k(0,"The portal could not reach the server. Check your internet connection and try again.","OFFLINE")}async function Ie(n,t,a){let s=t.toString(),r;try{r=await fetch(_n,{method:"POST",headers:{Authorization:`Bearer ${n.token}`,"Content-Type":"application/json"},body:JSON.stringify({query:s,variables:a??{}})})}catch{throw he()}r.status===401&&Me();let i;try{i=await r.json()}catch{throw new k(r.status,Ve(r.status))}let o=i.errors?.[0];if(o){let d=o.extensions?.code||"";throw d==="UNAUTHENTICATED"&&Me(),new k(r.status,Hn(d,o.message),d)}return i.data}function Hn(n,t){switch(n){case"BAD_USER_INPUT":return qe(t);case"NOT_FOUND":return"We could not find this. It may have been merged, deleted or changed meanwhile; reload the page.";case"CONFLICT":return`This could not be done: ${Gn(qe(t))}`;case"TAXES_LOCKED":return"This falls in a tax period that is locked because it was filed. Ask your provider to unlock it first.";case"FORBIDDEN":return"Your sign-in does not allow this.";case"RATE_LIMITED":return"Too many requests in a short time. Wait a minute, then try again.";case"TIMEOUT":return"This took too long to answer. Try again, or narrow the filters.";default:return"Something went wrong on our side. Try again in a moment."}}function Gn(n){return n.charAt(0).toLowerCase()+n.slice(1)}function qe(n){let t=n.replace(/^[\w.[\]]+: /,"");return/regular expression|doesn't match|format "/.test(t)?"That value is not in the expected format.":(t=t.replace(/\s+/g," ").trim(),t?t.charAt(0).toUpperCase()+t.slice(1)+(/[.!?]$/.test(t)?"":"."):"That value is not valid.")}function Z(n){return n instanceof k?n.message:"Something went wrong in the portal. Reload the page and try again."}async function it(n,t,a,s){let r;try{r=await fetch(`${nt}/users/${encodeURIComponent(n)}/reports/${encodeURIComponent(t)}/download`,{method:"POST",headers:{"Content-Type":"application/json"},body:JSON.stringify({expires:a,signature:s})})}catch{throw he()}if(r.status===401)return"expired";if(r.status===404)return"gone";if(!r.ok)throw new k(r.status,Ve(r.status));return Yn(await r.blob(),Qn(r,"report")),"ok"}function Qn(n,t){let a=n.headers.get("Content-Disposition")||"",s=/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(a);return s?decodeURIComponent(s[1]):t}function Yn(n,t){let a=URL.createObjectURL(n),s=document.createElement("a");s.href=a,s.download=t,s.hidden=!0,document.body.append(s),s.click(),s.remove(),setTimeout(()=>URL.revokeObjectURL(a),6e4)}async function ot(n){let t;try{t=await fetch("/portal/link-session",{method:"POST",headers:{"Content-Type":"application/json"},body:JSON.stringify({link:n})})}catch{throw he()}if(t.status===404)throw new k(404,"This link is not valid any more. Ask your provider for a new one.");if(!t.ok)throw new k(t.status,await rt(t));return t.json()}function e(n,t={},...a){let r=zn.has(n)?document.createElementNS("http://www.w3.org/2000/svg",n):document.createElement(n);for(let[i,o]of Object.entries(t))o==null||o===!1||(i.startsWith("on")&&typeof o=="function"?r.addEventListener(i.slice(2),o):o===!0?r.setAttribute(i,""):r.setAttribute(i,String(o)));for(let i of a.flat())i==null||i===!1||i===""||r.append(typeof i=="number"?String(i):i);return r}var zn=new Set(["svg","g","rect","line","text","title","desc","path","polyline","circle"]);function D(n){n.replaceChildren()}function Q(n){let t=ce(n);return t?t.toLocaleString("en-US",{dateStyle:"medium",timeStyle:"short"}):"\u2014"}function V(n){let t=ce(n);return t?t.toLocaleDateString("en-US",{dateStyle:"medium"}):"\u2014"}function ke(n,t){let a=ce(n);return a?a.toLocaleTimeString("en-US",{hour:"numeric",minute:"2-digit",timeZone:t}):"\u2014"}function ce(n){if(!n)return null;let t=new Date(n);return isNaN(t.getTime())||t.getUTCFullYear()<1971?null:t}var Ue="USD";function lt(n){Ue=n||"USD"}function b(n){return n==null?"\u2014":(Math.round(n)===0?0:n/100).toLocaleString("en-US",{style:"currency",currency:Ue})}function E(n){return n==null?"\u2014":n>0?`+${b(n)}`:n<0?`\u2212${b(-n)}`:b(0)}function Oe(n){return(n/100).toLocaleString("en-US",{style:"currency",currency:Ue,notation:"compact",maximumFractionDigits:1})}function F(n){if(!n)return"\u2014";let t=Number(n);return isFinite(t)?t.toLocaleString("en-US",{maximumFractionDigits:Math.abs(t)>=1e3?2:8}):n}function _e(n){return n==null||!isFinite(n)?"\u2014":`${n>0?"+":n<0?"\u2212":""}${Math.abs(n).toLocaleString("en-US",{maximumFractionDigits:1})}%`}function ee(n){return n.length>16?`${n.slice(0,6)}\u2026${n.slice(-4)}`:n}function re(n){let t=document.getElementById("announcer");t||(t=e("div",{id:"announcer",class:"sr-only",role:"status","aria-live":"polite"}),document.body.append(t)),t.textContent="",setTimeout(()=>{t.textContent=n},50)}function J(n){return new Promise(t=>setTimeout(t,n))}function q(n){return e("p",{class:"loading",role:"status"},e("span",{class:"spinner","aria-hidden":"true"}),`Loading ${n}\u2026`)}function O(n,t,...a){return e("div",{class:"empty",id:t},e("p",{},n),...a)}function M(n,t,a,s=""){return a.id=n,e("div",{class:`field ${s}`},e("label",{for:n},t),a)}function _(n,t,a){let s=e("select",{name:n},...t.map(([r,i])=>e("option",{value:r},i)));return a!==void 0&&(s.value=a),s}function N(n,t,a="",s={}){return e("button",{type:"button",class:a,onclick:t,...s},n)}async function G(n,t,a){let s=n.textContent;n.disabled=!0,n.textContent=t,n.setAttribute("aria-busy","true");try{return await a()}finally{n.disabled=!1,n.textContent=s,n.removeAttribute("aria-busy")}}var P=class extends String{constructor(t,a){super(t),this.value=t,this.__meta__=a}toString(){return this.value}},ct=new P(`
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
    `,{fragmentName:"PortalTxRow"}),dt=new P(`
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
    `,{fragmentName:"PortalTxDetail"}),ut=new P(`
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
    `),pt=new P(`
    query PortalTaxYears($clientId: ID!) {
  getTaxYears(clientId: $clientId)
}
    `),mt=new P(`
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
    `),gt=new P(`
    query PortalDirty($clientId: ID!) {
  countDirty(clientId: $clientId)
}
    `),yt=new P(`
    query PortalActiveJob($clientId: ID!) {
  getActiveRecalculateJob(clientId: $clientId) {
    id
    status
    progress
    attempt
  }
}
    `),ht=new P(`
    query PortalLastRun {
  getMyActiveClient {
    id
    lastRecalculatedAt
  }
}
    `),It=new P(`
    mutation PortalRecalculate($clientId: ID!) {
  rerunGraph(clientId: $clientId)
}
    `),ft=new P(`
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
    `),bt=new P(`
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
    `),$t=new P(`
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
    `),Ct=new P(`
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
    `),Tt=new P(`
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
}`),St=new P(`
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
}`),xt=new P(`
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
    `),At=new P(`
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
    `),Pt=new P(`
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
    `),wt=new P(`
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
    `),vt=new P(`
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
    `),Dt=new P(`
    mutation PortalHide($clientId: ID!, $id: ID!, $hidden: Boolean!) {
  hideTransaction(clientId: $clientId, transactionId: $id, isHidden: $hidden) {
    id
    isHidden
  }
}
    `),Et=new P(`
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
    `),Rt=new P(`
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
    `),Lt=new P(`
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
    `),Ft=new P(`
    mutation PortalPair($clientId: ID!, $from: ID!, $to: ID!) {
  markInternalTransfer(
    clientId: $clientId
    fromTransactionId: $from
    toTransactionId: $to
  )
}
    `),Bt=new P(`
    mutation PortalUnpair($clientId: ID!, $from: ID!, $to: ID!) {
  unmarkInternalTransfer(
    clientId: $clientId
    fromTransactionId: $from
    toTransactionId: $to
  )
}
    `),Nt=new P(`
    mutation PortalUndo($clientId: ID!, $ids: [ID!]!) {
  undoAuditLogs(clientId: $clientId, auditLogIds: $ids, source: "portal") {
    id
  }
}
    `),Mt=new P(`
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
    `),qt=new P(`
    mutation PortalMarkSpam($assetId: ID!, $spam: Boolean) {
  updateAsset(assetId: $assetId, isSpam: $spam) {
    id
    isSpam
  }
}
    `),Vt=new P(`
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
    `),kt=new P(`
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
    `),Ut=new P(`
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
    `),Ot=new P(`
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
    `),_t=new P(`
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
    `),Ht=new P(`
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
    `),Gt=new P(`
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
    `),Qt=new P(`
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
    `),Yt=new P(`
    query PortalDownloadUrl($id: ID!) {
  getReportDownloadUrl(reportId: $id) {
    url
    fileName
  }
}
    `);var jn={"\nfragment PortalTxRow on Transaction {\n  id createdAt label accountId provider isHidden isMissingBasis hasNegativeBalance isInternalTransfer isDirty isSpam\n  fiatValueCents capGainsSumSigned incomeSum\n  transfers { id direction isFee amountExact assetId asset { id symbol } fiatValueCents }\n}":ct,"\nfragment PortalTxDetail on Transaction {\n  id createdAt txnHash accountId provider explorerUrl label labelSource notes isHidden isReviewed isDirty isMissingBasis\n  hasNegativeBalance isInternalTransfer isEdited isSpam isOffChain linkType linkId linkedTransactionId\n  fiatValueCents feeFiatValueCents capGainsSumSigned incomeSum\n  classification { rule confidence explanation }\n  transfers {\n    id ordering assetId asset { id symbol name pricingKey } amountExact fromAccountId toAccountId fromAddress toAddress\n    direction isFee isHidden fiatValueCents basisFiatValueCents isFiatValueOverridden capGainsSumSigned incomeSum\n    saleTerm uncoveredAmountExact\n  }\n}":dt,"\nquery PortalClient {\n  getMyActiveClient {\n    id name currency timezone fiscalYearStart costBasisAlgorithm lockTaxesUntil\n    jurisdictionRules {\n      jurisdiction name taxYearStart taxYearLabelFormat hasHoldingTerms hasForm8949 hasForm1099DA reportTypes text matchingText\n      words { proceeds cost gains losses netGain taxableGain deniedLosses holding shortTerm longTerm taxableIncome threshold }\n    }\n  }\n}":ut,"\nquery PortalTaxYears($clientId: ID!) { getTaxYears(clientId: $clientId) }":pt,"\nquery PortalYear($clientId: ID!, $year: String!) {\n  getIncomeAndCapGains(clientId: $clientId, year: $year) {\n    year startDate endDate proceedsCents costBasisCents shortTermCapGainsCents longTermCapGainsCents capGainsCents\n    futuresCents incomeCents incomeByLabel { label name incomeCents transactionCount } disposalCount transactionCount\n    isStale computedAt jurisdiction taxYearLabel gainsCents lossesCents deniedLossesCents taxableCapitalGainsCents\n    gainThresholdCents taxableIncomeCents incomeThresholdCents discountGainsCents lossesBroughtForwardCents discountCents lossesCarriedForwardCents\n  }\n}":mt,"\nquery PortalDirty($clientId: ID!) { countDirty(clientId: $clientId) }":gt,"\nquery PortalActiveJob($clientId: ID!) {\n  getActiveRecalculateJob(clientId: $clientId) { id status progress attempt }\n}":yt,"\nquery PortalLastRun { getMyActiveClient { id lastRecalculatedAt } }":ht,"\nmutation PortalRecalculate($clientId: ID!) { rerunGraph(clientId: $clientId) }":It,"\nquery PortalReviewQueue($clientId: ID!, $patternId: ID, $limit: Int) {\n  getClientReviewQueue(clientId: $clientId, patternId: $patternId, limit: $limit) {\n    totalCount\n    groups { patternId type severity title count assetId }\n    items { transactionId patternId type problems }\n  }\n}":ft,"\nquery PortalAccounts($clientId: String!) {\n  getClientAccounts(clientId: $clientId) {\n    id name type provider address status transactionCount lastSyncedAt lastSyncError\n  }\n}":bt,"\nquery PortalAssets($clientId: ID!) {\n  getClientAssets(clientId: $clientId, hideSpamAssets: true) { assets { id symbol name pricingKey } }\n}":$t,"\nquery PortalLabels($clientId: ID) {\n  getLabels(clientId: $clientId) { value name description category isIncome isDisposal isNonTaxable }\n}":Ct,"\nquery PortalTransactions($clientId: ID!, $page: Int, $limit: Int, $search: String, $startDate: Date, $endDate: Date,\n    $assetIds: [String!], $accountIds: [ID!], $labels: [String!], $labelFilterMode: String, $insightPatternId: ID,\n    $includeHidden: Boolean, $onlyTransactionIds: [String!]) {\n  getClientTransactions(clientId: $clientId, page: $page, limit: $limit, skipTotal: true, search: $search,\n      startDate: $startDate, endDate: $endDate, assetIds: $assetIds, accountIds: $accountIds, labels: $labels,\n      labelFilterMode: $labelFilterMode, insightPatternId: $insightPatternId, includeHidden: $includeHidden,\n      onlyTransactionIds: $onlyTransactionIds) {\n    transactions { ...PortalTxRow }\n    page limit hasNextPage\n  }\n}":Tt,"\nquery PortalTransaction($clientId: ID!, $id: ID!) {\n  getTransaction(clientId: $clientId, transactionId: $id, includeAllTransfers: true) { ...PortalTxDetail }\n}":St,"\nquery PortalTransactionLots($clientId: ID!, $key: String!, $id: ID) {\n  getTaxLots(clientId: $clientId, assetPricingKey: $key, transactionId: $id) {\n    costBasisAlgorithm\n    disposals {\n      transferId amountExact proceedsCents costBasisCents gainCents term box lotAcquiredAt lotTransactionId\n      isUncovered isMissingBasis match deniedLossExact\n    }\n    lots { id acquiredAt amountExact originalAmountExact costBasisCents term isMissingBasis }\n  }\n}":xt,"\nquery PortalLabelOptions($clientId: ID!, $id: ID!) {\n  getTransactionTypeOptions(clientId: $clientId, transactionId: $id) {\n    options { value name description } recommended { value } currentLabel\n  }\n}":At,"\nquery PortalAudit($clientId: ID!, $ids: [ID!]) {\n  getClientAuditLogs(clientId: $clientId, transactionIds: $ids, limit: 25, page: 0) {\n    auditLogs { id createdAt actorType action entityType field oldValue newValue undoneAt canUndo source }\n    total\n  }\n}":Pt,"\nquery PortalPairs($clientId: ID!, $id: ID, $limit: Int) {\n  getTransferPairSuggestions(clientId: $clientId, transactionId: $id, limit: $limit) {\n    fromTransactionId toTransactionId fromAccountId toAccountId sentAmountExact receivedAmountExact feeAmountExact\n    sentAt receivedAt asset { symbol }\n  }\n}":wt,'\nmutation PortalLabel($clientId: ID!, $ids: [ID!]!, $label: String, $wipe: Boolean) {\n  labelTransactions(clientId: $clientId, transactionIds: $ids, label: $label, wipeLabel: $wipe, source: "portal") { id label }\n}':vt,"\nmutation PortalHide($clientId: ID!, $id: ID!, $hidden: Boolean!) {\n  hideTransaction(clientId: $clientId, transactionId: $id, isHidden: $hidden) { id isHidden }\n}":Dt,'\nmutation PortalReviewed($clientId: ID!, $id: ID!, $reviewed: Boolean!) {\n  updateTransaction(clientId: $clientId, transactionId: $id, createDefaultRule: false, source: "portal",\n      updates: { isReviewed: $reviewed }) { transaction { id isReviewed } }\n}':Et,"\nmutation PortalSetPrice($clientId: ID!, $ids: [ID!]!, $assetId: ID, $price: Float) {\n  saveReceivePriceForTransactions(clientId: $clientId, transactionIds: $ids, assetId: $assetId, fiatValue: $price) { id }\n}":Rt,'\nmutation PortalSetValue($clientId: ID!, $tx: ID!, $transfer: ID!, $value: Float, $basis: Float, $reset: Boolean) {\n  updateTransfer(clientId: $clientId, transactionId: $tx, transferId: $transfer, fiatValue: $value, basisFiatValue: $basis,\n      resetFiatValue: $reset, source: "portal") { id }\n}':Lt,"\nmutation PortalPair($clientId: ID!, $from: ID!, $to: ID!) {\n  markInternalTransfer(clientId: $clientId, fromTransactionId: $from, toTransactionId: $to)\n}":Ft,"\nmutation PortalUnpair($clientId: ID!, $from: ID!, $to: ID!) {\n  unmarkInternalTransfer(clientId: $clientId, fromTransactionId: $from, toTransactionId: $to)\n}":Bt,'\nmutation PortalUndo($clientId: ID!, $ids: [ID!]!) {\n  undoAuditLogs(clientId: $clientId, auditLogIds: $ids, source: "portal") { id }\n}':Nt,"\nmutation PortalAcceptBasis($clientId: ID!, $ids: [ID!]!, $override: Boolean!) {\n  updateMultiTransactionsCostBasis(clientId: $clientId, transactionIds: $ids, isMissingBasis: false, overrideIsMissingBasis: $override) { id }\n}":Mt,"\nmutation PortalMarkSpam($assetId: ID!, $spam: Boolean) {\n  updateAsset(assetId: $assetId, isSpam: $spam) { id isSpam }\n}":qt,"\nquery PortalPortfolio($clientId: ID!) {\n  getPortfolioV2(clientId: $clientId, limit: 100, sort: VALUE) {\n    positions {\n      assetId asset { symbol name } amountExact price valueCents costBasisCents unrealizedGainCents\n      unrealizedGainPercent portfolioPercent\n    }\n    total totalValueCents totalCostBasisCents totalUnrealizedGainCents isStale computedAt\n  }\n}":Vt,"\nquery PortalChart($clientId: ID!, $interval: HistoricalBalanceIntervalEnum!) {\n  getChart(clientId: $clientId, interval: $interval) {\n    points { date valueCents costBasisCents } startValueCents endValueCents changeCents changePercent isStale\n  }\n}":kt,"\nquery PortalHarvest($clientId: ID!, $date: Date!) {\n  getHarvestableLosses(clientId: $clientId, date: $date) {\n    totalUnrealizedLossCents shortTermUnrealizedLossCents longTermUnrealizedLossCents\n    assets {\n      assetId asset { symbol name } amountExact price marketValueCents costBasisCents unrealizedGainCents\n      shortTermUnrealizedGainCents longTermUnrealizedGainCents hasRecentAcquisition\n    }\n    unpricedAssetIds isStale\n  }\n}":Ut,"\nquery PortalForm8949($clientId: ID!, $year: Int!, $box: Form8949BoxEnum, $page: Int) {\n  getForm8949PreviewForYear(clientId: $clientId, year: $year, box: $box, page: $page, limit: 25) {\n    boxes { box term rowCount proceedsCents costBasisCents adjustmentCents gainOrLossCents }\n    rows { transactionId description dateAcquired dateSold proceedsCents costBasisCents gainOrLossCents box }\n    total page limit isStale\n  }\n}":Ot,'\nquery PortalTaxForms($clientId: ID!, $year: Int!) {\n  getTaxFormStatuses(clientId: $clientId, year: $year, formType: "FORM_1099_DA") {\n    taxForms { id brokerName status statusMessage rowCount uploadedAt }\n  }\n}':_t,"\nquery PortalReconciliation($clientId: ID!, $formId: ID!) {\n  getTaxFormReconciliation(clientId: $clientId, taxFormId: $formId) {\n    brokerProceedsCents computedProceedsCents proceedsDifferenceCents brokerCostBasisCents computedCostBasisCents\n    matchedCount mismatchedCount missingInLedgerCount missingOnFormCount\n    rows {\n      id status transactionId assetSymbol amountExact dateSold brokerProceedsCents computedProceedsCents\n      proceedsDifferenceCents brokerCostBasisCents computedCostBasisCents\n    }\n  }\n}":Ht,"\nquery PortalReports($clientId: ID!) {\n  getReports(clientId: $clientId) { id type status year fileName isStale error createdAt completedAt }\n}":Gt,"\nquery PortalRequestReport($clientId: ID!, $type: ReportExportTypeEnum!, $year: String!, $email: String) {\n  getReportExportV2(clientId: $clientId, type: $type, dateQueryType: TAX_YEAR, year: $year, email: $email) {\n    report { id status } isCached emailQueued\n  }\n}":Qt,"\nquery PortalDownloadUrl($id: ID!) { getReportDownloadUrl(reportId: $id) { url fileName } }":Yt};function w(n){return jn[n]??{}}var Za=w(`
fragment PortalTxRow on Transaction {
  id createdAt label accountId provider isHidden isMissingBasis hasNegativeBalance isInternalTransfer isDirty isSpam
  fiatValueCents capGainsSumSigned incomeSum
  transfers { id direction isFee amountExact assetId asset { id symbol } fiatValueCents }
}`),es=w(`
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
}`),zt=w(`
query PortalClient {
  getMyActiveClient {
    id name currency timezone fiscalYearStart costBasisAlgorithm lockTaxesUntil
    jurisdictionRules {
      jurisdiction name taxYearStart taxYearLabelFormat hasHoldingTerms hasForm8949 hasForm1099DA reportTypes text matchingText
      words { proceeds cost gains losses netGain taxableGain deniedLosses holding shortTerm longTerm taxableIncome threshold }
    }
  }
}`),Wt=w(`
query PortalTaxYears($clientId: ID!) { getTaxYears(clientId: $clientId) }`),de=w(`
query PortalYear($clientId: ID!, $year: String!) {
  getIncomeAndCapGains(clientId: $clientId, year: $year) {
    year startDate endDate proceedsCents costBasisCents shortTermCapGainsCents longTermCapGainsCents capGainsCents
    futuresCents incomeCents incomeByLabel { label name incomeCents transactionCount } disposalCount transactionCount
    isStale computedAt jurisdiction taxYearLabel gainsCents lossesCents deniedLossesCents taxableCapitalGainsCents
    gainThresholdCents taxableIncomeCents incomeThresholdCents discountGainsCents lossesBroughtForwardCents discountCents lossesCarriedForwardCents
  }
}`),jt=w(`
query PortalDirty($clientId: ID!) { countDirty(clientId: $clientId) }`),He=w(`
query PortalActiveJob($clientId: ID!) {
  getActiveRecalculateJob(clientId: $clientId) { id status progress attempt }
}`),Kt=w(`
query PortalLastRun { getMyActiveClient { id lastRecalculatedAt } }`),Jt=w(`
mutation PortalRecalculate($clientId: ID!) { rerunGraph(clientId: $clientId) }`),te=w(`
query PortalReviewQueue($clientId: ID!, $patternId: ID, $limit: Int) {
  getClientReviewQueue(clientId: $clientId, patternId: $patternId, limit: $limit) {
    totalCount
    groups { patternId type severity title count assetId }
    items { transactionId patternId type problems }
  }
}`),Xt=w(`
query PortalAccounts($clientId: String!) {
  getClientAccounts(clientId: $clientId) {
    id name type provider address status transactionCount lastSyncedAt lastSyncError
  }
}`),Zt=w(`
query PortalAssets($clientId: ID!) {
  getClientAssets(clientId: $clientId, hideSpamAssets: true) { assets { id symbol name pricingKey } }
}`),en=w(`
query PortalLabels($clientId: ID) {
  getLabels(clientId: $clientId) { value name description category isIncome isDisposal isNonTaxable }
}`),fe=w(`
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
}`),ue=w(`
query PortalTransaction($clientId: ID!, $id: ID!) {
  getTransaction(clientId: $clientId, transactionId: $id, includeAllTransfers: true) { ...PortalTxDetail }
}`),be=w(`
query PortalTransactionLots($clientId: ID!, $key: String!, $id: ID) {
  getTaxLots(clientId: $clientId, assetPricingKey: $key, transactionId: $id) {
    costBasisAlgorithm
    disposals {
      transferId amountExact proceedsCents costBasisCents gainCents term box lotAcquiredAt lotTransactionId
      isUncovered isMissingBasis match deniedLossExact
    }
    lots { id acquiredAt amountExact originalAmountExact costBasisCents term isMissingBasis }
  }
}`),$e=w(`
query PortalLabelOptions($clientId: ID!, $id: ID!) {
  getTransactionTypeOptions(clientId: $clientId, transactionId: $id) {
    options { value name description } recommended { value } currentLabel
  }
}`),tn=w(`
query PortalAudit($clientId: ID!, $ids: [ID!]) {
  getClientAuditLogs(clientId: $clientId, transactionIds: $ids, limit: 25, page: 0) {
    auditLogs { id createdAt actorType action entityType field oldValue newValue undoneAt canUndo source }
    total
  }
}`),Ce=w(`
query PortalPairs($clientId: ID!, $id: ID, $limit: Int) {
  getTransferPairSuggestions(clientId: $clientId, transactionId: $id, limit: $limit) {
    fromTransactionId toTransactionId fromAccountId toAccountId sentAmountExact receivedAmountExact feeAmountExact
    sentAt receivedAt asset { symbol }
  }
}`),Te=w(`
mutation PortalLabel($clientId: ID!, $ids: [ID!]!, $label: String, $wipe: Boolean) {
  labelTransactions(clientId: $clientId, transactionIds: $ids, label: $label, wipeLabel: $wipe, source: "portal") { id label }
}`),pe=w(`
mutation PortalHide($clientId: ID!, $id: ID!, $hidden: Boolean!) {
  hideTransaction(clientId: $clientId, transactionId: $id, isHidden: $hidden) { id isHidden }
}`),Se=w(`
mutation PortalReviewed($clientId: ID!, $id: ID!, $reviewed: Boolean!) {
  updateTransaction(clientId: $clientId, transactionId: $id, createDefaultRule: false, source: "portal",
      updates: { isReviewed: $reviewed }) { transaction { id isReviewed } }
}`),nn=w(`
mutation PortalSetPrice($clientId: ID!, $ids: [ID!]!, $assetId: ID, $price: Float) {
  saveReceivePriceForTransactions(clientId: $clientId, transactionIds: $ids, assetId: $assetId, fiatValue: $price) { id }
}`),Ge=w(`
mutation PortalSetValue($clientId: ID!, $tx: ID!, $transfer: ID!, $value: Float, $basis: Float, $reset: Boolean) {
  updateTransfer(clientId: $clientId, transactionId: $tx, transferId: $transfer, fiatValue: $value, basisFiatValue: $basis,
      resetFiatValue: $reset, source: "portal") { id }
}`),an=w(`
mutation PortalPair($clientId: ID!, $from: ID!, $to: ID!) {
  markInternalTransfer(clientId: $clientId, fromTransactionId: $from, toTransactionId: $to)
}`),sn=w(`
mutation PortalUnpair($clientId: ID!, $from: ID!, $to: ID!) {
  unmarkInternalTransfer(clientId: $clientId, fromTransactionId: $from, toTransactionId: $to)
}`),rn=w(`
mutation PortalUndo($clientId: ID!, $ids: [ID!]!) {
  undoAuditLogs(clientId: $clientId, auditLogIds: $ids, source: "portal") { id }
}`),me=w(`
mutation PortalAcceptBasis($clientId: ID!, $ids: [ID!]!, $override: Boolean!) {
  updateMultiTransactionsCostBasis(clientId: $clientId, transactionIds: $ids, isMissingBasis: false, overrideIsMissingBasis: $override) { id }
}`),on=w(`
mutation PortalMarkSpam($assetId: ID!, $spam: Boolean) {
  updateAsset(assetId: $assetId, isSpam: $spam) { id isSpam }
}`),xe=w(`
query PortalPortfolio($clientId: ID!) {
  getPortfolioV2(clientId: $clientId, limit: 100, sort: VALUE) {
    positions {
      assetId asset { symbol name } amountExact price valueCents costBasisCents unrealizedGainCents
      unrealizedGainPercent portfolioPercent
    }
    total totalValueCents totalCostBasisCents totalUnrealizedGainCents isStale computedAt
  }
}`),ln=w(`
query PortalChart($clientId: ID!, $interval: HistoricalBalanceIntervalEnum!) {
  getChart(clientId: $clientId, interval: $interval) {
    points { date valueCents costBasisCents } startValueCents endValueCents changeCents changePercent isStale
  }
}`),cn=w(`
query PortalHarvest($clientId: ID!, $date: Date!) {
  getHarvestableLosses(clientId: $clientId, date: $date) {
    totalUnrealizedLossCents shortTermUnrealizedLossCents longTermUnrealizedLossCents
    assets {
      assetId asset { symbol name } amountExact price marketValueCents costBasisCents unrealizedGainCents
      shortTermUnrealizedGainCents longTermUnrealizedGainCents hasRecentAcquisition
    }
    unpricedAssetIds isStale
  }
}`),dn=w(`
query PortalForm8949($clientId: ID!, $year: Int!, $box: Form8949BoxEnum, $page: Int) {
  getForm8949PreviewForYear(clientId: $clientId, year: $year, box: $box, page: $page, limit: 25) {
    boxes { box term rowCount proceedsCents costBasisCents adjustmentCents gainOrLossCents }
    rows { transactionId description dateAcquired dateSold proceedsCents costBasisCents gainOrLossCents box }
    total page limit isStale
  }
}`),un=w(`
query PortalTaxForms($clientId: ID!, $year: Int!) {
  getTaxFormStatuses(clientId: $clientId, year: $year, formType: "FORM_1099_DA") {
    taxForms { id brokerName status statusMessage rowCount uploadedAt }
  }
}`),pn=w(`
query PortalReconciliation($clientId: ID!, $formId: ID!) {
  getTaxFormReconciliation(clientId: $clientId, taxFormId: $formId) {
    brokerProceedsCents computedProceedsCents proceedsDifferenceCents brokerCostBasisCents computedCostBasisCents
    matchedCount mismatchedCount missingInLedgerCount missingOnFormCount
    rows {
      id status transactionId assetSymbol amountExact dateSold brokerProceedsCents computedProceedsCents
      proceedsDifferenceCents brokerCostBasisCents computedCostBasisCents
    }
  }
}`),Qe=w(`
query PortalReports($clientId: ID!) {
  getReports(clientId: $clientId) { id type status year fileName isStale error createdAt completedAt }
}`),mn=w(`
query PortalRequestReport($clientId: ID!, $type: ReportExportTypeEnum!, $year: String!, $email: String) {
  getReportExportV2(clientId: $clientId, type: $type, dateQueryType: TAX_YEAR, year: $year, email: $email) {
    report { id status } isCached emailQueued
  }
}`),gn=w(`
query PortalDownloadUrl($id: ID!) { getReportDownloadUrl(reportId: $id) { url fileName } }`);var Ae=class{constructor(t,a,s){this.s=t;this.client=a;this.brand=s;this.changed=[];this.labelCache=[];this.accountCache=[]}q(t,a){return Ie(this.s,t,{clientId:this.client.id,...a})}accounts(){return this.accountsP||(this.accountsP=this.q(Xt).then(t=>t.getClientAccounts.filter(a=>!!a))),this.accountsP.catch(()=>{this.accountsP=void 0}),this.accountsP}assets(){return this.assetsP||(this.assetsP=this.q(Zt).then(t=>t.getClientAssets.assets)),this.assetsP.catch(()=>{this.assetsP=void 0}),this.assetsP}labels(){return this.labelsP||(this.labelsP=this.q(en).then(t=>t.getLabels)),this.labelsP.catch(()=>{this.labelsP=void 0}),this.labelsP}years(){return this.yearsP||(this.yearsP=this.q(Wt).then(t=>[...t.getTaxYears].reverse())),this.yearsP.catch(()=>{this.yearsP=void 0}),this.yearsP}async defaultYear(){let t=await this.years();return t.length?t[0]:new Date().getUTCFullYear()}labelName(t){if(!t)return"Unlabeled";let a=this.labelCache.find(s=>s.value===t);return a?a.name:t.replace(/_/g," ").replace(/^./,s=>s.toUpperCase())}accountName(t,a=this.accountCache){if(!t)return"Outside your accounts";let s=a.find(r=>r.id===t);return s?ne(s):"A removed account"}onChange(t){return this.changed.push(t),()=>{this.changed=this.changed.filter(a=>a!==t)}}ledgerChanged(t){t==="accounts"&&(this.accountsP=void 0,this.assetsP=void 0,this.yearsP=void 0),t==="results"&&(this.yearsP=void 0);for(let a of[...this.changed])a(t)}};function ne(n){let t=(n.name||"").trim();return t&&t!==n.address?t:n.address?`${ie(n.provider)} wallet ${n.address.length>16?`${n.address.slice(0,6)}\u2026${n.address.slice(-4)}`:n.address}`:ie(n.provider)}var Kn={ethereum:"Ethereum",bitcoin:"Bitcoin",solana:"Solana",base:"Base",arbitrum:"Arbitrum",optimism:"Optimism",polygon:"Polygon",bsc:"BNB Smart Chain",coinbase:"Coinbase",kraken:"Kraken",generic:"File",file:"File"};function ie(n){return Kn[n]||n.charAt(0).toUpperCase()+n.slice(1)}function x(n,t,...a){return n instanceof W?e("span"):e("div",{class:"notice error",role:"alert"},e("p",{},Z(n)),...a,t?N("Try again",t,"secondary small"):"")}function H(n,t,...a){let s=e("div",{class:"section-body"},...a);return{el:e("section",{class:"panel",id:n,"aria-labelledby":`${n}-h`},e("h2",{id:`${n}-h`},t),s),body:s}}function Jn(n,t){let a=new Intl.DateTimeFormat("en-US",{timeZone:n,hourCycle:"h23",year:"numeric",month:"2-digit",day:"2-digit",hour:"2-digit",minute:"2-digit",second:"2-digit"}).formatToParts(t),s=r=>Number(a.find(i=>i.type===r)?.value||0);return Date.UTC(s("year"),s("month")-1,s("day"),s("hour"),s("minute"),s("second"))-Math.floor(t.getTime()/1e3)*1e3}function yn(n,t,a,s){let r=Date.UTC(n,t-1,a);for(let i=0;i<2;i++)try{r=Date.UTC(n,t-1,a)-Jn(s,new Date(r))}catch{return new Date(Date.UTC(n,t-1,a))}return new Date(r)}function Ye(n,t){let[a,s]=(n.fiscalYearStart||"01-01").split("-").map(Number);return[yn(t,a||1,s||1,n.timezone).toISOString(),yn(t+1,a||1,s||1,n.timezone).toISOString()]}function Xn(n,t=new Date){let a=t.getUTCFullYear();return[a+1,a,a-1].find(s=>new Date(Ye(n,s)[0])<=t)??a-1}function ge(n,t,a){let s=[Xn(n),...t,...a?[a]:[]],r=[];for(let i=Math.max(...s);i>=Math.min(...s);i--)r.push(i);return r}function z(n,t){let a=n.jurisdictionRules.taxYearLabelFormat;return a.length===7?`${t}${a[4]}${String((t+1)%100).padStart(2,"0")}`:String(t)}function B(n,t=!1){let a=n.jurisdictionRules.words.cost;return t?a.charAt(0).toLowerCase()+a.slice(1):a}function Y(n,t,a=!1){let s=n.jurisdictionRules.words,r=t==="SHORT_TERM"?s.shortTerm||"Short-term":t==="LONG_TERM"?s.longTerm||"Long-term":t;return a?r.charAt(0).toLowerCase()+r.slice(1):r}var hn=1e3,Zn=1500,ea=15e3,ta=5e3,Pe=class{constructor(t){this.app=t;this.el=e("div",{id:"recalc-status",class:"status-bar","aria-live":"polite"});this.state="settled";this.following=!1;this.listeners=[];t.onChange(a=>{a==="edit"&&this.soon(),a!=="results"&&this.refresh()}),window.addEventListener("offline",()=>this.unreachable()),window.addEventListener("online",()=>this.refresh())}again(t){window.clearTimeout(this.check),this.check=window.setTimeout(()=>this.refresh(),t)}unreachable(){this.state="unreachable",this.el.dataset.state="unreachable",this.el.replaceChildren(e("div",{class:"status unreachable",id:"recalc-unreachable",role:"status"},e("span",{},"We can\u2019t reach the server right now, so what you see may be out of date. Trying again\u2026")));for(let t of this.listeners)t("unreachable");this.again(ta)}get scheduled(){return this.timer!==void 0}soon(){window.clearTimeout(this.timer),this.timer=window.setTimeout(()=>{this.timer=void 0,this.following?this.soon():this.start()},Zn)}onState(t){return this.listeners.push(t),()=>{this.listeners=this.listeners.filter(a=>a!==t)}}async refresh(){if(!this.following)try{let[t,a,s,r]=await Promise.all([this.app.q(jt),this.app.q(He),this.app.q(Kt),this.app.accounts()]);if(a.getActiveRecalculateJob)return this.follow(a.getActiveRecalculateJob);let i=!s.getMyActiveClient.lastRecalculatedAt&&r.length>0;this.show(t.countDirty>0||i?"dirty":"settled",t.countDirty,void 0,i),this.again(ea)}catch(t){if(t instanceof W)return;if(t instanceof k&&(t.code==="OFFLINE"||t.status>=500))return this.unreachable();this.el.replaceChildren(x(t,()=>this.refresh()))}}async start(){if(window.clearTimeout(this.timer),this.timer=void 0,!this.following)try{let t=(await this.app.q(Jt)).rerunGraph;await this.follow({id:t,status:"QUEUED",progress:0,attempt:1})}catch(t){this.el.replaceChildren(x(t,()=>this.start()))}}async follow(t){this.following=!0;let a=t;try{for(;a;){this.show("recalculating",0,a),await J(hn);try{a=(await this.app.q(He)).getActiveRecalculateJob}catch(s){if(s instanceof W)return;await J(hn*3)}}}finally{this.following=!1}re("Recalculation finished: your figures are up to date."),this.app.ledgerChanged("results"),await this.refresh()}show(t,a,s,r=!1){if(this.state=t,this.el.dataset.state=t,t==="recalculating"&&s){let i=s.status==="QUEUED";this.el.replaceChildren(e("div",{class:"status recalculating",id:"recalc-running"},e("span",{class:"spinner","aria-hidden":"true"}),e("span",{},i?"Updating your figures: queued\u2026":`Updating your figures\u2026 ${s.progress}%`),e("progress",{max:100,value:s.progress,"aria-label":"Recalculation progress"})))}else t==="dirty"?this.el.replaceChildren(e("div",{class:"status dirty",id:"recalc-dirty"},e("span",{},r?"Your taxes have not been calculated yet.":this.scheduled?"Updating your figures with your changes in a moment\u2026":a===1?"1 change is not in your figures yet.":`${a.toLocaleString("en-US")} changes are not in your figures yet.`),N(r?"Calculate":this.scheduled?"Update now":"Recalculate",()=>this.start(),"small",{id:"recalculate"}))):this.el.replaceChildren(e("div",{class:"status settled",id:"recalc-settled"},e("span",{class:"check","aria-hidden":"true"},"\u2713"),e("span",{},"Your figures are up to date.")));for(let i of this.listeners)i(t)}};var na={"tax-forms":"tax forms","form-8949-csv":"Form 8949","form-8949-pdf":"Form 8949","schedule-d-csv":"Schedule D","schedule-d-pdf":"Schedule D","schedule-1-pdf":"Schedule 1","capital-gains-csv":"capital gains report","income-csv":"income report","transaction-history-csv":"transaction history","turbotax-csv":"TurboTax file","taxact-csv":"TaxAct file","holdings-csv":"year-end holdings"};function In(n,t,a){let s=t.get("code")||"",r=t.get("report")||"",i=Number(t.get("expires")),o=t.get("signature")||"",d=()=>history.replaceState(null,"",location.pathname);document.readyState==="complete"?d():window.addEventListener("load",d,{once:!0});let h=(l,...u)=>{D(n),n.append(e("section",{class:"panel state",id:"state-download","data-state":a?.state||"unchecked","aria-labelledby":"dl-h"},e("h1",{id:"dl-h"},l),...u))},g="Request the report again in the tax portal of your provider: it e-mails you a new link.";switch(a?.state){case"expired":return h("This download link has expired",e("p",{id:"download-expired"},`For your security, download links work for a limited time. ${g}`));case"invalid":return h("This download link does not work",e("p",{id:"download-invalid"},`The link is incomplete or was changed. Open the whole link from the e-mail, or: ${g.charAt(0).toLowerCase()}${g.slice(1)}`));case"gone":return h("This report is no longer available",e("p",{id:"download-gone"},g))}let c=e("div",{id:"download-message",role:"status","aria-live":"polite"}),f=e("button",{type:"button",id:"download-report",onclick:async()=>{f.disabled=!0,c.replaceChildren(e("p",{},"Preparing your download\u2026"));try{let l=await it(s,r,i,o);c.replaceChildren(l==="ok"?e("p",{class:"notice ok",id:"download-started"},"Your download has started."):l==="expired"?e("p",{class:"notice error",role:"alert",id:"download-expired"},`This link has expired. ${g}`):e("p",{class:"notice error",role:"alert",id:"download-gone"},`This report is no longer available. ${g}`))}catch(l){c.replaceChildren(e("p",{class:"notice error",role:"alert"},l instanceof k?l.message:Z(l)))}finally{f.disabled=!1}}},"Download");if(a?.state==="ready"){let l=na[a.reportType||""]||"tax report",u=`${a.year?`${a.year} `:""}${l}`;return h(`Your ${u} ${l==="tax forms"?"are":"is"} ready`,e("p",{},a.fileName?`The file ${a.fileName} is ready to download.`:"The file is ready to download.",a.expiresAt?` This link works until ${Q(a.expiresAt)}.`:""),f,c)}return h("Download your tax report",e("p",{},i?`This link works until ${Q(new Date(i*1e3).toISOString())}.`:""),f,c)}var U=240,we=16,ye=52;function fn(n){return Math.max(280,Math.min(720,Math.floor(n.clientWidth||640)))}function bn(n,t){let a=t.flatMap($=>[$.capitalGainsCents,$.incomeCents]),s=Math.max(0,...a),r=Math.min(0,...a);if(s===0&&r===0)return e("p",{class:"empty",id:"chart-empty"},"No gains or income yet: the chart fills in once your taxes are calculated.");let i=fn(n),o=60,d=8,h=s-r||1,g=U-we-ye,c=i-o-d,f=$=>we+(s-$)/h*g,l=c/t.length,u=Math.min(28,l/3),y=[s,(s+r)/2,r].filter(($,I,R)=>R.indexOf($)===I),C=t.map($=>`${$.label}: gains ${b($.capitalGainsCents)}, income ${b($.incomeCents)}`).join("; ");return e("svg",{viewBox:`0 0 ${i} ${U}`,width:i,height:U,role:"img","aria-labelledby":"chart-title chart-desc",class:"chart-svg"},e("title",{id:"chart-title"},"Capital gains and income by tax year"),e("desc",{id:"chart-desc"},C),...y.map($=>e("g",{},e("line",{x1:o,x2:i-d,y1:f($),y2:f($),class:"grid"}),e("text",{x:o-6,y:f($)+4,"text-anchor":"end",class:"axis"},Oe(Math.round($))))),e("line",{x1:o,x2:i-d,y1:f(0),y2:f(0),class:"zero"}),...t.map(($,I)=>{let R=o+l*I+l/2,m=(S,T,p,A)=>e("rect",{x:T,width:u,y:Math.min(f(S),f(0)),height:Math.max(1,Math.abs(f(S)-f(0))),class:p,"data-year":$.year,"data-cents":S},e("title",{},`${$.label} ${A}: ${b(S)}`));return e("g",{},m($.capitalGainsCents,R-u-1,"bar gains","capital gains"),m($.incomeCents,R+1,"bar income","income"),e("text",{x:R,y:U-ye+18,"text-anchor":"middle",class:"axis"},$.label))}),e("g",{class:"legend"},e("rect",{x:o,y:U-14,width:12,height:12,class:"bar gains"}),e("text",{x:o+16,y:U-4,class:"axis"},"Capital gains"),e("rect",{x:o+120,y:U-14,width:12,height:12,class:"bar income"}),e("text",{x:o+136,y:U-4,class:"axis"},"Income")))}function $n(n,t,a,s){if(t.length<2||t.every(p=>p.valueCents===0&&p.costBasisCents===0))return e("p",{class:"empty",id:"value-chart-empty"},"Nothing to chart for this range yet.");if(t.every(p=>p.valueCents===0))return e("p",{class:"empty",id:"value-chart-unpriced"},"No price data for your holdings in this range, so their value cannot be charted.");let r=fn(n),i=64,o=8,d=t.flatMap(p=>[p.valueCents,p.costBasisCents]),h=Math.max(...d,0),g=Math.min(...d,0),c=h-g||1,f=U-we-ye,l=r-i-o,u=p=>i+l*p/(t.length-1),y=p=>we+(h-p)/c*f,C=p=>t.map((A,L)=>`${u(L).toFixed(1)},${y(p(A)).toFixed(1)}`).join(" "),$=`M${u(0).toFixed(1)},${y(0).toFixed(1)} L${C(p=>p.valueCents).replace(/ /g," L")} L${u(t.length-1).toFixed(1)},${y(0).toFixed(1)} Z`,I=[h,(h+g)/2,g].filter((p,A,L)=>L.indexOf(p)===A),R=new Date(t[0].date),m=new Date(t[t.length-1].date),S=p=>p.toLocaleDateString("en-US",{month:"short",year:"numeric"}),T=t[t.length-1];return e("svg",{viewBox:`0 0 ${r} ${U}`,width:r,height:U,role:"img","aria-labelledby":"value-title value-desc",class:"chart-svg"},e("title",{id:"value-title"},a),e("desc",{id:"value-desc"},`From ${S(R)} to ${S(m)}: value now ${b(T.valueCents)}, ${s.toLowerCase()} ${b(T.costBasisCents)}.`),...I.map(p=>e("g",{},e("line",{x1:i,x2:r-o,y1:y(p),y2:y(p),class:"grid"}),e("text",{x:i-6,y:y(p)+4,"text-anchor":"end",class:"axis"},Oe(Math.round(p))))),e("path",{d:$,class:"area"}),e("polyline",{points:C(p=>p.valueCents),class:"value-line"}),e("polyline",{points:C(p=>p.costBasisCents),class:"basis-line"}),e("text",{x:i,y:U-ye+18,class:"axis"},S(R)),e("text",{x:r-o,y:U-ye+18,"text-anchor":"end",class:"axis"},S(m)),e("g",{class:"legend"},e("rect",{x:i,y:U-14,width:12,height:12,class:"swatch-value"}),e("text",{x:i+16,y:U-4,class:"axis"},"Value"),e("line",{x1:i+80,x2:i+100,y1:U-8,y2:U-8,class:"basis-line"}),e("text",{x:i+106,y:U-4,class:"axis"},s)))}var ze=10,Cn=1e3,aa=[["ethereum","Ethereum"],["bitcoin","Bitcoin"],["solana","Solana"],["base","Base"],["arbitrum","Arbitrum"],["optimism","Optimism"],["polygon","Polygon"],["bsc","BNB Smart Chain"]],sa={ACTIVE:"Up to date",SYNCING:"Syncing",ERROR:"Sync failed",NEEDS_REAUTHENTICATION:"Needs new credentials",RETIRED:"Retired",DELETING:"Being removed"},ra={WALLET:"Wallet",EXCHANGE:"Exchange",BANK:"Bank",FILE:"File import",MANUAL:"Manual",VIRTUAL:"Position"},ve=class{constructor(t,a){this.app=t;this.accounts=[];this.syncing=!1;this.list=e("div",{id:"wallet-list"},q("your accounts"));this.count=e("p",{id:"wallet-count",class:"muted"});this.msg=e("div",{id:"wallet-message",role:"status","aria-live":"polite"});this.progress=e("div",{id:"sync-progress","aria-live":"polite"});this.syncButton=e("button",{type:"button",id:"sync-wallets",onclick:()=>this.startSync()},"Sync wallets");this.alive=!0;let s=e("input",{name:"address",required:!0,autocomplete:"off",spellcheck:!1,placeholder:"0x\u2026 , bc1\u2026 or a Solana address"}),r=e("input",{name:"name",maxlength:100,autocomplete:"off",placeholder:"e.g. Cold storage"});this.form=e("form",{id:"add-wallet",class:"inline-form",onsubmit:i=>{i.preventDefault(),this.add()}},M("wallet-address","Wallet address",s,"grow"),M("wallet-chain","Chain",_("chain",aa)),M("wallet-name","Name (optional)",r),e("button",{type:"submit",id:"add-wallet-button"},"Add wallet")),a.append(this.count,this.list,e("details",{class:"add-wallet"},e("summary",{},"Add a wallet"),this.form,this.msg),e("div",{class:"actions"},this.syncButton),this.progress)}stop(){this.alive=!1}async load(){try{this.accounts=await this.app.accounts(),this.render();let a=(await X(this.app.s,"GET","/account_syncs")).syncs.find(s=>s.status==="queued"||s.status==="running");a&&this.follow(a)}catch(t){D(this.list),this.list.append(x(t,()=>this.load()))}}render(){D(this.list);let t=this.accounts.length,a=this.accounts.filter(r=>r.type==="WALLET").length;this.count.textContent=`${t===1?"1 account":`${t} accounts`} \xB7 ${a} of ${ze} wallets`;let s=a>=ze;if(this.form.querySelectorAll("input,select,button").forEach(r=>r.disabled=s),s&&this.msg.replaceChildren(e("p",{class:"notice"},`You have reached the limit of ${ze} wallets.`)),this.syncButton.disabled=a===0||this.syncing,this.syncButton.hidden=a===0,t===0){this.list.append(O("No accounts yet. Add the address of a wallet you own, then sync it to import its transactions.","wallets-empty"));return}this.list.append(e("table",{class:"table cards"},e("caption",{class:"sr-only"},"Your accounts"),e("thead",{},e("tr",{},...["Account","Kind","Transactions","Status","Last synced"].map(r=>e("th",{scope:"col"},r)))),e("tbody",{},...this.accounts.map(r=>e("tr",{"data-account":r.id},e("td",{"data-label":"Account"},e("strong",{},ne(r)),r.address&&ne(r)===r.name?e("div",{class:"mono muted small",title:r.address},ee(r.address)):""),e("td",{"data-label":"Kind"},`${ra[r.type]||r.type}${r.type==="WALLET"?` \xB7 ${ie(r.provider)}`:""}`),e("td",{"data-label":"Transactions",class:"num"},r.transactionCount.toLocaleString("en-US")),e("td",{"data-label":"Status"},e("span",{class:`badge ${r.status.toLowerCase()}`},sa[r.status]||r.status),r.lastSyncError?e("div",{class:"muted small","data-sync-error":r.id},`${De(r)} the last time; sync again to retry.`):""),e("td",{"data-label":"Last synced"},r.type==="FILE"?"Imported file":Q(r.lastSyncedAt)))))))}async add(){let t=new FormData(this.form),a={address:String(t.get("address")).trim(),chain:String(t.get("chain"))},s=String(t.get("name")||"").trim();s&&(a.name=s),this.msg.replaceChildren(e("p",{},"Adding the wallet\u2026"));try{let r=await X(this.app.s,"POST","/accounts",{wallets:[a]});this.form.reset();let i=r.skipped.map(o=>`${ee(o.address)} was not added: ${o.reason==="already_added"?"you have it already":o.reason.replace(/_/g," ")}.`);this.msg.replaceChildren(...r.accounts.length?[e("p",{class:"notice ok"},"Wallet added. Sync it to import its transactions.")]:[],...i.map(o=>e("p",{class:"notice"},o))),this.app.ledgerChanged("accounts"),this.accounts=await this.app.accounts(),this.render()}catch(r){if(r instanceof k&&r.status===400){this.msg.replaceChildren(e("p",{class:"notice error",role:"alert",id:"wallet-error"},r.message)),document.getElementById("wallet-address").focus();return}this.msg.replaceChildren(x(r))}}async startSync(){this.syncButton.disabled=!0;try{this.follow(await X(this.app.s,"POST","/account_syncs",{}))}catch(t){this.syncButton.disabled=!1,this.progress.replaceChildren(x(t))}}async follow(t){for(this.syncing=!0,this.syncButton.disabled=!0;this.showSync(t),!(t.status==="completed"||t.status==="failed"||!this.alive);){await J(Cn);try{t=await X(this.app.s,"GET",`/account_syncs/${t.id}`)}catch(a){if(a instanceof W)return;this.progress.replaceChildren(e("p",{class:"notice"},"Lost contact with the server; trying again\u2026")),await J(Cn*3)}}if(this.syncing=!1,this.syncButton.disabled=!1,!!this.alive){this.app.ledgerChanged("accounts");try{this.accounts=await this.app.accounts(),this.render()}catch(a){this.list.replaceChildren(x(a,()=>this.load()))}}}showSync(t){let a=t.status==="completed"?"Sync complete":t.status==="failed"?"Sync stopped":t.status==="queued"?"Sync queued":"Syncing",s=this.app.client.timezone,r=t.retrying,i=r?this.accounts.find(o=>o.id===r.accountId):void 0;this.progress.replaceChildren(e("div",{class:`sync ${t.status}`,id:"sync-status","data-status":t.status},e("p",{},e("strong",{},`${a}: ${t.progress}%`)),e("progress",{max:100,value:t.progress,"aria-label":"Sync progress"}),r?e("p",{class:"notice",id:"sync-retrying"},`${De(i)}; we\u2019ll try again at ${ke(r.nextAttemptAt,s)}.`):"",t.status==="failed"?e("p",{class:"notice error"},"The sync stopped before every account was done. Try again in a few minutes."):"",e("ul",{class:"sync-accounts"},...t.accounts.map(o=>{let d=this.accounts.find(h=>h.id===o.accountId);return e("li",{"data-sync-account":o.accountId},`${d?ne(d):"An account"}: ${ia(o,d,s)}`)}))))}};function De(n){return n?n.type==="WALLET"?`We couldn\u2019t reach the ${ie(n.provider)} network`:`We couldn\u2019t reach ${ie(n.provider)}`:"We couldn\u2019t reach an account\u2019s source"}function ia(n,t,a){if(n.status==="syncing"&&n.nextAttemptAt)return`${De(t).replace("We","we")}; we\u2019ll try again at ${ke(n.nextAttemptAt,a)}.`;switch(n.status){case"queued":return"waiting to start.";case"syncing":return`importing (${n.progress}%).`;case"synced":return"done.";case"failed":return`${De(t).replace("We","we")}, so its new transactions are not imported; sync again later.`;default:return`${n.status}.`}}function Tn(n,t){let{app:a}=n;t.append(e("h1",{class:"welcome"},"Your crypto taxes"),a.s.email?e("p",{class:"muted",id:"signed-in-as"},`Signed in as ${a.s.email}`):"");let s=e("div",{class:"cards-row",id:"summary-cards","aria-live":"polite"},q("your figures")),r=e("figure",{id:"gains-chart",class:"chart"}),i=H("gains","Gains and income by year",r),o=H("wallets","Accounts and wallets");t.append(s,i.el,o.el);let d=new ve(a,o.body);d.load();let h=async()=>{try{let c=await a.years(),f=c.length?c[0]:new Date().getUTCFullYear(),[l,u,y]=await Promise.all([a.q(de,{year:String(f)}).then(T=>T.getIncomeAndCapGains),a.q(xe).then(T=>T.getPortfolioV2),a.q(te,{limit:1}).then(T=>T.getClientReviewQueue)]),C=y.totalCount;n.reviewCount(C);let $=(T,p,A,L,v)=>e("a",{class:"card",href:p,"data-figure":T},e("span",{class:"card-title"},A),e("span",{class:"card-value"},L),e("span",{class:"card-sub"},v)),I=(T,p)=>{let A=T.filter(v=>v.valueCents!==null&&v.valueCents!==void 0);if(T.length===0)return $("portfolio","#/portfolio","Portfolio value",b(0),"You hold nothing yet");if(A.length===0)return $("portfolio","#/portfolio","Portfolio value","No prices","Prices are not available right now");let L=A.reduce((v,On)=>v+(On.unrealizedGainCents||0),0);return $("portfolio","#/portfolio","Portfolio value",b(p),`Unrealized ${E(L)}${A.length<T.length?` \xB7 ${T.length-A.length} without a price`:""}`)};if(D(s),c.length===0){let T=(await a.accounts()).reduce((p,A)=>p+A.transactionCount,0);s.append(T>0?e("div",{class:"empty wide",id:"overview-empty","data-imported":T},e("p",{},`${T===1?"1 transaction is":`${T.toLocaleString("en-US")} transactions are`} imported; your taxes have not been calculated yet.`),N("Calculate my taxes",()=>n.recalc.start(),"",{id:"overview-calculate"})):e("div",{class:"empty wide",id:"overview-empty"},e("p",{},"No tax figures yet. Add your wallets and exchanges below and sync them; your taxes are calculated from their transactions.")))}else s.append($("capital-gains",`#/tax?year=${f}`,`${z(a.client,f)} capital gains`,E(l.capGainsCents),a.client.jurisdictionRules.hasHoldingTerms?`${Y(a.client,"SHORT_TERM")} ${E(l.shortTermCapGainsCents)} \xB7 ${Y(a.client,"LONG_TERM")} ${E(l.longTermCapGainsCents)}`:a.client.jurisdictionRules.words.netGain),$("income",`#/tax?year=${f}`,`${z(a.client,f)} income`,b(l.incomeCents),"Staking, rewards and other income"));s.append(I(u.positions,u.totalValueCents),$("review","#/review","To review",C===0?"All clear":String(C),C===0?"Nothing needs your attention":`${C===1?"transaction needs":"transactions need"} a look`));let R=[...c].slice(0,6).reverse(),m=await Promise.all(R.map(T=>a.q(de,{year:String(T)}).then(p=>({year:T,label:z(a.client,T),capitalGainsCents:p.getIncomeAndCapGains.capGainsCents,incomeCents:p.getIncomeAndCapGains.incomeCents})))),S=bn(r,m);r.replaceChildren(S,S.tagName==="svg"?e("figcaption",{},`Capital gains and income by tax year (${a.client.currency})`):"")}catch(c){s.replaceChildren(x(c,h))}};h();let g=a.onChange(h);return()=>{g(),d.stop()}}function oe(n){return`${F(n.amountExact)} ${n.asset?.symbol||"?"}`}var oa={sell:"Sold",gift_sent:"Gave away",donation:"Donated",lost:"Lost",payment:"Paid with",fee:"Paid a fee of"},la={buy:"Bought",staking_reward:"Earned",mining:"Mined",airdrop:"Received an airdrop of",interest:"Earned interest of",reward:"Earned",income:"Was paid",gift_received:"Was given"};function ae(n){let t=n.transfers.filter(o=>!o.isFee),a=t.filter(o=>o.direction==="OUTGOING"),s=t.filter(o=>o.direction==="INCOMING"),r=t.filter(o=>o.direction==="INTERNAL");if(t.length===0)return n.transfers.length?`Fee of ${oe(n.transfers[0])}`:"No transfers";if(a.length&&s.length)return`${a.map(oe).join(" + ")} \u2192 ${s.map(oe).join(" + ")}`;if(r.length&&!a.length&&!s.length)return`Moved ${r.map(oe).join(" + ")}`;let i=n.label||"";return a.length?`${oa[i]||"Sent"} ${a.map(oe).join(" + ")}`:`${la[i]||"Received"} ${s.map(oe).join(" + ")}`}function Ee(n,t){let a=[],s=(r,i)=>a.push(e("span",{class:`badge ${r}`},i));return n.isMissingBasis&&s("critical",`Missing ${B(t.client,!0)}`),n.hasNegativeBalance&&s("warning","Negative balance"),n.isInternalTransfer&&s("info","Internal transfer"),n.isHidden&&s("muted","Hidden"),n.isSpam&&s("muted","Spam"),n.isDirty&&s("info","Changed; recalculate"),a}function We(n){return!!n.isMissingBasis&&!n.fiatValueCents}function Sn(n){if(We(n)&&!Number(n.capGainsSumSigned??0)&&!n.incomeSum)return e("span",{class:"badge critical"},"No price");if(n.capGainsSumSigned!==null&&n.capGainsSumSigned!==void 0){let t=Number(n.capGainsSumSigned);return e("span",{class:t<0?"loss":"gain"},`${t<0?"Loss":"Gain"} ${E(t)}`)}return n.incomeSum?e("span",{class:"income"},`Income ${b(n.incomeSum)}`):""}function le(n,t){return!t.label&&t.isInternalTransfer?"Transfer between your accounts":n.labelName(t.label)}var ca=()=>window.matchMedia("(max-width: 40rem)").matches?25:50,da=n=>[["","Everything"],["missing-basis",`Missing ${n}`],["uncovered-disposals","Sold more than held"],["negative-balance","Negative balance"],["unlabeled","Unlabeled"],["possible-internal-transfer","Possible move between your accounts"]];function xn(n,t,a){let{app:s}=n,r=Math.max(0,Number(a.get("page"))||0),i={q:a.get("q")||"",year:a.get("year")||"",asset:a.get("asset")||"",account:a.get("account")||"",label:a.get("label")||"",review:a.get("review")||"",hidden:a.get("hidden")==="1"},o=m=>{let S=new URLSearchParams,T={q:i.q,year:i.year,asset:i.asset,account:i.account,label:i.label,review:i.review,hidden:i.hidden?"1":"",page:"",...m};for(let[p,A]of Object.entries(T))A&&S.set(p,A);location.hash=`#/transactions${S.toString()?`?${S}`:""}`},d=!!(i.q||i.year||i.asset||i.account||i.label||i.review||i.hidden),h=e("input",{type:"search",name:"q",value:i.q,placeholder:"Hash, note, address or asset",autocomplete:"off"}),g=_("year",[["","All years"]],i.year),c=_("asset",[["","All assets"]],i.asset),f=_("account",[["","All accounts"]],i.account),l=_("label",[["","All labels"],["unlabeled","Unlabeled"]],i.label),u=_("review",da(B(n.app.client,!0)),i.review),y=e("input",{type:"checkbox",name:"hidden",id:"f-hidden",checked:i.hidden}),C=e("form",{class:"filters",id:"tx-filters",role:"search","aria-label":"Filter transactions",onsubmit:m=>{m.preventDefault(),o({q:h.value.trim()})}},e("div",{class:"search-row"},M("f-q","Search",h,"grow"),e("button",{type:"submit",id:"f-search"},"Search")),e("div",{class:"filter-row"},M("f-year","Tax year",g),M("f-asset","Asset",c),M("f-account","Account",f),M("f-label","Label",l),M("f-review","Needs review",u),e("div",{class:"field check"},y,e("label",{for:"f-hidden"},"Include hidden"))),d?N("Clear filters",()=>{location.hash="#/transactions"},"link",{id:"f-clear"}):""),$=(m,S)=>m.addEventListener("change",()=>o({[S]:m instanceof HTMLInputElement&&m.type==="checkbox"?m.checked?"1":"":m.value}));$(g,"year"),$(c,"asset"),$(f,"account"),$(l,"label"),$(u,"review"),$(y,"hidden");let I=e("div",{id:"tx-list","aria-live":"polite"},q("transactions"));t.append(e("h1",{},"Transactions"),C,I),Promise.all([s.years(),s.assets(),s.accounts(),s.labels()]).then(([m,S,T,p])=>{g.append(...ge(s.client,m).map(A=>e("option",{value:A},z(s.client,A)))),c.append(...S.map(A=>e("option",{value:A.id},A.name&&A.name!==A.symbol?`${A.symbol} \xB7 ${A.name}`:A.symbol))),f.append(...T.map(A=>e("option",{value:A.id},ne(A)))),l.append(...p.map(A=>e("option",{value:A.value},A.name))),g.value=i.year,c.value=i.asset,f.value=i.account,l.value=i.label}).catch(()=>{});let R=async()=>{let m={page:r,limit:ca(),includeHidden:i.hidden||void 0};i.q&&(m.search=i.q),i.year&&([m.startDate,m.endDate]=Ye(s.client,Number(i.year))),i.asset&&(m.assetIds=[i.asset]),i.account&&(m.accountIds=[i.account]),i.label==="unlabeled"?m.labelFilterMode="unlabeled":i.label&&(m.labels=[i.label]),i.review&&(m.insightPatternId=i.review);try{let[S]=await Promise.all([s.q(fe,m),s.accounts().then(p=>{s.accountCache=p}),s.labels().then(p=>{s.labelCache=p})]),T=S.getClientTransactions;if(D(I),T.transactions.length===0){I.append(r>0?O("No more transactions on this page.","tx-empty",e("a",{href:"#",onclick:p=>{p.preventDefault(),o({page:""})}},"Back to the first page")):d?O("No transaction matches these filters.","tx-empty",N("Clear filters",()=>{location.hash="#/transactions"},"secondary")):O("No transactions yet. Add your wallets and exchanges on the Overview page and sync them.","tx-empty"));return}I.append(e("table",{class:"table cards tx-table"},e("caption",{class:"sr-only"},`Transactions, page ${r+1}`),e("thead",{},e("tr",{},...["Date","Type","What happened","Value","Gain or income",""].map(p=>e("th",{scope:"col"},p)))),e("tbody",{},...T.transactions.map(p=>e("tr",{"data-tx":p.id,class:p.isHidden?"hidden-tx":"",onclick:A=>{A.target.closest("a, button")||(location.hash=`#/transactions/${p.id}`)}},e("td",{"data-label":"Date"},e("a",{href:`#/transactions/${p.id}`,class:"tx-link"},V(p.createdAt))),e("td",{"data-label":"Type"},le(s,p)),e("td",{"data-label":"What happened"},ae(p),e("div",{class:"muted small"},s.accountName(p.accountId))),e("td",{"data-label":"Value",class:"num"},We(p)?e("span",{class:"badge critical"},"No price"):b(p.fiatValueCents)),e("td",{"data-label":"Gain or income",class:"num"},Sn(p)),e("td",{"data-label":"State",class:"flags"},...Ee(p,s))))))),I.append(e("nav",{class:"pager","aria-label":"Pages"},r>0?N("Previous page",()=>o({page:r>1?String(r-1):""}),"secondary",{id:"tx-prev"}):"",e("span",{class:"muted"},`Page ${r+1}`),T.hasNextPage?N("Next page",()=>o({page:String(r+1)}),"secondary",{id:"tx-next"}):""))}catch(S){I.replaceChildren(x(S,R))}};return R(),s.onChange(R)}function ua(n,t){let a=Math.round((new Date(t).getTime()-new Date(n).getTime())/6e4);if(a<1)return"at once";if(a<120)return`${a} minute${a===1?"":"s"} later`;let s=Math.round(a/60);return s<48?`${s} hours later`:`${Math.round(s/24)} days later`}function Re(n,t,a){let s=t.asset?.symbol||"",r=e("div",{role:"status"}),i=Number(t.feeAmountExact),o=e("button",{type:"button",class:"small","data-pair":`${t.fromTransactionId}:${t.toTransactionId}`,onclick:async()=>{try{await G(o,"Pairing\u2026",()=>n.q(an,{from:t.fromTransactionId,to:t.toTransactionId})),await a()}catch(d){r.replaceChildren(x(d))}}},"Pair as a move between my accounts");return e("div",{class:"pair-card","data-pair-card":`${t.fromTransactionId}:${t.toTransactionId}`},e("p",{},e("a",{href:`#/transactions/${t.fromTransactionId}`},`Sent ${F(t.sentAmountExact)} ${s}`),` from ${n.accountName(t.fromAccountId)} on ${V(t.sentAt)}, and `,e("a",{href:`#/transactions/${t.toTransactionId}`},`received ${F(t.receivedAmountExact)} ${s}`),` in ${n.accountName(t.toAccountId)} ${ua(t.sentAt,t.receivedAt)}`,i>0?` (${F(t.feeAmountExact)} ${s} went to fees).`:"."),e("p",{class:"muted small"},`Unpaired, the first counts as a sale on ${Q(t.sentAt)} and the second as a new purchase. If both accounts are yours, pair them: the coins keep their cost basis and nothing is taxed.`),o,r)}function wn(n,t,a){let{app:s}=n,r=e("div",{id:"tx-detail"},q("the transaction"));t.append(e("p",{class:"back"},e("a",{href:"#/transactions"},"\u2190 All transactions")),r);let i=!0,o=async c=>{try{let[f]=await Promise.all([s.q(ue,{id:a}),s.accounts().then(y=>{s.accountCache=y}),s.labels().then(y=>{s.labelCache=y})]),l=f.getTransaction,u=l.isInternalTransfer&&l.linkedTransactionId?(await s.q(ue,{id:l.linkedTransactionId})).getTransaction:void 0;if(!i)return;h(l,u,c)}catch(f){D(r),r.append(e("h1",{},"Transaction"),x(f,()=>o()))}},d=async c=>{s.ledgerChanged("edit"),n.recalc.refresh(),await o(c),re(c)},h=(c,f,l)=>{D(r);let u=`${f&&!c.label?ga(s,c,f):le(s,c)} \xB7 ${V(c.createdAt)}`,y=e("div",{id:"tx-message",role:"status","aria-live":"polite"},l?e("p",{class:"notice ok"},l,n.recalc.state!=="recalculating"?" Your figures are updated in a moment.":""):"");r.append(e("h1",{id:"tx-title"},u),e("p",{class:"lead"},ae(c)),e("p",{class:"muted"},`${s.accountName(c.accountId)} \xB7 ${Q(c.createdAt)}`,c.txnHash?[" \xB7 ",c.explorerUrl&&/^https:\/\//.test(c.explorerUrl)?e("a",{href:c.explorerUrl,target:"_blank",rel:"noopener noreferrer"},`View on explorer (${ee(c.txnHash)})`):e("span",{class:"mono",title:c.txnHash},ee(c.txnHash))]:""),e("div",{class:"flags"},...Ee(c,s)),ma(c),y,ha(c),Ia(s,c,f,d));let C=H("why","Why these figures",q("the lots behind this transaction"));r.append(C.el),vn(s,c,C.body),r.append($a(n,c,d));let $=H("history","History of changes",q("the history"));r.append($.el),Dn(s,c,$.body,d)};o();let g=s.onChange(()=>{n.recalc.state==="settled"&&o()});return()=>{i=!1,g()}}var pa={HIGH:"high confidence",MEDIUM:"medium confidence",LOW:"low confidence"};function ma(n){let t=n.classification;if(!t)return"";let a=t.confidence==="LOW"&&!n.isReviewed&&!n.isEdited;return e("div",{class:"classification",id:"tx-classification","data-rule":t.rule,"data-confidence":t.confidence},e("p",{},"Read by the rule ",e("strong",{},t.rule),` (${pa[t.confidence]||t.confidence}): ${t.explanation}.`,a?[" ",e("span",{class:"badge warning"},"Needs review")]:""),e("p",{class:"muted small"},n.isEdited?"You changed this transaction: your edit stays, whatever the rules say later.":"Change the label below if this reading is wrong: your edit always wins over the rules."))}function ga(n,t,a){return`Transfer ${t.transfers.some(r=>r.direction==="OUTGOING"&&!r.isFee)?"to":"from"} ${n.accountName(a.accountId)}`}function ya(n){return n.isInternalTransfer?n.transfers.filter(t=>!t.isFee&&t.capGainsSumSigned!==null&&t.capGainsSumSigned!==void 0).reduce((t,a)=>t+Number(a.capGainsSumSigned)+(a.basisFiatValueCents??0),0):0}function ha(n){let t=n.capGainsSumSigned!==null&&n.capGainsSumSigned!==void 0?Number(n.capGainsSumSigned):null,a=[["value","Value",b(n.fiatValueCents)],["fees","Fees",b((n.feeFiatValueCents??0)+ya(n))]];return t!==null&&a.push(["gain",t<0?"Capital loss":"Capital gain",E(t)]),n.incomeSum&&a.push(["income","Income",b(n.incomeSum)]),e("dl",{class:"figures",id:"tx-figures"},...a.map(([s,r,i])=>e("div",{class:"figure","data-figure":s},e("dt",{},r),e("dd",{},i))))}function An(n,t,a){if(t)return n.accountName(t);let s=a?n.accountCache.find(r=>r.address&&r.address.toLowerCase()===a.toLowerCase()):void 0;return s?n.accountName(s.id):a?ee(a):"Outside your accounts"}function Ia(n,t,a,s){let r=H("transfers","Transfers"),i=t.transfers.map(o=>{let d=o.capGainsSumSigned!==null&&o.capGainsSumSigned!==void 0?Number(o.capGainsSumSigned):null,h=e("div",{class:"transfer-edit",id:`edit-${o.id}`}),g=e("tr",{class:"edit-row",hidden:!0},e("td",{colspan:6},h)),c=N("Edit value",()=>{g.hidden=!g.hidden,c.setAttribute("aria-expanded",String(!g.hidden)),g.hidden||h.querySelector("input")?.focus()},"link small",{"aria-expanded":"false","aria-controls":`edit-${o.id}`,"data-edit-transfer":o.id});return fa(n,t,o,h,s),[e("tr",{"data-transfer":o.id,class:o.isHidden?"hidden-tx":""},e("td",{"data-label":"Transfer"},e("strong",{},`${o.direction==="OUTGOING"?"\u2212":o.direction==="INCOMING"?"+":""}${F(o.amountExact)} ${o.asset?.symbol||""}`),o.isFee?e("span",{class:"badge muted"},"Fee"):"",o.isHidden?e("span",{class:"badge muted"},"Hidden"):""),e("td",{"data-label":"From \u2192 to"},`${An(n,o.fromAccountId??(a&&!o.isFee&&o.direction==="INCOMING"?a.accountId:null),o.fromAddress)} \u2192 ${An(n,o.toAccountId??(a&&!o.isFee&&o.direction==="OUTGOING"?a.accountId:null),o.toAddress)}`),e("td",{"data-label":"Market value",class:"num"},o.fiatValueCents===null||o.fiatValueCents===void 0?e("span",{class:"badge critical"},"No price"):b(o.fiatValueCents),o.isFiatValueOverridden?e("div",{class:"muted small"},"set by you"):""),e("td",{"data-label":B(n.client),class:"num"},b(o.basisFiatValueCents)),e("td",{"data-label":"Gain or income",class:"num"},d!==null?`${E(d)}${o.saleTerm&&n.client.jurisdictionRules.hasHoldingTerms?` (${Y(n.client,o.saleTerm,!0)})`:""}`:o.incomeSum?`Income ${b(o.incomeSum)}`:"\u2014",o.uncoveredAmountExact?e("div",{class:"muted small"},`${F(o.uncoveredAmountExact)} ${o.asset?.symbol||""} not covered by your lots`):""),e("td",{"data-label":"Change"},c)),g]});return r.body.append(e("table",{class:"table cards"},e("caption",{class:"sr-only"},"Transfers of this transaction"),e("thead",{},e("tr",{},...["Transfer","From \u2192 to","Market value",B(n.client),"Gain or income",""].map(o=>e("th",{scope:"col"},o)))),e("tbody",{},...i.flat()))),r.el}function fa(n,t,a,s,r){let i=a.asset?.symbol||"units",o=e("input",{type:"number",min:"0",step:"0.01",inputmode:"decimal",value:a.fiatValueCents!=null?(a.fiatValueCents/100).toFixed(2):""}),d=e("input",{type:"number",min:"0",step:"any",inputmode:"decimal"}),h=e("input",{type:"number",min:"0",step:"0.01",inputmode:"decimal",value:a.basisFiatValueCents!=null?(a.basisFiatValueCents/100).toFixed(2):""}),g=e("div",{role:"status"}),c=a.direction==="INCOMING",f=o.value,l=h.value;d.addEventListener("input",()=>{let C=Number(d.value);d.value&&isFinite(C)&&(o.value=(C*Number(a.amountExact)).toFixed(2))});let u=e("button",{type:"submit"},"Save value"),y=e("form",{class:"inline-form","data-value-form":a.id,onsubmit:async C=>{C.preventDefault();let $=o.value===""||o.value===f?void 0:Number(o.value),I=c&&h.value!==""&&h.value!==l?Number(h.value):void 0;if($===void 0&&I===void 0){g.replaceChildren(e("p",{class:"notice error"},o.value===""?"Enter a value.":`Change the value or the ${B(n.client,!0)}.`));return}try{await G(u,"Saving\u2026",()=>n.q(Ge,{tx:t.id,transfer:a.id,value:$,basis:I})),await r(`Saved the value of ${F(a.amountExact)} ${i}.`)}catch(R){g.replaceChildren(x(R))}}},M(`per-unit-${a.id}`,`Price per ${i} (${n.client.currency})`,d),M(`value-${a.id}`,`${c?"Market value":a.isFee?"Fee value":"Proceeds"} (${n.client.currency})`,o),c?M(`basis-${a.id}`,`${B(n.client)} (${n.client.currency})`,h):"",u,a.isFiatValueOverridden?N("Back to the imported value",async C=>{try{await G(C.currentTarget,"Resetting\u2026",()=>n.q(Ge,{tx:t.id,transfer:a.id,reset:!0})),await r("The imported value is back.")}catch($){g.replaceChildren(x($))}},"secondary"):"");s.append(y,g)}async function vn(n,t,a){let s=t.transfers.filter(d=>d.capGainsSumSigned!==null&&d.capGainsSumSigned!==void 0),r=t.transfers.filter(d=>d.incomeSum),i=t.transfers.filter(d=>d.direction==="INCOMING"&&!d.incomeSum&&!t.isInternalTransfer),o=[...new Set([...s,...i].map(d=>d.asset?.pricingKey).filter(d=>!!d))];try{let d=await Promise.all(o.map(g=>n.q(be,{key:g,id:t.id}).then(c=>({key:g,...c.getTaxLots}))));D(a);let h=[];t.isHidden&&h.push(e("p",{},"This transaction is hidden: it does not count in your taxes.")),t.isInternalTransfer&&h.push(e("p",{},`A move between your own accounts: the coins keep their ${B(n.client,!0)} and purchase date, and nothing is taxed.`));for(let g of s){let c=d.flatMap(m=>m.disposals).filter(m=>m.transferId===g.id),f=d.find(m=>m.key===g.asset?.pricingKey)?.costBasisAlgorithm||n.client.costBasisAlgorithm,l=g.asset?.symbol||"",u=Number(g.capGainsSumSigned),y=g.basisFiatValueCents??c.reduce((m,S)=>m+S.costBasisCents,0),C=y+u,$=(g.fiatValueCents??C)-C,I=t.isInternalTransfer&&!g.isFee,R=c.reduce((m,S)=>m+Number(S.amountExact),0);h.push(e("div",{class:"why","data-why-transfer":g.id,"data-network-fee":I?"true":void 0},e("h3",{},I?`Network fee of ${F(String(Number(R.toPrecision(12))))} ${l}`:`${g.isFee?"Fee paid with":"Disposal of"} ${F(g.amountExact)} ${l}`),I?e("p",{},`The ${F(String(Number(R.toPrecision(12))))} ${l} that left but did not arrive paid the network fee; it counts as a small sale: ${u<0?"loss":"gain"} ${E(u)}.`):"",e("p",{class:"equation"},`${n.client.jurisdictionRules.words.proceeds} ${b(C)} \u2212 ${B(n.client,!0)} ${b(y)} = `,e("strong",{},`${u<0?"loss":"gain"} ${E(u)}`)),$>0&&!I?e("p",{class:"muted small"},`The proceeds are the market value of ${b(g.fiatValueCents)} less ${b($)} of fees.`):"",e("p",{class:"muted small"},n.client.jurisdictionRules.matchingText||`Lots are taken ${ba(f)}. Each piece below is the part of this disposal one lot covered.`),e("ul",{class:"pieces"},...c.map(m=>e("li",{"data-piece":m.lotTransactionId||"uncovered","data-match":m.match||""},m.isUncovered?[e("strong",{},`${F(m.amountExact)} ${l} not covered by any ${n.client.jurisdictionRules.words.holding}`),`: counted with a zero ${B(n.client,!0)}. Add the account or transaction it came from, or pair the move that brought it.`]:m.match&&m.match!=="LOT"?xa(m,l):[`${F(m.amountExact)} ${l} from the lot acquired `,m.lotTransactionId?e("a",{href:`#/transactions/${m.lotTransactionId}`},V(m.lotAcquiredAt)):V(m.lotAcquiredAt),`: proceeds ${b(m.proceedsCents)} \u2212 ${B(n.client,!0)} ${b(m.costBasisCents)} = ${E(m.gainCents)}${n.client.jurisdictionRules.hasHoldingTerms?`, ${Y(n.client,m.term,!0)}`:""}${m.box?`, Form 8949 box ${m.box}`:""}`,m.isMissingBasis?e("span",{class:"badge critical"},"Basis unknown"):""]))),c.length===0?e("p",{class:"muted"},"The lots behind this disposal appear once your taxes are recalculated."):""))}for(let g of r)h.push(e("div",{class:"why"},e("h3",{},`Income: ${F(g.amountExact)} ${g.asset?.symbol||""}`),e("p",{},`Counted as income of ${b(g.incomeSum)}, its market value when received. That value is also the ${B(n.client,!0)} of the coins, for when you sell them.`)));for(let g of i){let c=d.filter(l=>l.key===g.asset?.pricingKey).flatMap(l=>l.lots),f=g.asset?.symbol||"";h.push(e("div",{class:"why"},e("h3",{},`Acquisition of ${F(g.amountExact)} ${f}`),g.basisFiatValueCents===null||g.basisFiatValueCents===void 0?e("p",{},`No price is known for this receipt, so its coins have an unknown ${B(n.client,!0)}: a later sale of them counts in full as a gain. Set its value above.`):e("p",{},`${B(n.client)} ${b(g.basisFiatValueCents)}: what was paid or given for it, fees included.`),c.length?e("p",{class:"muted"},`Still held from it: ${c.map(l=>`${F(l.amountExact)} of ${F(l.originalAmountExact)} ${f} (${B(n.client,!0)} ${b(l.costBasisCents)}${n.client.jurisdictionRules.hasHoldingTerms?`, ${Y(n.client,l.term,!0)} if sold now`:""})`).join("; ")}.`):e("p",{class:"muted"},"Nothing of it is held any more: it was sold, spent or moved on.")))}h.length===0&&h.push(e("p",{class:"muted"},"This transaction has no tax effect: nothing was sold, spent or earned.")),a.append(...h)}catch(d){a.replaceChildren(x(d,()=>vn(n,t,a)))}}function ba(n){return{FIFO:"first in, first out (FIFO)",LIFO:"last in, first out (LIFO)",HIFO:"highest cost first (HIFO)",LOFO:"lowest cost first (LOFO)",AVERAGE_COST:"at their average cost"}[n]||n}function $a(n,t,a){let{app:s}=n,r=H("fix","Change this transaction"),i=e("div",{role:"status","aria-live":"polite"}),o=_("label",[["","Loading labels\u2026"]]);o.disabled=!0;let d=e("button",{type:"submit",id:"save-label"},"Save label"),h=e("p",{class:"muted small",id:"label-help"});s.q($e,{id:t.id}).then(u=>{let y=u.getTransactionTypeOptions,C=new Set(y.recommended.map(I=>I.value));o.replaceChildren(e("option",{value:""},"No label"),...y.options.map(I=>e("option",{value:I.value},C.has(I.value)?`${I.name} (suggested)`:I.name))),o.value=t.label||"",o.disabled=!1;let $=()=>{h.textContent=y.options.find(I=>I.value===o.value)?.description||"Without a label, what leaves is taxed as a sale and what arrives as a purchase."};o.addEventListener("change",$),$()}).catch(u=>i.replaceChildren(x(u)));let g=e("form",{class:"inline-form",id:"label-form",onsubmit:async u=>{u.preventDefault();let y=o.value;try{await G(d,"Saving\u2026",()=>s.q(Te,y?{ids:[t.id],label:y}:{ids:[t.id],wipe:!0})),await a(y?`Labeled as ${s.labelName(y)}.`:"Label removed.")}catch(C){i.replaceChildren(x(C))}}},M("tx-label","Label",o,"grow"),d),c=e("div",{class:"actions",id:"tx-actions"}),f=(u,y,C,$,I,R="secondary")=>N(u,async m=>{try{await G(m.currentTarget,C,$),await a(I)}catch(S){i.replaceChildren(x(S))}},R,{id:y});c.append(t.isHidden?f("Unhide","unhide-tx","Unhiding\u2026",()=>s.q(pe,{id:t.id,hidden:!1}),"The transaction counts again."):f("Hide","hide-tx","Hiding\u2026",()=>s.q(pe,{id:t.id,hidden:!0}),"Hidden: the transaction no longer counts in your taxes."),f(t.isReviewed?"Mark as not reviewed":"Mark as reviewed","review-tx","Saving\u2026",()=>s.q(Se,{id:t.id,reviewed:!t.isReviewed}),t.isReviewed?"Marked as not reviewed.":"Marked as reviewed.")),t.isMissingBasis&&c.append(f(`Accept a zero ${B(s.client,!0)}`,"accept-basis","Saving\u2026",()=>s.q(me,{ids:[t.id],override:!0}),`Accepted: this transaction is no longer flagged for its missing ${B(s.client,!0)}.`));let l=e("div",{id:"tx-pair"});if(t.isInternalTransfer&&t.linkedTransactionId){let u=t.transfers.some($=>$.direction==="OUTGOING"||$.fromAccountId&&!$.isFee),[y,C]=u?[t.id,t.linkedTransactionId]:[t.linkedTransactionId,t.id];l.append(e("p",{},`Paired ${t.linkType==="BRIDGE"?"as a bridge":t.linkType==="CROSS_CHAIN_SWAP"?"as a cross-chain swap":"as a move between your own accounts"} with `,e("a",{href:`#/transactions/${t.linkedTransactionId}`,"data-other-side":""},"the other side"),"."),f("Unpair","unpair-tx","Unpairing\u2026",()=>s.q(sn,{from:y,to:C}),"Unpaired: both sides count on their own again."))}else s.q(Ce,{id:t.id,limit:1}).then(u=>{let y=u.getTransferPairSuggestions[0];y&&l.append(Re(s,y,async()=>{await a("Paired as a move between your own accounts.")}))}).catch(u=>l.append(x(u)));return r.body.append(g,h,l,c,i),r.el}var Ca={label:"Label",isHidden:"Hidden",isReviewed:"Reviewed",notes:"Notes",fiatValue:"Value",basisFiatValue:"Cost basis",internalTransferTo:"Move between your accounts",bridgeTo:"Bridge",crossChainSwapTo:"Cross-chain swap",isMissingBasisOverride:"Missing cost basis accepted",createdAt:"Date",amount:"Quantity",quantity:"Quantity",assetId:"Asset"},Ta=new Set(["internalTransferTo","bridgeTo","crossChainSwapTo"]),Sa=/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;function Pn(n,t){return n&&Ta.has(n)?t?"paired":"not paired":t==null||t===""?n==="label"?"no label":"nothing":typeof t=="string"&&Sa.test(t)?n==="assetId"?"another asset":"another one":typeof t=="boolean"?t?"yes":"no":n==="label"&&typeof t=="string"?t.replace(/_/g," "):(n==="fiatValue"||n==="basisFiatValue")&&(typeof t=="string"||typeof t=="number")?b(Math.round(Number(t)*100)):typeof t=="string"?t.length>40?`${t.slice(0,37)}\u2026`:t:JSON.stringify(t).slice(0,40)}async function Dn(n,t,a,s){try{let r=await n.q(tn,{ids:[t.id]}),i=r.getClientAuditLogs.auditLogs;if(D(a),i.length===0){a.append(e("p",{class:"muted",id:"history-empty"},"No changes since it was imported."));return}let o=e("div",{role:"status"});a.append(e("ul",{class:"history",id:"history-list"},...i.map(d=>{let h=d.field?`${Ca[d.field]||d.field}: ${Pn(d.field,d.oldValue)} \u2192 ${Pn(d.field,d.newValue)}`:d.action.replace(/^\w+\./,"").replace(/_/g," "),g=d.actorType==="USER"?"you":d.actorType==="API_KEY"?"an app":d.actorType==="STAFF"?"support":`${n.brand.name} or an import`;return e("li",{"data-audit":d.id,class:d.undoneAt?"undone":""},e("span",{},e("strong",{},h),e("span",{class:"muted small"},` \xB7 ${Q(d.createdAt)} \xB7 by ${g}`),d.undoneAt?e("span",{class:"badge muted"},"Undone"):""),d.canUndo?N("Undo",async c=>{try{await G(c.currentTarget,"Undoing\u2026",()=>n.q(rn,{ids:[d.id]})),await s(`Undone: ${h}.`)}catch(f){o.replaceChildren(x(f))}},"secondary small",{"data-undo":d.id}):"")})),o,r.getClientAuditLogs.total>i.length?e("p",{class:"muted small"},`The latest ${i.length} of ${r.getClientAuditLogs.total} changes.`):"")}catch(r){a.replaceChildren(x(r,()=>Dn(n,t,a,s)))}}function xa(n,t){let a=n.lotTransactionId?e("a",{href:`#/transactions/${n.lotTransactionId}`},V(n.lotAcquiredAt)):V(n.lotAcquiredAt),s=n.match==="SAME_DAY"?[`${F(n.amountExact)} ${t} matched with the same day\u2019s acquisitions`]:n.match==="THIRTY_DAY"?[`${F(n.amountExact)} ${t} matched with the acquisition of `,a," (within 30 days)"]:n.match==="POOL"?[`${F(n.amountExact)} ${t} from the section 104 pool, at its average cost`]:[`${F(n.amountExact)} ${t} at the adjusted cost base`],r=n.deniedLossExact?Math.round(Number(n.deniedLossExact)*100):0;return[...s,`: proceeds ${b(n.proceedsCents)} \u2212 cost ${b(n.costBasisCents)} = ${E(n.gainCents)}`,r?e("span",{class:"badge warning","data-denied":r},`Superficial loss denied: ${b(r)}`):""]}var Aa={CRITICAL:"Makes figures wrong",WARNING:"Likely wrong",INFO:"Worth a look"},Le=5,Pa={MISSING_BASIS:"These sales use coins whose purchase price is unknown, so their whole value counts as a gain. Give the receipt a price, or accept a zero cost basis if you really paid nothing.",UNCOVERED_DISPOSALS:"These transactions send or sell more than your accounts held at the time. Usually an account or a purchase is missing: add it, or pair the move that brought the coins.",NEGATIVE_BALANCE:"An account sent more of an asset than it held. Add the missing account or transaction, or hide a duplicate.",UNLABELED_TRANSACTIONS:"Without a label, what leaves an account counts as a sale and what arrives as a purchase. Label income, gifts and fees as such.",POSSIBLE_INTERNAL_TRANSFER:"A withdrawal followed by a deposit of nearly the same amount into another of your accounts. Unpaired, the first counts as a sale and the second as a purchase.",POSSIBLE_SPAM:"A token whose name advertises a website or a claim, as airdropped spam does. Never visit the site; mark the token as spam to leave it out of your figures.",NEEDS_REVIEW_CLASSIFICATION:"No rule recognised these on-chain transactions with confidence, so what arrived counts as a purchase and what left as a sale. Open each one to see what was read, then label it, or confirm that the reading is right."},wa={MISSING_BASIS:"no cost basis",UNCOVERED_DISPOSALS:"sends more than the account held",NEGATIVE_BALANCE:"a balance below zero",UNLABELED_TRANSACTIONS:"no label",POSSIBLE_INTERNAL_TRANSFER:"looks like a move between your accounts",POSSIBLE_SPAM:"looks like spam",NEEDS_REVIEW_CLASSIFICATION:"read with low confidence"},va=new Set(["MISSING_BASIS","UNCOVERED_DISPOSALS","NEGATIVE_BALANCE"]);function Rn(n,t,a){let{app:s}=n,r=e("div",{class:"recalc-box",id:"review-recalc"}),i=e("div",{id:"review-queue","aria-live":"polite"},q("what needs review"));t.append(e("h1",{},"Needs review"),e("p",{class:"lead"},"What can make your tax figures wrong, most serious first. Fix each item here; the counts fall as you go."),r,i);let o=new Set,d=()=>{let l=n.recalc.state;l==="settled"&&o.clear(),r.dataset.state=l,r.replaceChildren(e("p",{},l==="settled"?"Your figures include every change.":l==="dirty"?n.recalc.scheduled?"Your figures are updated with your fixes in a moment.":"Some fixes are not in your figures yet: prices, pairs and labels change your taxes once they are recalculated.":l==="unreachable"?"We can\u2019t reach the server right now; fixes wait until it answers again.":"Updating your figures with your fixes\u2026"),l==="dirty"?N(n.recalc.scheduled?"Update now":"Recalculate now",()=>n.recalc.start(),"",{id:"review-recalculate"}):"")};d();let h=n.recalc.onState(d),g=async l=>{re(l),s.ledgerChanged("edit"),await n.recalc.refresh()},c=async()=>{try{let l=(await s.q(te,{limit:1})).getClientReviewQueue;if(n.reviewCount(l.totalCount),D(i),l.totalCount===0){i.append(O("Nothing to review: your transactions are labeled, priced and paired.","review-empty"));return}i.append(e("p",{id:"review-total","data-count":l.totalCount},l.totalCount===1?"1 transaction to review.":`${l.totalCount} transactions to review, each listed once under its most pressing problem.`));for(let u of l.groups)i.append(Da(n,u,o,g))}catch(l){i.replaceChildren(x(l,c))}};c();let f=s.onChange(c);return()=>{f(),h()}}function Da(n,t,a,s){let r=e("div",{class:"items"},q("the items")),i=`ins-${t.patternId.replace(/[^a-z0-9-]/gi,"-")}`,o=e("section",{class:`insight ${t.severity.toLowerCase()}`,"data-insight":t.patternId,"aria-labelledby":i},e("div",{class:"insight-head"},e("span",{class:`badge ${t.severity.toLowerCase()}`},Aa[t.severity]||t.severity),e("h2",{id:i},t.title),e("span",{class:"insight-count","data-insight-count":t.count},String(t.count))),e("p",{},Pa[t.type]||""),va.has(t.type)?e("p",{class:"muted small"},"This list changes when your taxes are recalculated after a fix."):"",r,t.type!=="POSSIBLE_SPAM"&&t.count>Le?e("p",{},e("a",{href:`#/transactions?review=${encodeURIComponent(t.patternId)}`},"See every transaction with this problem in Transactions")):"");return Ea(n,t,r,a,s).catch(d=>r.replaceChildren(x(d))),o}async function Ea(n,t,a,s,r){let{app:i}=n;if(t.type==="POSSIBLE_INTERNAL_TRANSFER"){let l=await i.q(Ce,{limit:Le});D(a);for(let u of l.getTransferPairSuggestions){let y=Re(i,u,async()=>{y.replaceChildren(e("p",{class:"notice ok"},"Paired as a move between your accounts.")),await r("Paired as a move between your accounts.")});a.append(y)}return}let o=t.assetId;if(t.type==="POSSIBLE_SPAM"&&o){D(a);let l=e("div",{role:"status"}),u=N("Mark as spam",async()=>{try{await G(u,"Marking\u2026",()=>i.q(on,{assetId:o,spam:!0})),a.replaceChildren(e("p",{class:"notice ok"},"Marked as spam: its transactions are left out of your figures.")),await r("Marked as spam.")}catch(y){l.replaceChildren(x(y))}},"small",{"data-spam":o});a.append(u,l);return}let d=(await i.q(te,{patternId:t.patternId,limit:Le})).getClientReviewQueue.items,h=new Map(d.map(l=>[l.transactionId,l])),g=d.length?await i.q(fe,{onlyTransactionIds:d.map(l=>l.transactionId),limit:Le}):null;await i.accounts().then(l=>{i.accountCache=l}),D(a);let c=e("ul",{class:"review-items"});a.append(c);let f=g?g.getClientTransactions.transactions:[];for(let l of d.map(u=>f.find(y=>y.id===u.transactionId)).filter(u=>!!u)){let u=e("li",{"data-review-item":l.id}),y=I=>async()=>{s.add(l.id),u.replaceChildren(e("p",{class:"notice ok"},I)),await r(I)};if(s.has(l.id)){u.append(e("p",{class:"notice ok"},`${V(l.createdAt)} \xB7 ${ae(l)}: fixed.`)),c.append(u);continue}u.append(e("p",{},e("a",{href:`#/transactions/${l.id}`},`${V(l.createdAt)} \xB7 ${le(i,l)}`),` \xB7 ${ae(l)} \xB7 ${i.accountName(l.accountId)}`));let C=(h.get(l.id)?.problems||[]).slice(1).map(I=>wa[I]).filter(Boolean);C.length&&u.append(e("p",{class:"muted small","data-also":l.id},`Also: ${C.join("; ")}.`));let $=e("div",{class:"fix"});switch(u.append($),c.append(u),t.type){case"UNLABELED_TRANSACTIONS":En(i,l,$,y);break;case"NEEDS_REVIEW_CLASSIFICATION":En(i,l,$,y),Ra(i,l,$,y);break;case"MISSING_BASIS":La(i,l,$,y);break;case"UNCOVERED_DISPOSALS":Fa(i,l,$,y);break;case"NEGATIVE_BALANCE":Ba(i,l,$,y);break;default:break}}}function Fe(n,t,a,s,r){n.addEventListener("click",async()=>{try{await G(n,t,s),await r()}catch(i){a.replaceChildren(x(i))}})}function En(n,t,a,s){let r=_("label",[["","Choose a label"]]),i=e("button",{type:"submit",class:"small"},"Save label"),o=e("div",{role:"status"});n.q($e,{id:t.id}).then(h=>{let g=new Set(h.getTransactionTypeOptions.recommended.map(c=>c.value));r.append(...h.getTransactionTypeOptions.options.map(c=>e("option",{value:c.value},g.has(c.value)?`${c.name} (suggested)`:c.name)))}).catch(h=>o.replaceChildren(x(h)));let d=`label-${t.id}`;a.append(e("form",{class:"inline-form","data-label-form":t.id,onsubmit:async h=>{if(h.preventDefault(),!r.value){o.replaceChildren(e("p",{class:"notice error"},"Choose a label first."));return}try{await G(i,"Saving\u2026",()=>n.q(Te,{ids:[t.id],label:r.value})),await s(`Labeled as ${n.labelName(r.value)}.`)()}catch(g){o.replaceChildren(x(g))}}},M(d,"Label",r),i),o)}function Ra(n,t,a,s){let r=e("button",{type:"button",class:"small secondary","data-confirm":t.id},"The reading is right"),i=e("div",{role:"status"});Fe(r,"Saving\u2026",i,()=>n.q(Se,{id:t.id,reviewed:!0}),s("Marked as reviewed.")),a.append(r,i)}async function La(n,t,a,s){let r=e("div",{role:"status"});try{let o=(await n.q(ue,{id:t.id})).getTransaction,d=o.transfers.filter(c=>c.capGainsSumSigned!==null&&c.capGainsSumSigned!==void 0&&c.asset),h=[...new Set(d.map(c=>c.asset.pricingKey))],g=[];for(let c of o.transfers)c.direction==="INCOMING"&&!c.isFee&&!c.isHidden&&(c.fiatValueCents===null||c.fiatValueCents===void 0)&&c.asset&&!g.some(f=>f.tx===o.id)&&g.push({tx:o.id,at:o.createdAt,symbol:c.asset.symbol,assetId:c.assetId,amount:c.amountExact});for(let c of h){let f=await n.q(be,{key:c,id:t.id});for(let l of f.getTaxLots.disposals){let u=d.find(y=>y.id===l.transferId);l.isMissingBasis&&!l.isUncovered&&l.lotTransactionId&&u&&!g.some(y=>y.tx===l.lotTransactionId)&&g.push({tx:l.lotTransactionId,at:l.lotAcquiredAt||"",symbol:u.asset.symbol,assetId:u.assetId,amount:l.amountExact})}}for(let c of g){let f=e("input",{type:"number",min:"0",step:"any",inputmode:"decimal",required:!0}),l=e("button",{type:"submit",class:"small"},"Save price");a.append(e("form",{class:"inline-form","data-price-form":c.tx,onsubmit:async u=>{u.preventDefault();let y=Number(f.value);if(!f.value||!isFinite(y)||y<0){r.replaceChildren(e("p",{class:"notice error"},"Enter the price per unit, for example 1.85."));return}try{await G(l,"Saving\u2026",()=>n.q(nn,{ids:[c.tx],assetId:c.assetId,price:y})),await s(`Saved the price of the ${c.symbol} received on ${V(c.at)}.`)()}catch(C){r.replaceChildren(x(C))}}},c.tx===o.id?e("p",{class:"small"},`The ${F(c.amount)} ${c.symbol} received have no price.`):e("p",{class:"small"},`The ${F(c.amount)} ${c.symbol} it sold came from `,e("a",{href:`#/transactions/${c.tx}`},`a receipt on ${V(c.at)}`)," without a price."),M(`price-${c.tx}`,`Price per ${c.symbol} when received (${n.client.currency})`,f),l))}}catch(o){r.replaceChildren(x(o))}let i=N("Accept a zero cost basis",()=>{},"secondary small");Fe(i,"Saving\u2026",r,()=>n.q(me,{ids:[t.id],override:!0}),s("Accepted a zero cost basis.")),a.append(i,r)}function Fa(n,t,a,s){let r=e("div",{role:"status"}),i=N("Accept a zero cost basis",()=>{},"secondary small");Fe(i,"Saving\u2026",r,()=>n.q(me,{ids:[t.id],override:!0}),s("Accepted a zero cost basis.")),a.append(e("a",{href:`#/transactions/${t.id}`,class:"button-link small"},"Open and pair or edit"),i,r)}function Ba(n,t,a,s){let r=e("div",{role:"status"}),i=N("Hide (a duplicate)",()=>{},"secondary small");Fe(i,"Hiding\u2026",r,()=>n.q(pe,{id:t.id,hidden:!0}),s("Hidden: it no longer counts.")),a.append(e("a",{href:`#/transactions/${t.id}`,class:"button-link small"},"Open"),i,r)}var Ln=[["ONE_MONTH","1 month"],["THREE_MONTHS","3 months"],["YEAR_TO_DATE","This year"],["ONE_YEAR","1 year"],["ALL_TIME","All time"]];function Fn(n,t){let{app:a}=n,s=e("div",{class:"cards-row",id:"portfolio-totals","aria-live":"polite"},q("your holdings")),r=e("figure",{class:"chart",id:"value-chart"}),i="ALL_TIME",o=e("div",{class:"segmented",role:"radiogroup","aria-label":"Chart range"},...Ln.map(([l,u])=>{let y=`range-${l.toLowerCase()}`,C=e("input",{type:"radio",name:"range",id:y,value:l,checked:l===i,onchange:()=>{i=l,g()}});return e("span",{},C,e("label",{for:y},u))})),d=H("holdings","Holdings",q("your holdings")),h=H("harvest","Tax-loss harvesting",q("losses you could harvest"));t.append(e("h1",{},"Portfolio"),s,H("value","Value over time",o,r).el,d.el,h.el);let g=async()=>{r.replaceChildren(q("the chart"));try{let u=(await a.q(ln,{interval:i})).getChart,y=$n(r,u.points,`Portfolio value and ${B(a.client,!0)}, ${Ln.find(([C])=>C===i)?.[1].toLowerCase()}`,B(a.client));r.replaceChildren(y,y.tagName==="svg"?e("figcaption",{},`Change over the range: ${E(u.changeCents)}${u.changePercent===null||u.changePercent===void 0?"":` (${_e(u.changePercent)})`}. Coins without a price on a day add nothing to that day.`):"")}catch(l){r.replaceChildren(x(l,g))}},c=async()=>{try{let l=(await a.q(xe)).getPortfolioV2,u=(I,R,m,S="")=>e("div",{class:"card","data-figure":I},e("span",{class:"card-title"},R),e("span",{class:"card-value"},m),S?e("span",{class:"card-sub"},S):""),y=l.positions.filter(I=>I.valueCents!==null&&I.valueCents!==void 0),C=l.positions.length-y.length,$=y.reduce((I,R)=>I+(R.unrealizedGainCents||0),0);s.replaceChildren(u("value","Value",y.length||!C?b(l.totalValueCents):"No prices",C?`${C} holding${C===1?"":"s"} without a price today, left out`:"At today\u2019s prices"),u("basis",B(a.client),b(l.totalCostBasisCents),l.isStale?"Recalculate to include recent changes":"What you paid for what you hold"),u("unrealized","Unrealized gain",y.length||!C?E($):"No prices",C?"Of the holdings with a price":"If you sold everything today")),D(d.body),l.positions.length===0?d.body.append(O("You hold nothing yet: add and sync your wallets and exchanges on the Overview page.","holdings-empty")):(d.body.append(e("table",{class:"table cards",id:"holdings-table"},e("caption",{class:"sr-only"},"Your holdings"),e("thead",{},e("tr",{},...["Asset","Quantity","Price","Value",B(a.client),"Unrealized","Share"].map(I=>e("th",{scope:"col"},I)))),e("tbody",{},...l.positions.map(I=>{let R=I.amountExact.startsWith("-");return e("tr",{"data-asset":I.assetId},e("td",{"data-label":"Asset"},e("strong",{},I.asset?.symbol||"?"),I.asset?.name&&I.asset.name!==I.asset.symbol?e("div",{class:"muted small"},I.asset.name):"",R?e("span",{class:"badge warning"},"Negative balance"):""),e("td",{"data-label":"Quantity",class:"num"},F(I.amountExact)),e("td",{"data-label":"Price",class:"num"},I.price===null||I.price===void 0?e("span",{class:"badge muted"},"No price"):b(Math.round(I.price*100))),e("td",{"data-label":"Value",class:"num"},b(I.valueCents)),e("td",{"data-label":B(a.client),class:"num"},b(I.costBasisCents)),e("td",{"data-label":"Unrealized",class:"num"},I.unrealizedGainCents===null||I.unrealizedGainCents===void 0?"\u2014":e("span",{class:I.unrealizedGainCents<0?"loss":"gain"},`${E(I.unrealizedGainCents)} (${_e(I.unrealizedGainPercent)})`)),e("td",{"data-label":"Share",class:"num"},I.portfolioPercent===null||I.portfolioPercent===void 0?"\u2014":`${I.portfolioPercent.toFixed(1)}%`))})))),l.total>l.positions.length&&d.body.append(e("p",{class:"muted small"},`The ${l.positions.length} largest of ${l.total} holdings.`)))}catch(l){s.replaceChildren(x(l,c)),D(d.body)}f()},f=async()=>{try{let l=new Date().toISOString().slice(0,10),u=(await a.q(cn,{date:l})).getHarvestableLosses;D(h.body),h.body.append(e("p",{},`Selling holdings worth less than you paid realizes a loss that offsets your gains. These lots are below their ${B(a.client,!0)} at today\u2019s prices.`)),u.assets.length===0&&u.unpricedAssetIds.length>0?h.body.append(O(`We can\u2019t check for losses without prices: ${u.unpricedAssetIds.length===1?"1 holding has":`${u.unpricedAssetIds.length} holdings have`} no price today.`,"harvest-unpriced")):u.assets.length===0?h.body.append(O(`None of your holdings is worth less than its ${B(a.client,!0)} today.`,"harvest-empty")):h.body.append(e("p",{id:"harvest-total"},e("strong",{},`Up to ${b(-u.totalUnrealizedLossCents)} of losses`),a.client.jurisdictionRules.hasHoldingTerms?` (${Y(a.client,"SHORT_TERM",!0)} ${b(-u.shortTermUnrealizedLossCents)}, ${Y(a.client,"LONG_TERM",!0)} ${b(-u.longTermUnrealizedLossCents)}).`:"."),e("table",{class:"table cards",id:"harvest-table"},e("caption",{class:"sr-only"},"Holdings you could sell at a loss"),e("thead",{},e("tr",{},...["Asset","Held at a loss","Value",B(a.client),"Loss",""].map(y=>e("th",{scope:"col"},y)))),e("tbody",{},...u.assets.map(y=>e("tr",{"data-harvest":y.assetId},e("td",{"data-label":"Asset"},e("strong",{},y.asset?.symbol||"?")),e("td",{"data-label":"Held at a loss",class:"num"},F(y.amountExact)),e("td",{"data-label":"Value",class:"num"},b(y.marketValueCents)),e("td",{"data-label":B(a.client),class:"num"},b(y.costBasisCents)),e("td",{"data-label":"Loss",class:"num"},e("span",{class:"loss"},E(y.unrealizedGainCents)),a.client.jurisdictionRules.hasHoldingTerms?e("div",{class:"muted small"},`${Y(a.client,"SHORT_TERM",!0)} ${E(y.shortTermUnrealizedGainCents)} \xB7 ${Y(a.client,"LONG_TERM",!0)} ${E(y.longTermUnrealizedGainCents)}`):""),e("td",{"data-label":"Note"},y.hasRecentAcquisition?e("span",{class:"badge info"},"Bought in the last 30 days"):"")))))),u.unpricedAssetIds.length&&h.body.append(e("p",{class:"muted small"},`${u.unpricedAssetIds.length} holding${u.unpricedAssetIds.length===1?" has":"s have"} no price today and ${u.unpricedAssetIds.length===1?"is":"are"} left out.`)),h.body.append(e("p",{class:"muted small"},"This is information, not advice: check with a tax professional before you sell."))}catch(l){h.body.replaceChildren(x(l,f))}};return c(),g(),a.onChange(()=>{c(),g()})}var Na={A:"Short-term, on Form 1099-B with basis reported",B:"Short-term, on Form 1099-B without basis",C:"Short-term, not on Form 1099-B",D:"Long-term, on Form 1099-B with basis reported",E:"Long-term, on Form 1099-B without basis",F:"Long-term, not on Form 1099-B",G:"Short-term digital assets, on Form 1099-DA with basis reported",H:"Short-term digital assets, on Form 1099-DA without basis",I:"Short-term digital assets, not on Form 1099-DA",J:"Long-term digital assets, on Form 1099-DA with basis reported",K:"Long-term digital assets, on Form 1099-DA without basis",L:"Long-term digital assets, not on Form 1099-DA"},Ma={TAX_FORMS:"Tax forms (ZIP of PDFs)",FORM_8949_PDF:"Form 8949 (PDF)",FORM_8949_CSV:"Form 8949 (CSV)",SCHEDULE_D_PDF:"Schedule D (PDF)",SCHEDULE_1_PDF:"Schedule 1, income (PDF)",CAPITAL_GAINS_CSV:"Capital gains (CSV)",INCOME_CSV:"Income (CSV)",TRANSACTION_HISTORY_CSV:"Transaction history (CSV)",TURBOTAX_CSV:"TurboTax import (CSV)",TAXACT_CSV:"TaxAct import (CSV)",END_OF_YEAR_HOLDINGS_CSV:"Holdings at year end (CSV)",UK_CAPITAL_GAINS_SUMMARY_PDF:"SA108 capital gains summary (PDF)",UK_CAPITAL_GAINS_SUMMARY_CSV:"UK capital gains summary (CSV)",DE_ANLAGE_SO_PDF:"Anlage SO summary (PDF)",DE_ANLAGE_SO_CSV:"Anlage SO rows (CSV)",AU_CGT_SCHEDULE_PDF:"CGT schedule summary (PDF)",AU_CGT_SCHEDULE_CSV:"CGT schedule events (CSV)",CA_SCHEDULE_3_PDF:"Schedule 3 summary (PDF)",CA_SCHEDULE_3_CSV:"Schedule 3 summary (CSV)"},qa={QUEUED:"Waiting",GENERATING:"Being made",READY:"Ready",FAILED:"Failed"};function Nn(n,t,a){let{app:s}=n,r=_("year",[]),i=e("div",{id:"tax-figures","aria-live":"polite"},q("the year\u2019s figures")),o=H("income","Income by kind"),d=H("form-8949","Form 8949 preview"),h=e("div",{id:"reconciliation"}),g=H("reports","Reports");t.append(e("h1",{},"Taxes"),e("div",{class:"toolbar"},M("tax-year","Tax year",r)),i,o.el,d.el,h,g.el);let c=0,f=async()=>{try{let m=await s.years(),S=m.length?m[0]:new Date().getUTCFullYear(),T=Number(a.get("year"));c=T&&T>1900?T:S,r.replaceChildren(...ge(s.client,m,c).map(p=>e("option",{value:p},z(s.client,p)))),r.value=String(c),await Promise.all([y(),C(0,""),$()])}catch(m){i.replaceChildren(x(m,f))}};r.addEventListener("change",()=>{location.hash=`#/tax?year=${r.value}`});let l=s.client.jurisdictionRules,u=()=>z(s.client,c),y=async()=>{try{let m=(await s.q(de,{year:String(c)})).getIncomeAndCapGains,S=Va(m,l);m.futuresCents&&S.push(["futures","Futures",m.futuresCents,E]),D(i),i.append(m.isStale?e("p",{class:"notice",id:"preview-stale"},"Your ledger changed since these figures were calculated. Recalculate to bring them up to date."):"",m.transactionCount===0?O(`No transactions in ${u()}.`,"year-empty"):"",m.jurisdiction&&l.text?e("p",{class:"muted small",id:"tax-rules","data-jurisdiction":l.jurisdiction},l.text):"",e("dl",{class:"figures","data-year":m.year,"data-year-label":m.taxYearLabel||m.year},...S.map(([T,p,A,L])=>e("div",{class:"figure","data-figure":T,"data-cents":A},e("dt",{},p),e("dd",{},L(A))))),e("p",{class:"muted small"},`${m.disposalCount} transaction${m.disposalCount===1?"":"s"} with a sale or other disposal, ${m.transactionCount} in all`,ce(m.computedAt)?`; calculated ${Q(m.computedAt)}.`:"; not calculated yet.")),D(o.body),m.incomeByLabel.length===0?o.body.append(O(`No income in ${u()}.`,"income-empty")):o.body.append(e("table",{class:"table",id:"income-table"},e("caption",{class:"sr-only"},`Income in ${u()} by kind`),e("thead",{},e("tr",{},...["Kind","Transactions","Income"].map(T=>e("th",{scope:"col"},T)))),e("tbody",{},...m.incomeByLabel.map(T=>e("tr",{"data-income":T.label},e("td",{},e("a",{href:`#/transactions?year=${c}&label=${encodeURIComponent(T.label)}`},T.name)),e("td",{class:"num"},String(T.transactionCount)),e("td",{class:"num"},b(T.incomeCents))))),e("tfoot",{},e("tr",{},e("th",{scope:"row"},"Total"),e("td",{}),e("td",{class:"num"},b(m.incomeCents)))))),I.setYear(c)}catch(m){i.replaceChildren(x(m,y))}},C=async(m,S,T=!1)=>{if(!l.hasForm8949){d.el.hidden=!0;return}try{let p=(await s.q(dn,{year:c,box:S||void 0,page:m})).getForm8949PreviewForYear;if(D(d.body),p.boxes.length===0){d.body.append(O(`No sales or other disposals in ${c}: nothing goes on Form 8949.`,"f8949-empty"));return}let A=_("box",[["","All boxes"],...p.boxes.map(v=>[v.box,`Box ${v.box}`])],S);A.addEventListener("change",()=>C(0,A.value,!0));let L=e("details",{class:"rows",id:"f8949-details",open:T});d.body.append(e("p",{},"How your sales will be reported on Form 8949, box by box. Generate the form itself under Reports."),e("table",{class:"table cards",id:"f8949-boxes"},e("caption",{class:"sr-only"},`Form 8949 boxes of ${c}`),e("thead",{},e("tr",{},...["Box","Rows","Proceeds","Cost basis","Adjustments","Gain or loss"].map(v=>e("th",{scope:"col"},v)))),e("tbody",{},...p.boxes.map(v=>e("tr",{"data-box":v.box},e("td",{"data-label":"Box"},e("strong",{},`Box ${v.box}`),e("div",{class:"muted small"},Na[v.box]||"")),e("td",{"data-label":"Rows",class:"num"},String(v.rowCount)),e("td",{"data-label":"Proceeds",class:"num"},b(v.proceedsCents)),e("td",{"data-label":"Cost basis",class:"num"},b(v.costBasisCents)),e("td",{"data-label":"Adjustments",class:"num"},b(v.adjustmentCents)),e("td",{"data-label":"Gain or loss",class:"num"},E(v.gainOrLossCents)))))),L),L.append(e("summary",{},`The ${p.total} row${p.total===1?"":"s"}${S?` of box ${S}`:""}, as on the form`),e("div",{class:"toolbar"},M("f8949-box","Show the rows of",A)),e("table",{class:"table cards",id:"f8949-rows"},e("caption",{class:"sr-only"},"Form 8949 rows"),e("thead",{},e("tr",{},...["Box","(a) Description","(b) Acquired","(c) Sold","(d) Proceeds","(e) Cost basis","(h) Gain or loss"].map(v=>e("th",{scope:"col"},v)))),e("tbody",{},...p.rows.map(v=>e("tr",{},e("td",{"data-label":"Box"},v.box),e("td",{"data-label":"Description"},v.transactionId?e("a",{href:`#/transactions/${v.transactionId}`},v.description):v.description),e("td",{"data-label":"Acquired"},v.dateAcquired?V(v.dateAcquired):"Various"),e("td",{"data-label":"Sold"},V(v.dateSold)),e("td",{"data-label":"Proceeds",class:"num"},b(v.proceedsCents)),e("td",{"data-label":"Cost basis",class:"num"},b(v.costBasisCents)),e("td",{"data-label":"Gain or loss",class:"num"},E(v.gainOrLossCents)))))),e("nav",{class:"pager","aria-label":"Form 8949 pages"},p.page>0?N("Previous rows",()=>C(p.page-1,S,!0),"secondary"):"",e("span",{class:"muted"},`Rows ${p.page*p.limit+1}\u2013${p.page*p.limit+p.rows.length} of ${p.total}`),(p.page+1)*p.limit<p.total?N("Next rows",()=>C(p.page+1,S,!0),"secondary"):""))}catch(p){d.body.replaceChildren(x(p,()=>C(m,S)))}},$=async()=>{if(D(h),!!l.hasForm1099DA)try{let m=(await s.q(un,{year:c})).getTaxFormStatuses.taxForms;if(m.length===0)return;let S=H("reconciliation-panel","Form 1099-DA reconciliation");h.append(S.el),S.body.append(e("p",{},"Your broker reported these sales to the IRS on Form 1099-DA. Here they are compared with your own figures: differences need a look before you file."));for(let T of m){let p=(await s.q(pn,{formId:T.id})).getTaxFormReconciliation,A=p.rows.filter(L=>L.status!=="MATCHED").slice(0,20);S.body.append(e("div",{class:"recon","data-form":T.id},e("h3",{},`${T.brokerName}: ${T.rowCount} row${T.rowCount===1?"":"s"}`),e("dl",{class:"figures"},...[["Broker proceeds",b(p.brokerProceedsCents)],["Your proceeds",b(p.computedProceedsCents)],["Difference",E(p.proceedsDifferenceCents)],["Matched",String(p.matchedCount)],["Different",String(p.mismatchedCount)],["Missing in your ledger",String(p.missingInLedgerCount)],["Not on the form",String(p.missingOnFormCount)]].map(([L,v])=>e("div",{class:"figure"},e("dt",{},L),e("dd",{},v)))),A.length===0?e("p",{class:"notice ok"},"Every row matches your figures."):e("table",{class:"table cards"},e("caption",{class:"sr-only"},"Rows that differ"),e("thead",{},e("tr",{},...["Sold","Asset","Broker","Yours","Difference",""].map(L=>e("th",{scope:"col"},L)))),e("tbody",{},...A.map(L=>e("tr",{},e("td",{"data-label":"Sold"},V(L.dateSold)),e("td",{"data-label":"Asset"},`${L.amountExact} ${L.assetSymbol}`),e("td",{"data-label":"Broker",class:"num"},b(L.brokerProceedsCents)),e("td",{"data-label":"Yours",class:"num"},b(L.computedProceedsCents)),e("td",{"data-label":"Difference",class:"num"},E(L.proceedsDifferenceCents)),e("td",{"data-label":"Status"},L.status==="MISSING_IN_LEDGER"?"Not in your ledger":L.status==="MISSING_ON_FORM"?"Not on the form":L.transactionId?e("a",{href:`#/transactions/${L.transactionId}`},"Different: open"):"Different")))))))}}catch(m){h.replaceChildren(x(m,$))}},I=new Ke(s,g.body,s.client);I.load(),f();let R=s.onChange(()=>{s.years().then(()=>{y(),C(0,"")})});return()=>{I.stop(),R()}}var Ke=class{constructor(t,a,s){this.app=t;this.client=s;this.list=e("div",{id:"report-list","aria-live":"polite"},q("your reports"));this.msg=e("div",{id:"report-message",role:"status"});this.yearSel=_("year",[]);this.polling=!1;this.alive=!0;let r=e("input",{name:"email",type:"email",autocomplete:"email",value:t.s.email||""}),i=e("button",{type:"submit",id:"request-report-button"},"Request report");this.form=e("form",{id:"request-report",class:"inline-form",onsubmit:o=>{o.preventDefault(),this.request(i)}},M("report-year","Tax year",this.yearSel),M("report-type","Report",_("type",s.jurisdictionRules.reportTypes.map(o=>[o,je(o)])),"grow"),M("report-email","E-mail me a link (optional)",r,"grow"),i),a.append(e("p",{},"Reports are made from your calculated figures. They are ready in a few seconds; you can also get a link by e-mail."),this.form,this.msg,this.list)}stop(){this.alive=!1}async setYear(t){let a=await this.app.years();this.yearSel.replaceChildren(...ge(this.client,a,t).map(s=>e("option",{value:s},z(this.client,s)))),this.yearSel.value=String(t)}async load(){try{let t=(await this.app.q(Qe)).getReports;this.render(t),t.some(Bn)&&this.poll()}catch(t){this.list.replaceChildren(x(t,()=>this.load()))}}render(t){if(D(this.list),t.length===0){this.list.append(O("No reports yet. Choose a year and a report above.","reports-empty"));return}this.list.append(e("table",{class:"table cards"},e("caption",{class:"sr-only"},"Your reports"),e("thead",{},e("tr",{},...["Year","Report","Status","Requested",""].map(a=>e("th",{scope:"col"},a)))),e("tbody",{},...t.map(a=>e("tr",{"data-report":a.id,"data-type":a.type,"data-status":a.status},e("td",{"data-label":"Year"},a.year?z(this.client,Number(a.year)):"\u2014"),e("td",{"data-label":"Report"},je(a.type),a.isStale?e("div",{class:"muted small"},"Your figures changed since; request it again for current ones."):""),e("td",{"data-label":"Status"},e("span",{class:`badge ${a.status.toLowerCase()}`},qa[a.status]||a.status),a.error?e("div",{class:"muted small"},a.error):""),e("td",{"data-label":"Requested"},Q(a.createdAt)),e("td",{"data-label":"File"},a.status==="READY"?N("Download",s=>this.download(a,s.currentTarget),"secondary small download",{"aria-label":`Download ${a.year||""} ${je(a.type)}`}):""))))))}async request(t){let a=new FormData(this.form),s=String(a.get("email")||"").trim();try{let i=(await G(t,"Requesting\u2026",()=>this.app.q(mn,{year:String(a.get("year")),type:String(a.get("type")),email:s||void 0}))).getReportExportV2;this.msg.replaceChildren(e("p",{class:"notice ok"},i.isCached?"You have this report already, up to date: it is in the list below.":`Report requested. It appears below when it is ready${s?`, and we e-mail a link to ${s}`:""}.`)),await this.load()}catch(r){this.msg.replaceChildren(x(r))}}async poll(){if(!this.polling){this.polling=!0;try{for(;this.alive;){await J(1e3);let t=(await this.app.q(Qe)).getReports;if(!this.alive||(this.render(t),!t.some(Bn)))return}}catch(t){this.list.replaceChildren(x(t,()=>this.load()))}finally{this.polling=!1}}}async download(t,a){try{let s=await G(a,"Preparing\u2026",()=>this.app.q(gn,{id:t.id})),r=e("a",{href:s.getReportDownloadUrl.url,download:s.getReportDownloadUrl.fileName,hidden:!0});document.body.append(r),r.click(),r.remove(),this.msg.replaceChildren(e("p",{class:"notice ok",id:"download-started"},`Downloading ${s.getReportDownloadUrl.fileName}.`))}catch(s){this.msg.replaceChildren(x(s))}}},Bn=n=>n.status==="QUEUED"||n.status==="GENERATING";function je(n){return Ma[n]||n.replace(/_/g," ").toLowerCase()}function Va(n,t){let a=t.words,s=[["proceeds",a.proceeds,n.proceedsCents,b],["cost-basis",a.cost,n.costBasisCents,b]];return t.hasHoldingTerms&&s.push(["short-term",`${a.shortTerm||"Short-term"} gains`,n.shortTermCapGainsCents,E],["long-term",`${a.longTerm||"Long-term"} gains`,n.longTermCapGainsCents,E]),(!t.hasHoldingTerms||n.gainsCents!==null&&n.gainsCents!==void 0)&&s.push(["gains",a.gains,n.gainsCents??0,b],["losses",a.losses,-(n.lossesCents??0),b]),a.deniedLosses&&s.push(["denied-losses",a.deniedLosses,n.deniedLossesCents??0,b]),s.push(["capital-gains",a.netGain,n.capGainsCents,E]),n.lossesBroughtForwardCents!=null&&s.push(["losses-brought-forward","Net capital losses brought forward",n.lossesBroughtForwardCents,b]),n.discountCents!=null&&s.push(["discount","CGT discount applied",n.discountCents,b]),n.gainThresholdCents!=null&&s.push(["threshold",`${a.threshold||"Threshold"} (taxed in full from this amount)`,n.gainThresholdCents,b]),a.taxableGain&&s.push(["taxable-gains",a.taxableGain,n.taxableCapitalGainsCents??0,E]),n.lossesCarriedForwardCents!=null&&s.push(["losses-carried-forward","Net capital losses carried forward",n.lossesCarriedForwardCents,b]),s.push(["income","Income",n.incomeCents,b]),a.taxableIncome&&n.taxableIncomeCents!=null&&s.push(["taxable-income",a.taxableIncome,n.taxableIncomeCents,b]),s}var tt="taxd.portal.session",Je=(()=>{try{return JSON.parse(document.getElementById("taxd-page")?.textContent||"{}")}catch{return{}}})(),K=document.getElementById("main"),et=document.getElementById("top"),Be=!1;function ka(n){try{let t=n.split(".")[1].replace(/-/g,"+").replace(/_/g,"/");return JSON.parse(atob(t))}catch{return{}}}function Ua(n){sessionStorage.setItem(tt,JSON.stringify(n))}function Oa(){try{let n=JSON.parse(sessionStorage.getItem(tt)||"null");return n&&n.code&&n.token?n:null}catch{return null}}function Xe(n){let t=n?.partnerId?`?partner=${encodeURIComponent(n.partnerId)}`:"",a=()=>history.replaceState(null,"",location.pathname+t+location.hash);document.readyState==="complete"?a():window.addEventListener("load",a,{once:!0})}function Vn(n){if(document.body.dataset.partner=n.name,document.title=`${n.name} \xB7 Crypto tax portal`,n.primaryColor&&/^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(n.primaryColor)){let[a,s]=_a(n.primaryColor),r=document.documentElement.style;r.setProperty("--brand",a),r.setProperty("--on-brand",s)}D(et),et.append(e("div",{class:"brand"},n.logoUrl&&/^https:\/\//.test(n.logoUrl)?e("img",{src:n.logoUrl,alt:`${n.name} logo`,class:"logo"}):"",e("span",{class:"partner-name"},n.name),e("span",{class:"product"},"Crypto tax portal")));let t=document.getElementById("foot");t||(t=e("footer",{id:"foot",class:"foot"}),document.body.append(t)),t.replaceChildren(e("p",{},`The tax portal of ${n.name}.`,n.supportEmail?[" Questions? Write to ",e("a",{href:`mailto:${n.supportEmail}`},n.supportEmail),"."]:""))}function _a(n){let t=n.slice(1);t.length===3&&(t=t.split("").map(i=>i+i).join(""));let a=[0,2,4].map(i=>parseInt(t.slice(i,i+2),16)),s=i=>i.map(o=>{let d=o/255;return d<=.03928?d/12.92:Math.pow((d+.055)/1.055,2.4)}).reduce((o,d,h)=>o+d*[.2126,.7152,.0722][h],0),r=s(a);if((r+.05)/.05>=4.5&&(r+.05)/.05>1.05/(r+.05))return[n,"#000000"];for(let i=0;i<40&&1.05/(s(a)+.05)<4.5;i++)a=a.map(o=>Math.floor(o*.94));return[`#${a.map(i=>i.toString(16).padStart(2,"0")).join("")}`,"#ffffff"]}function Ne(n,t,...a){D(K),document.getElementById("app-nav")?.remove(),K.append(e("section",{class:"panel state",id:n,"aria-labelledby":`${n}-h`},e("h1",{id:`${n}-h`},t),...a))}function Ze(){if(Be)return;Be=!0,sessionStorage.removeItem(tt);let n=document.body.dataset.partner||"your provider",t=e("p",{hidden:!0,role:"status"},`Return to ${n} and open the tax portal from there: it signs you in with a new link.`),a=e("button",{type:"button",id:"sign-in-again",onclick:()=>{window.parent!==window&&window.parent.postMessage({type:"taxd:portal:session-expired"},"*"),t.hidden=!1}},"Sign in again");Ne("state-expired","Your session has expired",e("p",{},`For your security the tax portal signs you out after a while. Sign in again from ${n}.`),a,t),K.focus()}function Ha(){Ne("state-signed-out","Sign in to your tax portal",e("p",{},"Open the tax portal from your provider\u2019s website or app: it signs you in automatically."))}var Ga=[["","Overview"],["transactions","Transactions"],["review","Review"],["portfolio","Portfolio"],["tax","Taxes"]];async function kn(n){D(K),K.append(q("your tax portal"));let t,a;try{[t,a]=await Promise.all([X(n,"GET","/user"),Ie(n,zt).then(i=>i.getMyActiveClient)])}catch(i){if(Be)return;if(i instanceof k&&i.status===404)return Ne("state-not-found","We could not find your account",e("p",{},"This sign-in link does not belong to an account here. Open the tax portal again from your provider."));D(K),K.append(e("section",{class:"panel state",id:"state-error"},e("h1",{},"The tax portal could not open"),e("p",{},Z(i)),e("button",{type:"button",onclick:()=>kn(n)},"Try again")));return}Vn(t.partner),lt(a.currency),n.email=n.email||t.email||void 0;let s=new Ae(n,a,t.partner);s.labels().then(i=>{s.labelCache=i}).catch(()=>{}),s.accounts().then(i=>{s.accountCache=i}).catch(()=>{}),s.onChange(()=>{s.accounts().then(i=>{s.accountCache=i}).catch(()=>{})});let r=new Pe(s);Qa(s,r),r.refresh(),window.parent!==window&&window.parent.postMessage({type:"taxd:portal:ready"},"*")}var se,Mn=!0;function Qa(n,t){let a=Ga.map(([h,g])=>e("li",{},e("a",{href:`#/${h}`,"data-route":h,id:`nav-${h||"overview"}`},g,h==="review"?e("span",{class:"count",id:"review-count",hidden:!0}):""))),s=e("nav",{class:"tabs",id:"app-nav","aria-label":"Tax portal"},e("ul",{},...a));document.getElementById("app-nav")?.remove(),et.after(s);let r=e("div",{class:"bar"},t.el),i=e("div",{id:"view"});D(K),K.append(r,i);let o={app:n,recalc:t,reviewCount:h=>Un(h)},d=()=>{if(Be)return;typeof se=="function"&&se();let[h,g]=location.hash.replace(/^#\/?/,"").split("?"),c=h.split("/").filter(Boolean).map(decodeURIComponent),f=new URLSearchParams(g||""),l=c[0]||"";for(let u of s.querySelectorAll("a"))u.dataset.route===l?u.setAttribute("aria-current","page"):u.removeAttribute("aria-current");switch(D(i),window.scrollTo(0,0),l){case"transactions":se=c[1]?wn(o,i,c[1]):xn(o,i,f);break;case"review":se=Rn(o,i,f);break;case"portfolio":se=Fn(o,i);break;case"tax":se=Nn(o,i,f);break;default:se=Tn(o,i)}if(!Mn){let u=i.querySelector("h1");u&&(u.setAttribute("tabindex","-1"),u.focus())}Mn=!1};window.addEventListener("hashchange",d),d(),qn(n),n.onChange(()=>qn(n))}async function qn(n){try{let t=await n.q(te,{limit:1});Un(t.getClientReviewQueue.totalCount)}catch{}}function Un(n){let t=document.getElementById("review-count");t&&(t.hidden=n===0,t.textContent=String(n),t.setAttribute("aria-label",`${n} to review`))}async function Ya(){Je.brand&&Vn(Je.brand);let n=new URLSearchParams(location.search);if(n.get("report")&&n.get("signature"))return In(K,n,Je.download);st(Ze);let t=null;if(n.get("token")&&n.get("code"))t={code:n.get("code"),token:n.get("token"),email:n.get("email")||void 0,clientId:""};else if(n.get("link")){Xe(null);try{let s=await ot(n.get("link"));t={code:s.referenceId,token:s.accessToken,partnerId:s.partnerId,clientId:""}}catch(s){return Ne("state-link-invalid","This link does not work",e("p",{},Z(s)))}}else t=Oa();if(!t)return Xe(null),Ha();let a=ka(t.token);return t.partnerId=t.partnerId||a.pid,t.clientId=a.sub||"",Ua(t),Xe(t),a.exp&&a.exp*1e3<=Date.now()?Ze():(a.exp&&setTimeout(Ze,Math.min(a.exp*1e3-Date.now(),2**31-1)),kn(t))}Ya();})();
