"use strict";(()=>{var Ze=document.querySelector('meta[name="taxd-api"]')?.content||"/api",Un=document.querySelector('meta[name="taxd-graphql"]')?.content||"/graphql",Q=class extends Error{},V=class extends Error{constructor(a,s,r=""){super(s);this.status=a;this.code=r}},et=()=>{};function tt(n){et=n}function Be(){throw et(),new Q("session expired")}async function K(n,t,a,s){let r;try{r=await fetch(`${Ze}/users/${encodeURIComponent(n.code)}${a}`,{method:t,headers:{Authorization:`Bearer ${n.token}`,...s===void 0?{}:{"Content-Type":"application/json"}},body:s===void 0?void 0:JSON.stringify(s)})}catch{throw ge()}if(r.status===401&&Be(),!r.ok)throw new V(r.status,await nt(r));return(await r.json()).data}async function nt(n){try{let t=await n.json();if(t&&typeof t.message=="string")return Ne(t.message)}catch{}return Me(n.status)}function Me(n){return n===404?"We could not find this. It may have been removed.":n===429?"Too many requests in a short time. Wait a minute, then try again.":n===503?"The service is busy or under maintenance. Try again in a minute.":"Something went wrong on our side. Try again in a moment."}function ge(){return new V(0,"The portal could not reach the server. Check your internet connection and try again.","OFFLINE")}async function ye(n,t,a){let s=t.toString(),r;try{r=await fetch(Un,{method:"POST",headers:{Authorization:`Bearer ${n.token}`,"Content-Type":"application/json"},body:JSON.stringify({query:s,variables:a??{}})})}catch{throw ge()}r.status===401&&Be();let i;try{i=await r.json()}catch{throw new V(r.status,Me(r.status))}let o=i.errors?.[0];if(o){let d=o.extensions?.code||"";throw d==="UNAUTHENTICATED"&&Be(),new V(r.status,On(d,o.message),d)}return i.data}function On(n,t){switch(n){case"BAD_USER_INPUT":return Ne(t);case"NOT_FOUND":return"We could not find this. It may have been merged, deleted or changed meanwhile; reload the page.";case"CONFLICT":return`This could not be done: ${_n(Ne(t))}`;case"TAXES_LOCKED":return"This falls in a tax period that is locked because it was filed. Ask your provider to unlock it first.";case"FORBIDDEN":return"Your sign-in does not allow this.";case"RATE_LIMITED":return"Too many requests in a short time. Wait a minute, then try again.";case"TIMEOUT":return"This took too long to answer. Try again, or narrow the filters.";default:return"Something went wrong on our side. Try again in a moment."}}function _n(n){return n.charAt(0).toLowerCase()+n.slice(1)}function Ne(n){let t=n.replace(/^[\w.[\]]+: /,"");return/regular expression|doesn't match|format "/.test(t)?"That value is not in the expected format.":(t=t.replace(/\s+/g," ").trim(),t?t.charAt(0).toUpperCase()+t.slice(1)+(/[.!?]$/.test(t)?"":"."):"That value is not valid.")}function J(n){return n instanceof V?n.message:"Something went wrong in the portal. Reload the page and try again."}async function at(n,t,a,s){let r;try{r=await fetch(`${Ze}/users/${encodeURIComponent(n)}/reports/${encodeURIComponent(t)}/download`,{method:"POST",headers:{"Content-Type":"application/json"},body:JSON.stringify({expires:a,signature:s})})}catch{throw ge()}if(r.status===401)return"expired";if(r.status===404)return"gone";if(!r.ok)throw new V(r.status,Me(r.status));return Hn(await r.blob(),Gn(r,"report")),"ok"}function Gn(n,t){let a=n.headers.get("Content-Disposition")||"",s=/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(a);return s?decodeURIComponent(s[1]):t}function Hn(n,t){let a=URL.createObjectURL(n),s=document.createElement("a");s.href=a,s.download=t,s.hidden=!0,document.body.append(s),s.click(),s.remove(),setTimeout(()=>URL.revokeObjectURL(a),6e4)}async function st(n){let t;try{t=await fetch("/portal/link-session",{method:"POST",headers:{"Content-Type":"application/json"},body:JSON.stringify({link:n})})}catch{throw ge()}if(t.status===404)throw new V(404,"This link is not valid any more. Ask your provider for a new one.");if(!t.ok)throw new V(t.status,await nt(t));return t.json()}function e(n,t={},...a){let r=Qn.has(n)?document.createElementNS("http://www.w3.org/2000/svg",n):document.createElement(n);for(let[i,o]of Object.entries(t))o==null||o===!1||(i.startsWith("on")&&typeof o=="function"?r.addEventListener(i.slice(2),o):o===!0?r.setAttribute(i,""):r.setAttribute(i,String(o)));for(let i of a.flat())i==null||i===!1||i===""||r.append(typeof i=="number"?String(i):i);return r}var Qn=new Set(["svg","g","rect","line","text","title","desc","path","polyline","circle"]);function v(n){n.replaceChildren()}function H(n){let t=le(n);return t?t.toLocaleString("en-US",{dateStyle:"medium",timeStyle:"short"}):"\u2014"}function q(n){let t=le(n);return t?t.toLocaleDateString("en-US",{dateStyle:"medium"}):"\u2014"}function qe(n,t){let a=le(n);return a?a.toLocaleTimeString("en-US",{hour:"numeric",minute:"2-digit",timeZone:t}):"\u2014"}function le(n){if(!n)return null;let t=new Date(n);return isNaN(t.getTime())||t.getUTCFullYear()<1971?null:t}var Ve="USD";function rt(n){Ve=n||"USD"}function C(n){return n==null?"\u2014":(n/100).toLocaleString("en-US",{style:"currency",currency:Ve})}function E(n){return n==null?"\u2014":n>0?`+${C(n)}`:n<0?`\u2212${C(-n)}`:C(0)}function ke(n){return(n/100).toLocaleString("en-US",{style:"currency",currency:Ve,notation:"compact",maximumFractionDigits:1})}function L(n){if(!n)return"\u2014";let t=Number(n);return isFinite(t)?t.toLocaleString("en-US",{maximumFractionDigits:Math.abs(t)>=1e3?2:8}):n}function Ue(n){return n==null||!isFinite(n)?"\u2014":`${n>0?"+":n<0?"\u2212":""}${Math.abs(n).toLocaleString("en-US",{maximumFractionDigits:1})}%`}function X(n){return n.length>16?`${n.slice(0,6)}\u2026${n.slice(-4)}`:n}function se(n){let t=document.getElementById("announcer");t||(t=e("div",{id:"announcer",class:"sr-only",role:"status","aria-live":"polite"}),document.body.append(t)),t.textContent="",setTimeout(()=>{t.textContent=n},50)}function j(n){return new Promise(t=>setTimeout(t,n))}function M(n){return e("p",{class:"loading",role:"status"},e("span",{class:"spinner","aria-hidden":"true"}),`Loading ${n}\u2026`)}function _(n,t,...a){return e("div",{class:"empty",id:t},e("p",{},n),...a)}function N(n,t,a,s=""){return a.id=n,e("div",{class:`field ${s}`},e("label",{for:n},t),a)}function U(n,t,a){let s=e("select",{name:n},...t.map(([r,i])=>e("option",{value:r},i)));return a!==void 0&&(s.value=a),s}function B(n,t,a="",s={}){return e("button",{type:"button",class:a,onclick:t,...s},n)}async function G(n,t,a){let s=n.textContent;n.disabled=!0,n.textContent=t,n.setAttribute("aria-busy","true");try{return await a()}finally{n.disabled=!1,n.textContent=s,n.removeAttribute("aria-busy")}}var A=class extends String{constructor(t,a){super(t),this.value=t,this.__meta__=a}toString(){return this.value}},it=new A(`
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
    `,{fragmentName:"PortalTxRow"}),ot=new A(`
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
    `,{fragmentName:"PortalTxDetail"}),lt=new A(`
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
    `),ct=new A(`
    query PortalTaxYears($clientId: ID!) {
  getTaxYears(clientId: $clientId)
}
    `),dt=new A(`
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
    `),ut=new A(`
    query PortalDirty($clientId: ID!) {
  countDirty(clientId: $clientId)
}
    `),pt=new A(`
    query PortalActiveJob($clientId: ID!) {
  getActiveRecalculateJob(clientId: $clientId) {
    id
    status
    progress
    attempt
  }
}
    `),mt=new A(`
    query PortalLastRun {
  getMyActiveClient {
    id
    lastRecalculatedAt
  }
}
    `),gt=new A(`
    mutation PortalRecalculate($clientId: ID!) {
  rerunGraph(clientId: $clientId)
}
    `),yt=new A(`
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
    `),ht=new A(`
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
    `),It=new A(`
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
    `),ft=new A(`
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
    `),bt=new A(`
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
}`),Ct=new A(`
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
}`),$t=new A(`
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
    `),Tt=new A(`
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
    `),St=new A(`
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
    `),xt=new A(`
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
    `),Pt=new A(`
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
    `),At=new A(`
    mutation PortalHide($clientId: ID!, $id: ID!, $hidden: Boolean!) {
  hideTransaction(clientId: $clientId, transactionId: $id, isHidden: $hidden) {
    id
    isHidden
  }
}
    `),wt=new A(`
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
    `),Dt=new A(`
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
    `),vt=new A(`
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
    `),Et=new A(`
    mutation PortalPair($clientId: ID!, $from: ID!, $to: ID!) {
  markInternalTransfer(
    clientId: $clientId
    fromTransactionId: $from
    toTransactionId: $to
  )
}
    `),Rt=new A(`
    mutation PortalUnpair($clientId: ID!, $from: ID!, $to: ID!) {
  unmarkInternalTransfer(
    clientId: $clientId
    fromTransactionId: $from
    toTransactionId: $to
  )
}
    `),Lt=new A(`
    mutation PortalUndo($clientId: ID!, $ids: [ID!]!) {
  undoAuditLogs(clientId: $clientId, auditLogIds: $ids, source: "portal") {
    id
  }
}
    `),Ft=new A(`
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
    `),Bt=new A(`
    mutation PortalMarkSpam($assetId: ID!, $spam: Boolean) {
  updateAsset(assetId: $assetId, isSpam: $spam) {
    id
    isSpam
  }
}
    `),Nt=new A(`
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
    `),Mt=new A(`
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
    `),qt=new A(`
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
    `),Vt=new A(`
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
    `),kt=new A(`
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
    `),Ut=new A(`
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
    `),Ot=new A(`
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
    `),_t=new A(`
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
    `),Gt=new A(`
    query PortalDownloadUrl($id: ID!) {
  getReportDownloadUrl(reportId: $id) {
    url
    fileName
  }
}
    `);var zn={"\nfragment PortalTxRow on Transaction {\n  id createdAt label accountId provider isHidden isMissingBasis hasNegativeBalance isInternalTransfer isDirty isSpam\n  fiatValueCents capGainsSumSigned incomeSum\n  transfers { id direction isFee amountExact assetId asset { id symbol } fiatValueCents }\n}":it,"\nfragment PortalTxDetail on Transaction {\n  id createdAt txnHash accountId provider explorerUrl label labelSource notes isHidden isReviewed isDirty isMissingBasis\n  hasNegativeBalance isInternalTransfer isEdited isSpam isOffChain linkType linkId linkedTransactionId\n  fiatValueCents feeFiatValueCents capGainsSumSigned incomeSum\n  classification { rule confidence explanation }\n  transfers {\n    id ordering assetId asset { id symbol name pricingKey } amountExact fromAccountId toAccountId fromAddress toAddress\n    direction isFee isHidden fiatValueCents basisFiatValueCents isFiatValueOverridden capGainsSumSigned incomeSum\n    saleTerm uncoveredAmountExact\n  }\n}":ot,"\nquery PortalClient {\n  getMyActiveClient {\n    id name currency timezone fiscalYearStart costBasisAlgorithm lockTaxesUntil\n    jurisdictionRules {\n      jurisdiction name taxYearStart taxYearLabelFormat hasHoldingTerms hasForm8949 hasForm1099DA reportTypes text matchingText\n      words { proceeds cost gains losses netGain taxableGain deniedLosses holding shortTerm longTerm taxableIncome threshold }\n    }\n  }\n}":lt,"\nquery PortalTaxYears($clientId: ID!) { getTaxYears(clientId: $clientId) }":ct,"\nquery PortalYear($clientId: ID!, $year: String!) {\n  getIncomeAndCapGains(clientId: $clientId, year: $year) {\n    year startDate endDate proceedsCents costBasisCents shortTermCapGainsCents longTermCapGainsCents capGainsCents\n    futuresCents incomeCents incomeByLabel { label name incomeCents transactionCount } disposalCount transactionCount\n    isStale computedAt jurisdiction taxYearLabel gainsCents lossesCents deniedLossesCents taxableCapitalGainsCents\n    gainThresholdCents taxableIncomeCents incomeThresholdCents discountGainsCents lossesBroughtForwardCents discountCents lossesCarriedForwardCents\n  }\n}":dt,"\nquery PortalDirty($clientId: ID!) { countDirty(clientId: $clientId) }":ut,"\nquery PortalActiveJob($clientId: ID!) {\n  getActiveRecalculateJob(clientId: $clientId) { id status progress attempt }\n}":pt,"\nquery PortalLastRun { getMyActiveClient { id lastRecalculatedAt } }":mt,"\nmutation PortalRecalculate($clientId: ID!) { rerunGraph(clientId: $clientId) }":gt,"\nquery PortalReviewQueue($clientId: ID!, $patternId: ID, $limit: Int) {\n  getClientReviewQueue(clientId: $clientId, patternId: $patternId, limit: $limit) {\n    totalCount\n    groups { patternId type severity title count assetId }\n    items { transactionId patternId type problems }\n  }\n}":yt,"\nquery PortalAccounts($clientId: String!) {\n  getClientAccounts(clientId: $clientId) {\n    id name type provider address status transactionCount lastSyncedAt lastSyncError\n  }\n}":ht,"\nquery PortalAssets($clientId: ID!) {\n  getClientAssets(clientId: $clientId, hideSpamAssets: true) { assets { id symbol name pricingKey } }\n}":It,"\nquery PortalLabels($clientId: ID) {\n  getLabels(clientId: $clientId) { value name description category isIncome isDisposal isNonTaxable }\n}":ft,"\nquery PortalTransactions($clientId: ID!, $page: Int, $limit: Int, $search: String, $startDate: Date, $endDate: Date,\n    $assetIds: [String!], $accountIds: [ID!], $labels: [String!], $labelFilterMode: String, $insightPatternId: ID,\n    $includeHidden: Boolean, $onlyTransactionIds: [String!]) {\n  getClientTransactions(clientId: $clientId, page: $page, limit: $limit, skipTotal: true, search: $search,\n      startDate: $startDate, endDate: $endDate, assetIds: $assetIds, accountIds: $accountIds, labels: $labels,\n      labelFilterMode: $labelFilterMode, insightPatternId: $insightPatternId, includeHidden: $includeHidden,\n      onlyTransactionIds: $onlyTransactionIds) {\n    transactions { ...PortalTxRow }\n    page limit hasNextPage\n  }\n}":bt,"\nquery PortalTransaction($clientId: ID!, $id: ID!) {\n  getTransaction(clientId: $clientId, transactionId: $id, includeAllTransfers: true) { ...PortalTxDetail }\n}":Ct,"\nquery PortalTransactionLots($clientId: ID!, $key: String!, $id: ID) {\n  getTaxLots(clientId: $clientId, assetPricingKey: $key, transactionId: $id) {\n    costBasisAlgorithm\n    disposals {\n      transferId amountExact proceedsCents costBasisCents gainCents term box lotAcquiredAt lotTransactionId\n      isUncovered isMissingBasis match deniedLossExact\n    }\n    lots { id acquiredAt amountExact originalAmountExact costBasisCents term isMissingBasis }\n  }\n}":$t,"\nquery PortalLabelOptions($clientId: ID!, $id: ID!) {\n  getTransactionTypeOptions(clientId: $clientId, transactionId: $id) {\n    options { value name description } recommended { value } currentLabel\n  }\n}":Tt,"\nquery PortalAudit($clientId: ID!, $ids: [ID!]) {\n  getClientAuditLogs(clientId: $clientId, transactionIds: $ids, limit: 25, page: 0) {\n    auditLogs { id createdAt actorType action entityType field oldValue newValue undoneAt canUndo source }\n    total\n  }\n}":St,"\nquery PortalPairs($clientId: ID!, $id: ID, $limit: Int) {\n  getTransferPairSuggestions(clientId: $clientId, transactionId: $id, limit: $limit) {\n    fromTransactionId toTransactionId fromAccountId toAccountId sentAmountExact receivedAmountExact feeAmountExact\n    sentAt receivedAt asset { symbol }\n  }\n}":xt,'\nmutation PortalLabel($clientId: ID!, $ids: [ID!]!, $label: String, $wipe: Boolean) {\n  labelTransactions(clientId: $clientId, transactionIds: $ids, label: $label, wipeLabel: $wipe, source: "portal") { id label }\n}':Pt,"\nmutation PortalHide($clientId: ID!, $id: ID!, $hidden: Boolean!) {\n  hideTransaction(clientId: $clientId, transactionId: $id, isHidden: $hidden) { id isHidden }\n}":At,'\nmutation PortalReviewed($clientId: ID!, $id: ID!, $reviewed: Boolean!) {\n  updateTransaction(clientId: $clientId, transactionId: $id, createDefaultRule: false, source: "portal",\n      updates: { isReviewed: $reviewed }) { transaction { id isReviewed } }\n}':wt,"\nmutation PortalSetPrice($clientId: ID!, $ids: [ID!]!, $assetId: ID, $price: Float) {\n  saveReceivePriceForTransactions(clientId: $clientId, transactionIds: $ids, assetId: $assetId, fiatValue: $price) { id }\n}":Dt,'\nmutation PortalSetValue($clientId: ID!, $tx: ID!, $transfer: ID!, $value: Float, $basis: Float, $reset: Boolean) {\n  updateTransfer(clientId: $clientId, transactionId: $tx, transferId: $transfer, fiatValue: $value, basisFiatValue: $basis,\n      resetFiatValue: $reset, source: "portal") { id }\n}':vt,"\nmutation PortalPair($clientId: ID!, $from: ID!, $to: ID!) {\n  markInternalTransfer(clientId: $clientId, fromTransactionId: $from, toTransactionId: $to)\n}":Et,"\nmutation PortalUnpair($clientId: ID!, $from: ID!, $to: ID!) {\n  unmarkInternalTransfer(clientId: $clientId, fromTransactionId: $from, toTransactionId: $to)\n}":Rt,'\nmutation PortalUndo($clientId: ID!, $ids: [ID!]!) {\n  undoAuditLogs(clientId: $clientId, auditLogIds: $ids, source: "portal") { id }\n}':Lt,"\nmutation PortalAcceptBasis($clientId: ID!, $ids: [ID!]!, $override: Boolean!) {\n  updateMultiTransactionsCostBasis(clientId: $clientId, transactionIds: $ids, isMissingBasis: false, overrideIsMissingBasis: $override) { id }\n}":Ft,"\nmutation PortalMarkSpam($assetId: ID!, $spam: Boolean) {\n  updateAsset(assetId: $assetId, isSpam: $spam) { id isSpam }\n}":Bt,"\nquery PortalPortfolio($clientId: ID!) {\n  getPortfolioV2(clientId: $clientId, limit: 100, sort: VALUE) {\n    positions {\n      assetId asset { symbol name } amountExact price valueCents costBasisCents unrealizedGainCents\n      unrealizedGainPercent portfolioPercent\n    }\n    total totalValueCents totalCostBasisCents totalUnrealizedGainCents isStale computedAt\n  }\n}":Nt,"\nquery PortalChart($clientId: ID!, $interval: HistoricalBalanceIntervalEnum!) {\n  getChart(clientId: $clientId, interval: $interval) {\n    points { date valueCents costBasisCents } startValueCents endValueCents changeCents changePercent isStale\n  }\n}":Mt,"\nquery PortalHarvest($clientId: ID!, $date: Date!) {\n  getHarvestableLosses(clientId: $clientId, date: $date) {\n    totalUnrealizedLossCents shortTermUnrealizedLossCents longTermUnrealizedLossCents\n    assets {\n      assetId asset { symbol name } amountExact price marketValueCents costBasisCents unrealizedGainCents\n      shortTermUnrealizedGainCents longTermUnrealizedGainCents hasRecentAcquisition\n    }\n    unpricedAssetIds isStale\n  }\n}":qt,"\nquery PortalForm8949($clientId: ID!, $year: Int!, $box: Form8949BoxEnum, $page: Int) {\n  getForm8949PreviewForYear(clientId: $clientId, year: $year, box: $box, page: $page, limit: 25) {\n    boxes { box term rowCount proceedsCents costBasisCents adjustmentCents gainOrLossCents }\n    rows { transactionId description dateAcquired dateSold proceedsCents costBasisCents gainOrLossCents box }\n    total page limit isStale\n  }\n}":Vt,'\nquery PortalTaxForms($clientId: ID!, $year: Int!) {\n  getTaxFormStatuses(clientId: $clientId, year: $year, formType: "FORM_1099_DA") {\n    taxForms { id brokerName status statusMessage rowCount uploadedAt }\n  }\n}':kt,"\nquery PortalReconciliation($clientId: ID!, $formId: ID!) {\n  getTaxFormReconciliation(clientId: $clientId, taxFormId: $formId) {\n    brokerProceedsCents computedProceedsCents proceedsDifferenceCents brokerCostBasisCents computedCostBasisCents\n    matchedCount mismatchedCount missingInLedgerCount missingOnFormCount\n    rows {\n      id status transactionId assetSymbol amountExact dateSold brokerProceedsCents computedProceedsCents\n      proceedsDifferenceCents brokerCostBasisCents computedCostBasisCents\n    }\n  }\n}":Ut,"\nquery PortalReports($clientId: ID!) {\n  getReports(clientId: $clientId) { id type status year fileName isStale error createdAt completedAt }\n}":Ot,"\nquery PortalRequestReport($clientId: ID!, $type: ReportExportTypeEnum!, $year: String!, $email: String) {\n  getReportExportV2(clientId: $clientId, type: $type, dateQueryType: TAX_YEAR, year: $year, email: $email) {\n    report { id status } isCached emailQueued\n  }\n}":_t,"\nquery PortalDownloadUrl($id: ID!) { getReportDownloadUrl(reportId: $id) { url fileName } }":Gt};function w(n){return zn[n]??{}}var Ka=w(`
fragment PortalTxRow on Transaction {
  id createdAt label accountId provider isHidden isMissingBasis hasNegativeBalance isInternalTransfer isDirty isSpam
  fiatValueCents capGainsSumSigned incomeSum
  transfers { id direction isFee amountExact assetId asset { id symbol } fiatValueCents }
}`),Ja=w(`
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
}`),Ht=w(`
query PortalClient {
  getMyActiveClient {
    id name currency timezone fiscalYearStart costBasisAlgorithm lockTaxesUntil
    jurisdictionRules {
      jurisdiction name taxYearStart taxYearLabelFormat hasHoldingTerms hasForm8949 hasForm1099DA reportTypes text matchingText
      words { proceeds cost gains losses netGain taxableGain deniedLosses holding shortTerm longTerm taxableIncome threshold }
    }
  }
}`),Qt=w(`
query PortalTaxYears($clientId: ID!) { getTaxYears(clientId: $clientId) }`),ce=w(`
query PortalYear($clientId: ID!, $year: String!) {
  getIncomeAndCapGains(clientId: $clientId, year: $year) {
    year startDate endDate proceedsCents costBasisCents shortTermCapGainsCents longTermCapGainsCents capGainsCents
    futuresCents incomeCents incomeByLabel { label name incomeCents transactionCount } disposalCount transactionCount
    isStale computedAt jurisdiction taxYearLabel gainsCents lossesCents deniedLossesCents taxableCapitalGainsCents
    gainThresholdCents taxableIncomeCents incomeThresholdCents discountGainsCents lossesBroughtForwardCents discountCents lossesCarriedForwardCents
  }
}`),Yt=w(`
query PortalDirty($clientId: ID!) { countDirty(clientId: $clientId) }`),Oe=w(`
query PortalActiveJob($clientId: ID!) {
  getActiveRecalculateJob(clientId: $clientId) { id status progress attempt }
}`),zt=w(`
query PortalLastRun { getMyActiveClient { id lastRecalculatedAt } }`),Wt=w(`
mutation PortalRecalculate($clientId: ID!) { rerunGraph(clientId: $clientId) }`),Z=w(`
query PortalReviewQueue($clientId: ID!, $patternId: ID, $limit: Int) {
  getClientReviewQueue(clientId: $clientId, patternId: $patternId, limit: $limit) {
    totalCount
    groups { patternId type severity title count assetId }
    items { transactionId patternId type problems }
  }
}`),jt=w(`
query PortalAccounts($clientId: String!) {
  getClientAccounts(clientId: $clientId) {
    id name type provider address status transactionCount lastSyncedAt lastSyncError
  }
}`),Kt=w(`
query PortalAssets($clientId: ID!) {
  getClientAssets(clientId: $clientId, hideSpamAssets: true) { assets { id symbol name pricingKey } }
}`),Jt=w(`
query PortalLabels($clientId: ID) {
  getLabels(clientId: $clientId) { value name description category isIncome isDisposal isNonTaxable }
}`),he=w(`
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
}`),de=w(`
query PortalTransaction($clientId: ID!, $id: ID!) {
  getTransaction(clientId: $clientId, transactionId: $id, includeAllTransfers: true) { ...PortalTxDetail }
}`),Ie=w(`
query PortalTransactionLots($clientId: ID!, $key: String!, $id: ID) {
  getTaxLots(clientId: $clientId, assetPricingKey: $key, transactionId: $id) {
    costBasisAlgorithm
    disposals {
      transferId amountExact proceedsCents costBasisCents gainCents term box lotAcquiredAt lotTransactionId
      isUncovered isMissingBasis match deniedLossExact
    }
    lots { id acquiredAt amountExact originalAmountExact costBasisCents term isMissingBasis }
  }
}`),fe=w(`
query PortalLabelOptions($clientId: ID!, $id: ID!) {
  getTransactionTypeOptions(clientId: $clientId, transactionId: $id) {
    options { value name description } recommended { value } currentLabel
  }
}`),Xt=w(`
query PortalAudit($clientId: ID!, $ids: [ID!]) {
  getClientAuditLogs(clientId: $clientId, transactionIds: $ids, limit: 25, page: 0) {
    auditLogs { id createdAt actorType action entityType field oldValue newValue undoneAt canUndo source }
    total
  }
}`),be=w(`
query PortalPairs($clientId: ID!, $id: ID, $limit: Int) {
  getTransferPairSuggestions(clientId: $clientId, transactionId: $id, limit: $limit) {
    fromTransactionId toTransactionId fromAccountId toAccountId sentAmountExact receivedAmountExact feeAmountExact
    sentAt receivedAt asset { symbol }
  }
}`),Ce=w(`
mutation PortalLabel($clientId: ID!, $ids: [ID!]!, $label: String, $wipe: Boolean) {
  labelTransactions(clientId: $clientId, transactionIds: $ids, label: $label, wipeLabel: $wipe, source: "portal") { id label }
}`),ue=w(`
mutation PortalHide($clientId: ID!, $id: ID!, $hidden: Boolean!) {
  hideTransaction(clientId: $clientId, transactionId: $id, isHidden: $hidden) { id isHidden }
}`),$e=w(`
mutation PortalReviewed($clientId: ID!, $id: ID!, $reviewed: Boolean!) {
  updateTransaction(clientId: $clientId, transactionId: $id, createDefaultRule: false, source: "portal",
      updates: { isReviewed: $reviewed }) { transaction { id isReviewed } }
}`),Zt=w(`
mutation PortalSetPrice($clientId: ID!, $ids: [ID!]!, $assetId: ID, $price: Float) {
  saveReceivePriceForTransactions(clientId: $clientId, transactionIds: $ids, assetId: $assetId, fiatValue: $price) { id }
}`),_e=w(`
mutation PortalSetValue($clientId: ID!, $tx: ID!, $transfer: ID!, $value: Float, $basis: Float, $reset: Boolean) {
  updateTransfer(clientId: $clientId, transactionId: $tx, transferId: $transfer, fiatValue: $value, basisFiatValue: $basis,
      resetFiatValue: $reset, source: "portal") { id }
}`),en=w(`
mutation PortalPair($clientId: ID!, $from: ID!, $to: ID!) {
  markInternalTransfer(clientId: $clientId, fromTransactionId: $from, toTransactionId: $to)
}`),tn=w(`
mutation PortalUnpair($clientId: ID!, $from: ID!, $to: ID!) {
  unmarkInternalTransfer(clientId: $clientId, fromTransactionId: $from, toTransactionId: $to)
}`),nn=w(`
mutation PortalUndo($clientId: ID!, $ids: [ID!]!) {
  undoAuditLogs(clientId: $clientId, auditLogIds: $ids, source: "portal") { id }
}`),pe=w(`
mutation PortalAcceptBasis($clientId: ID!, $ids: [ID!]!, $override: Boolean!) {
  updateMultiTransactionsCostBasis(clientId: $clientId, transactionIds: $ids, isMissingBasis: false, overrideIsMissingBasis: $override) { id }
}`),an=w(`
mutation PortalMarkSpam($assetId: ID!, $spam: Boolean) {
  updateAsset(assetId: $assetId, isSpam: $spam) { id isSpam }
}`),Te=w(`
query PortalPortfolio($clientId: ID!) {
  getPortfolioV2(clientId: $clientId, limit: 100, sort: VALUE) {
    positions {
      assetId asset { symbol name } amountExact price valueCents costBasisCents unrealizedGainCents
      unrealizedGainPercent portfolioPercent
    }
    total totalValueCents totalCostBasisCents totalUnrealizedGainCents isStale computedAt
  }
}`),sn=w(`
query PortalChart($clientId: ID!, $interval: HistoricalBalanceIntervalEnum!) {
  getChart(clientId: $clientId, interval: $interval) {
    points { date valueCents costBasisCents } startValueCents endValueCents changeCents changePercent isStale
  }
}`),rn=w(`
query PortalHarvest($clientId: ID!, $date: Date!) {
  getHarvestableLosses(clientId: $clientId, date: $date) {
    totalUnrealizedLossCents shortTermUnrealizedLossCents longTermUnrealizedLossCents
    assets {
      assetId asset { symbol name } amountExact price marketValueCents costBasisCents unrealizedGainCents
      shortTermUnrealizedGainCents longTermUnrealizedGainCents hasRecentAcquisition
    }
    unpricedAssetIds isStale
  }
}`),on=w(`
query PortalForm8949($clientId: ID!, $year: Int!, $box: Form8949BoxEnum, $page: Int) {
  getForm8949PreviewForYear(clientId: $clientId, year: $year, box: $box, page: $page, limit: 25) {
    boxes { box term rowCount proceedsCents costBasisCents adjustmentCents gainOrLossCents }
    rows { transactionId description dateAcquired dateSold proceedsCents costBasisCents gainOrLossCents box }
    total page limit isStale
  }
}`),ln=w(`
query PortalTaxForms($clientId: ID!, $year: Int!) {
  getTaxFormStatuses(clientId: $clientId, year: $year, formType: "FORM_1099_DA") {
    taxForms { id brokerName status statusMessage rowCount uploadedAt }
  }
}`),cn=w(`
query PortalReconciliation($clientId: ID!, $formId: ID!) {
  getTaxFormReconciliation(clientId: $clientId, taxFormId: $formId) {
    brokerProceedsCents computedProceedsCents proceedsDifferenceCents brokerCostBasisCents computedCostBasisCents
    matchedCount mismatchedCount missingInLedgerCount missingOnFormCount
    rows {
      id status transactionId assetSymbol amountExact dateSold brokerProceedsCents computedProceedsCents
      proceedsDifferenceCents brokerCostBasisCents computedCostBasisCents
    }
  }
}`),Ge=w(`
query PortalReports($clientId: ID!) {
  getReports(clientId: $clientId) { id type status year fileName isStale error createdAt completedAt }
}`),dn=w(`
query PortalRequestReport($clientId: ID!, $type: ReportExportTypeEnum!, $year: String!, $email: String) {
  getReportExportV2(clientId: $clientId, type: $type, dateQueryType: TAX_YEAR, year: $year, email: $email) {
    report { id status } isCached emailQueued
  }
}`),un=w(`
query PortalDownloadUrl($id: ID!) { getReportDownloadUrl(reportId: $id) { url fileName } }`);var Se=class{constructor(t,a,s){this.s=t;this.client=a;this.brand=s;this.changed=[];this.labelCache=[];this.accountCache=[]}q(t,a){return ye(this.s,t,{clientId:this.client.id,...a})}accounts(){return this.accountsP||(this.accountsP=this.q(jt).then(t=>t.getClientAccounts.filter(a=>!!a))),this.accountsP.catch(()=>{this.accountsP=void 0}),this.accountsP}assets(){return this.assetsP||(this.assetsP=this.q(Kt).then(t=>t.getClientAssets.assets)),this.assetsP.catch(()=>{this.assetsP=void 0}),this.assetsP}labels(){return this.labelsP||(this.labelsP=this.q(Jt).then(t=>t.getLabels)),this.labelsP.catch(()=>{this.labelsP=void 0}),this.labelsP}years(){return this.yearsP||(this.yearsP=this.q(Qt).then(t=>[...t.getTaxYears].reverse())),this.yearsP.catch(()=>{this.yearsP=void 0}),this.yearsP}async defaultYear(){let t=await this.years();return t.length?t[0]:new Date().getUTCFullYear()}labelName(t){if(!t)return"Unlabeled";let a=this.labelCache.find(s=>s.value===t);return a?a.name:t.replace(/_/g," ").replace(/^./,s=>s.toUpperCase())}accountName(t,a=this.accountCache){if(!t)return"Outside your accounts";let s=a.find(r=>r.id===t);return s?ee(s):"A removed account"}onChange(t){return this.changed.push(t),()=>{this.changed=this.changed.filter(a=>a!==t)}}ledgerChanged(t){t==="accounts"&&(this.accountsP=void 0,this.assetsP=void 0,this.yearsP=void 0),t==="results"&&(this.yearsP=void 0);for(let a of[...this.changed])a(t)}};function ee(n){let t=(n.name||"").trim();return t&&t!==n.address?t:n.address?`${re(n.provider)} wallet ${n.address.length>16?`${n.address.slice(0,6)}\u2026${n.address.slice(-4)}`:n.address}`:re(n.provider)}var Wn={ethereum:"Ethereum",bitcoin:"Bitcoin",solana:"Solana",base:"Base",arbitrum:"Arbitrum",optimism:"Optimism",polygon:"Polygon",bsc:"BNB Smart Chain",coinbase:"Coinbase",kraken:"Kraken",generic:"File",file:"File"};function re(n){return Wn[n]||n.charAt(0).toUpperCase()+n.slice(1)}function P(n,t,...a){return n instanceof Q?e("span"):e("div",{class:"notice error",role:"alert"},e("p",{},J(n)),...a,t?B("Try again",t,"secondary small"):"")}function O(n,t,...a){let s=e("div",{class:"section-body"},...a);return{el:e("section",{class:"panel",id:n,"aria-labelledby":`${n}-h`},e("h2",{id:`${n}-h`},t),s),body:s}}function jn(n,t){let a=new Intl.DateTimeFormat("en-US",{timeZone:n,hourCycle:"h23",year:"numeric",month:"2-digit",day:"2-digit",hour:"2-digit",minute:"2-digit",second:"2-digit"}).formatToParts(t),s=r=>Number(a.find(i=>i.type===r)?.value||0);return Date.UTC(s("year"),s("month")-1,s("day"),s("hour"),s("minute"),s("second"))-Math.floor(t.getTime()/1e3)*1e3}function pn(n,t,a,s){let r=Date.UTC(n,t-1,a);for(let i=0;i<2;i++)try{r=Date.UTC(n,t-1,a)-jn(s,new Date(r))}catch{return new Date(Date.UTC(n,t-1,a))}return new Date(r)}function mn(n,t){let[a,s]=(n.fiscalYearStart||"01-01").split("-").map(Number);return[pn(t,a||1,s||1,n.timezone).toISOString(),pn(t+1,a||1,s||1,n.timezone).toISOString()]}function z(n,t){let a=n.jurisdictionRules.taxYearLabelFormat;return a.length===7?`${t}${a[4]}${String((t+1)%100).padStart(2,"0")}`:String(t)}function te(n,t,a=!1){let s=n.jurisdictionRules.words,r=t==="SHORT_TERM"?s.shortTerm||"Short-term":t==="LONG_TERM"?s.longTerm||"Long-term":t;return a?r.charAt(0).toLowerCase()+r.slice(1):r}var gn=1e3,Kn=1500,Jn=15e3,Xn=5e3,xe=class{constructor(t){this.app=t;this.el=e("div",{id:"recalc-status",class:"status-bar","aria-live":"polite"});this.state="settled";this.following=!1;this.listeners=[];t.onChange(a=>{a==="edit"&&this.soon(),a!=="results"&&this.refresh()}),window.addEventListener("offline",()=>this.unreachable()),window.addEventListener("online",()=>this.refresh())}again(t){window.clearTimeout(this.check),this.check=window.setTimeout(()=>this.refresh(),t)}unreachable(){this.state="unreachable",this.el.dataset.state="unreachable",this.el.replaceChildren(e("div",{class:"status unreachable",id:"recalc-unreachable",role:"status"},e("span",{},"We can\u2019t reach the server right now, so what you see may be out of date. Trying again\u2026")));for(let t of this.listeners)t("unreachable");this.again(Xn)}get scheduled(){return this.timer!==void 0}soon(){window.clearTimeout(this.timer),this.timer=window.setTimeout(()=>{this.timer=void 0,this.following?this.soon():this.start()},Kn)}onState(t){return this.listeners.push(t),()=>{this.listeners=this.listeners.filter(a=>a!==t)}}async refresh(){if(!this.following)try{let[t,a,s,r]=await Promise.all([this.app.q(Yt),this.app.q(Oe),this.app.q(zt),this.app.accounts()]);if(a.getActiveRecalculateJob)return this.follow(a.getActiveRecalculateJob);let i=!s.getMyActiveClient.lastRecalculatedAt&&r.length>0;this.show(t.countDirty>0||i?"dirty":"settled",t.countDirty,void 0,i),this.again(Jn)}catch(t){if(t instanceof Q)return;if(t instanceof V&&(t.code==="OFFLINE"||t.status>=500))return this.unreachable();this.el.replaceChildren(P(t,()=>this.refresh()))}}async start(){if(window.clearTimeout(this.timer),this.timer=void 0,!this.following)try{let t=(await this.app.q(Wt)).rerunGraph;await this.follow({id:t,status:"QUEUED",progress:0,attempt:1})}catch(t){this.el.replaceChildren(P(t,()=>this.start()))}}async follow(t){this.following=!0;let a=t;try{for(;a;){this.show("recalculating",0,a),await j(gn);try{a=(await this.app.q(Oe)).getActiveRecalculateJob}catch(s){if(s instanceof Q)return;await j(gn*3)}}}finally{this.following=!1}se("Recalculation finished: your figures are up to date."),this.app.ledgerChanged("results"),await this.refresh()}show(t,a,s,r=!1){if(this.state=t,this.el.dataset.state=t,t==="recalculating"&&s){let i=s.status==="QUEUED";this.el.replaceChildren(e("div",{class:"status recalculating",id:"recalc-running"},e("span",{class:"spinner","aria-hidden":"true"}),e("span",{},i?"Updating your figures: queued\u2026":`Updating your figures\u2026 ${s.progress}%`),e("progress",{max:100,value:s.progress,"aria-label":"Recalculation progress"})))}else t==="dirty"?this.el.replaceChildren(e("div",{class:"status dirty",id:"recalc-dirty"},e("span",{},r?"Your taxes have not been calculated yet.":this.scheduled?"Updating your figures with your changes in a moment\u2026":a===1?"1 change is not in your figures yet.":`${a.toLocaleString("en-US")} changes are not in your figures yet.`),B(r?"Calculate":this.scheduled?"Update now":"Recalculate",()=>this.start(),"small",{id:"recalculate"}))):this.el.replaceChildren(e("div",{class:"status settled",id:"recalc-settled"},e("span",{class:"check","aria-hidden":"true"},"\u2713"),e("span",{},"Your figures are up to date.")));for(let i of this.listeners)i(t)}};var Zn={"tax-forms":"tax forms","form-8949-csv":"Form 8949","form-8949-pdf":"Form 8949","schedule-d-csv":"Schedule D","schedule-d-pdf":"Schedule D","schedule-1-pdf":"Schedule 1","capital-gains-csv":"capital gains report","income-csv":"income report","transaction-history-csv":"transaction history","turbotax-csv":"TurboTax file","taxact-csv":"TaxAct file","holdings-csv":"year-end holdings"};function yn(n,t,a){let s=t.get("code")||"",r=t.get("report")||"",i=Number(t.get("expires")),o=t.get("signature")||"",d=()=>history.replaceState(null,"",location.pathname);document.readyState==="complete"?d():window.addEventListener("load",d,{once:!0});let y=(l,...u)=>{v(n),n.append(e("section",{class:"panel state",id:"state-download","data-state":a?.state||"unchecked","aria-labelledby":"dl-h"},e("h1",{id:"dl-h"},l),...u))},m="Request the report again in the tax portal of your provider: it e-mails you a new link.";switch(a?.state){case"expired":return y("This download link has expired",e("p",{id:"download-expired"},`For your security, download links work for a limited time. ${m}`));case"invalid":return y("This download link does not work",e("p",{id:"download-invalid"},`The link is incomplete or was changed. Open the whole link from the e-mail, or: ${m.charAt(0).toLowerCase()}${m.slice(1)}`));case"gone":return y("This report is no longer available",e("p",{id:"download-gone"},m))}let c=e("div",{id:"download-message",role:"status","aria-live":"polite"}),b=e("button",{type:"button",id:"download-report",onclick:async()=>{b.disabled=!0,c.replaceChildren(e("p",{},"Preparing your download\u2026"));try{let l=await at(s,r,i,o);c.replaceChildren(l==="ok"?e("p",{class:"notice ok",id:"download-started"},"Your download has started."):l==="expired"?e("p",{class:"notice error",role:"alert",id:"download-expired"},`This link has expired. ${m}`):e("p",{class:"notice error",role:"alert",id:"download-gone"},`This report is no longer available. ${m}`))}catch(l){c.replaceChildren(e("p",{class:"notice error",role:"alert"},l instanceof V?l.message:J(l)))}finally{b.disabled=!1}}},"Download");if(a?.state==="ready"){let l=Zn[a.reportType||""]||"tax report",u=`${a.year?`${a.year} `:""}${l}`;return y(`Your ${u} ${l==="tax forms"?"are":"is"} ready`,e("p",{},a.fileName?`The file ${a.fileName} is ready to download.`:"The file is ready to download.",a.expiresAt?` This link works until ${H(a.expiresAt)}.`:""),b,c)}return y("Download your tax report",e("p",{},i?`This link works until ${H(new Date(i*1e3).toISOString())}.`:""),b,c)}var k=240,Pe=16,me=52;function hn(n){return Math.max(280,Math.min(720,Math.floor(n.clientWidth||640)))}function In(n,t){let a=t.flatMap($=>[$.capitalGainsCents,$.incomeCents]),s=Math.max(0,...a),r=Math.min(0,...a);if(s===0&&r===0)return e("p",{class:"empty",id:"chart-empty"},"No gains or income yet: the chart fills in once your taxes are calculated.");let i=hn(n),o=60,d=8,y=s-r||1,m=k-Pe-me,c=i-o-d,b=$=>Pe+(s-$)/y*m,l=c/t.length,u=Math.min(28,l/3),g=[s,(s+r)/2,r].filter(($,I,R)=>R.indexOf($)===I),T=t.map($=>`${$.year}: gains ${C($.capitalGainsCents)}, income ${C($.incomeCents)}`).join("; ");return e("svg",{viewBox:`0 0 ${i} ${k}`,width:i,height:k,role:"img","aria-labelledby":"chart-title chart-desc",class:"chart-svg"},e("title",{id:"chart-title"},"Capital gains and income by tax year"),e("desc",{id:"chart-desc"},T),...g.map($=>e("g",{},e("line",{x1:o,x2:i-d,y1:b($),y2:b($),class:"grid"}),e("text",{x:o-6,y:b($)+4,"text-anchor":"end",class:"axis"},ke(Math.round($))))),e("line",{x1:o,x2:i-d,y1:b(0),y2:b(0),class:"zero"}),...t.map(($,I)=>{let R=o+l*I+l/2,p=(x,h,f,S)=>e("rect",{x:h,width:u,y:Math.min(b(x),b(0)),height:Math.max(1,Math.abs(b(x)-b(0))),class:f,"data-year":$.year,"data-cents":x},e("title",{},`${$.year} ${S}: ${C(x)}`));return e("g",{},p($.capitalGainsCents,R-u-1,"bar gains","capital gains"),p($.incomeCents,R+1,"bar income","income"),e("text",{x:R,y:k-me+18,"text-anchor":"middle",class:"axis"},String($.year)))}),e("g",{class:"legend"},e("rect",{x:o,y:k-14,width:12,height:12,class:"bar gains"}),e("text",{x:o+16,y:k-4,class:"axis"},"Capital gains"),e("rect",{x:o+120,y:k-14,width:12,height:12,class:"bar income"}),e("text",{x:o+136,y:k-4,class:"axis"},"Income")))}function fn(n,t,a){if(t.length<2||t.every(h=>h.valueCents===0&&h.costBasisCents===0))return e("p",{class:"empty",id:"value-chart-empty"},"Nothing to chart for this range yet.");let s=hn(n),r=64,i=8,o=t.flatMap(h=>[h.valueCents,h.costBasisCents]),d=Math.max(...o,0),y=Math.min(...o,0),m=d-y||1,c=k-Pe-me,b=s-r-i,l=h=>r+b*h/(t.length-1),u=h=>Pe+(d-h)/m*c,g=h=>t.map((f,S)=>`${l(S).toFixed(1)},${u(h(f)).toFixed(1)}`).join(" "),T=`M${l(0).toFixed(1)},${u(0).toFixed(1)} L${g(h=>h.valueCents).replace(/ /g," L")} L${l(t.length-1).toFixed(1)},${u(0).toFixed(1)} Z`,$=[d,(d+y)/2,y].filter((h,f,S)=>S.indexOf(h)===f),I=new Date(t[0].date),R=new Date(t[t.length-1].date),p=h=>h.toLocaleDateString("en-US",{month:"short",year:"numeric"}),x=t[t.length-1];return e("svg",{viewBox:`0 0 ${s} ${k}`,width:s,height:k,role:"img","aria-labelledby":"value-title value-desc",class:"chart-svg"},e("title",{id:"value-title"},a),e("desc",{id:"value-desc"},`From ${p(I)} to ${p(R)}: value now ${C(x.valueCents)}, cost basis ${C(x.costBasisCents)}.`),...$.map(h=>e("g",{},e("line",{x1:r,x2:s-i,y1:u(h),y2:u(h),class:"grid"}),e("text",{x:r-6,y:u(h)+4,"text-anchor":"end",class:"axis"},ke(Math.round(h))))),e("path",{d:T,class:"area"}),e("polyline",{points:g(h=>h.valueCents),class:"value-line"}),e("polyline",{points:g(h=>h.costBasisCents),class:"basis-line"}),e("text",{x:r,y:k-me+18,class:"axis"},p(I)),e("text",{x:s-i,y:k-me+18,"text-anchor":"end",class:"axis"},p(R)),e("g",{class:"legend"},e("rect",{x:r,y:k-14,width:12,height:12,class:"swatch-value"}),e("text",{x:r+16,y:k-4,class:"axis"},"Value"),e("line",{x1:r+80,x2:r+100,y1:k-8,y2:k-8,class:"basis-line"}),e("text",{x:r+106,y:k-4,class:"axis"},"Cost basis")))}var He=10,bn=1e3,ea=[["ethereum","Ethereum"],["bitcoin","Bitcoin"],["solana","Solana"],["base","Base"],["arbitrum","Arbitrum"],["optimism","Optimism"],["polygon","Polygon"],["bsc","BNB Smart Chain"]],ta={ACTIVE:"Up to date",SYNCING:"Syncing",ERROR:"Sync failed",NEEDS_REAUTHENTICATION:"Needs new credentials",RETIRED:"Retired",DELETING:"Being removed"},na={WALLET:"Wallet",EXCHANGE:"Exchange",BANK:"Bank",FILE:"File import",MANUAL:"Manual",VIRTUAL:"Position"},Ae=class{constructor(t,a){this.app=t;this.accounts=[];this.syncing=!1;this.list=e("div",{id:"wallet-list"},M("your accounts"));this.count=e("p",{id:"wallet-count",class:"muted"});this.msg=e("div",{id:"wallet-message",role:"status","aria-live":"polite"});this.progress=e("div",{id:"sync-progress","aria-live":"polite"});this.syncButton=e("button",{type:"button",id:"sync-wallets",onclick:()=>this.startSync()},"Sync wallets");this.alive=!0;let s=e("input",{name:"address",required:!0,autocomplete:"off",spellcheck:!1,placeholder:"0x\u2026 , bc1\u2026 or a Solana address"}),r=e("input",{name:"name",maxlength:100,autocomplete:"off",placeholder:"e.g. Cold storage"});this.form=e("form",{id:"add-wallet",class:"inline-form",onsubmit:i=>{i.preventDefault(),this.add()}},N("wallet-address","Wallet address",s,"grow"),N("wallet-chain","Chain",U("chain",ea)),N("wallet-name","Name (optional)",r),e("button",{type:"submit",id:"add-wallet-button"},"Add wallet")),a.append(this.count,this.list,e("details",{class:"add-wallet"},e("summary",{},"Add a wallet"),this.form,this.msg),e("div",{class:"actions"},this.syncButton),this.progress)}stop(){this.alive=!1}async load(){try{this.accounts=await this.app.accounts(),this.render();let a=(await K(this.app.s,"GET","/account_syncs")).syncs.find(s=>s.status==="queued"||s.status==="running");a&&this.follow(a)}catch(t){v(this.list),this.list.append(P(t,()=>this.load()))}}render(){v(this.list);let t=this.accounts.length,a=this.accounts.filter(r=>r.type==="WALLET").length;this.count.textContent=`${t===1?"1 account":`${t} accounts`} \xB7 ${a} of ${He} wallets`;let s=a>=He;if(this.form.querySelectorAll("input,select,button").forEach(r=>r.disabled=s),s&&this.msg.replaceChildren(e("p",{class:"notice"},`You have reached the limit of ${He} wallets.`)),this.syncButton.disabled=a===0||this.syncing,this.syncButton.hidden=a===0,t===0){this.list.append(_("No accounts yet. Add the address of a wallet you own, then sync it to import its transactions.","wallets-empty"));return}this.list.append(e("table",{class:"table cards"},e("caption",{class:"sr-only"},"Your accounts"),e("thead",{},e("tr",{},...["Account","Kind","Transactions","Status","Last synced"].map(r=>e("th",{scope:"col"},r)))),e("tbody",{},...this.accounts.map(r=>e("tr",{"data-account":r.id},e("td",{"data-label":"Account"},e("strong",{},ee(r)),r.address&&ee(r)===r.name?e("div",{class:"mono muted small",title:r.address},X(r.address)):""),e("td",{"data-label":"Kind"},`${na[r.type]||r.type}${r.type==="WALLET"?` \xB7 ${re(r.provider)}`:""}`),e("td",{"data-label":"Transactions",class:"num"},r.transactionCount.toLocaleString("en-US")),e("td",{"data-label":"Status"},e("span",{class:`badge ${r.status.toLowerCase()}`},ta[r.status]||r.status),r.lastSyncError?e("div",{class:"muted small","data-sync-error":r.id},`${we(r)} the last time; sync again to retry.`):""),e("td",{"data-label":"Last synced"},r.type==="FILE"?"Imported file":H(r.lastSyncedAt)))))))}async add(){let t=new FormData(this.form),a={address:String(t.get("address")).trim(),chain:String(t.get("chain"))},s=String(t.get("name")||"").trim();s&&(a.name=s),this.msg.replaceChildren(e("p",{},"Adding the wallet\u2026"));try{let r=await K(this.app.s,"POST","/accounts",{wallets:[a]});this.form.reset();let i=r.skipped.map(o=>`${X(o.address)} was not added: ${o.reason==="already_added"?"you have it already":o.reason.replace(/_/g," ")}.`);this.msg.replaceChildren(...r.accounts.length?[e("p",{class:"notice ok"},"Wallet added. Sync it to import its transactions.")]:[],...i.map(o=>e("p",{class:"notice"},o))),this.app.ledgerChanged("accounts"),this.accounts=await this.app.accounts(),this.render()}catch(r){if(r instanceof V&&r.status===400){this.msg.replaceChildren(e("p",{class:"notice error",role:"alert",id:"wallet-error"},r.message)),document.getElementById("wallet-address").focus();return}this.msg.replaceChildren(P(r))}}async startSync(){this.syncButton.disabled=!0;try{this.follow(await K(this.app.s,"POST","/account_syncs",{}))}catch(t){this.syncButton.disabled=!1,this.progress.replaceChildren(P(t))}}async follow(t){for(this.syncing=!0,this.syncButton.disabled=!0;this.showSync(t),!(t.status==="completed"||t.status==="failed"||!this.alive);){await j(bn);try{t=await K(this.app.s,"GET",`/account_syncs/${t.id}`)}catch(a){if(a instanceof Q)return;this.progress.replaceChildren(e("p",{class:"notice"},"Lost contact with the server; trying again\u2026")),await j(bn*3)}}if(this.syncing=!1,this.syncButton.disabled=!1,!!this.alive){this.app.ledgerChanged("accounts");try{this.accounts=await this.app.accounts(),this.render()}catch(a){this.list.replaceChildren(P(a,()=>this.load()))}}}showSync(t){let a=t.status==="completed"?"Sync complete":t.status==="failed"?"Sync stopped":t.status==="queued"?"Sync queued":"Syncing",s=this.app.client.timezone,r=t.retrying,i=r?this.accounts.find(o=>o.id===r.accountId):void 0;this.progress.replaceChildren(e("div",{class:`sync ${t.status}`,id:"sync-status","data-status":t.status},e("p",{},e("strong",{},`${a}: ${t.progress}%`)),e("progress",{max:100,value:t.progress,"aria-label":"Sync progress"}),r?e("p",{class:"notice",id:"sync-retrying"},`${we(i)}; we\u2019ll try again at ${qe(r.nextAttemptAt,s)}.`):"",t.status==="failed"?e("p",{class:"notice error"},"The sync stopped before every account was done. Try again in a few minutes."):"",e("ul",{class:"sync-accounts"},...t.accounts.map(o=>{let d=this.accounts.find(y=>y.id===o.accountId);return e("li",{"data-sync-account":o.accountId},`${d?ee(d):"An account"}: ${aa(o,d,s)}`)}))))}};function we(n){return n?n.type==="WALLET"?`We couldn\u2019t reach the ${re(n.provider)} network`:`We couldn\u2019t reach ${re(n.provider)}`:"We couldn\u2019t reach an account\u2019s source"}function aa(n,t,a){if(n.status==="syncing"&&n.nextAttemptAt)return`${we(t).replace("We","we")}; we\u2019ll try again at ${qe(n.nextAttemptAt,a)}.`;switch(n.status){case"queued":return"waiting to start.";case"syncing":return`importing (${n.progress}%).`;case"synced":return"done.";case"failed":return`${we(t).replace("We","we")}, so its new transactions are not imported; sync again later.`;default:return`${n.status}.`}}function Cn(n,t){let{app:a}=n;t.append(e("h1",{class:"welcome"},"Your crypto taxes"),a.s.email?e("p",{class:"muted",id:"signed-in-as"},`Signed in as ${a.s.email}`):"");let s=e("div",{class:"cards-row",id:"summary-cards","aria-live":"polite"},M("your figures")),r=e("figure",{id:"gains-chart",class:"chart"}),i=O("gains","Gains and income by year",r),o=O("wallets","Accounts and wallets");t.append(s,i.el,o.el);let d=new Ae(a,o.body);d.load();let y=async()=>{try{let c=await a.years(),b=c.length?c[0]:new Date().getUTCFullYear(),[l,u,g]=await Promise.all([a.q(ce,{year:String(b)}).then(h=>h.getIncomeAndCapGains),a.q(Te).then(h=>h.getPortfolioV2),a.q(Z,{limit:1}).then(h=>h.getClientReviewQueue)]),T=g.totalCount;n.reviewCount(T);let $=(h,f,S,F,D)=>e("a",{class:"card",href:f,"data-figure":h},e("span",{class:"card-title"},S),e("span",{class:"card-value"},F),e("span",{class:"card-sub"},D)),I=(h,f)=>{let S=h.filter(D=>D.valueCents!==null&&D.valueCents!==void 0);if(h.length===0)return $("portfolio","#/portfolio","Portfolio value",C(0),"You hold nothing yet");if(S.length===0)return $("portfolio","#/portfolio","Portfolio value","No prices","Prices are not available right now");let F=S.reduce((D,kn)=>D+(kn.unrealizedGainCents||0),0);return $("portfolio","#/portfolio","Portfolio value",C(f),`Unrealized ${E(F)}${S.length<h.length?` \xB7 ${h.length-S.length} without a price`:""}`)};if(v(s),c.length===0){let h=(await a.accounts()).reduce((f,S)=>f+S.transactionCount,0);s.append(h>0?e("div",{class:"empty wide",id:"overview-empty","data-imported":h},e("p",{},`${h===1?"1 transaction is":`${h.toLocaleString("en-US")} transactions are`} imported; your taxes have not been calculated yet.`),B("Calculate my taxes",()=>n.recalc.start(),"",{id:"overview-calculate"})):e("div",{class:"empty wide",id:"overview-empty"},e("p",{},"No tax figures yet. Add your wallets and exchanges below and sync them; your taxes are calculated from their transactions.")))}else s.append($("capital-gains",`#/tax?year=${b}`,`${z(a.client,b)} capital gains`,E(l.capGainsCents),a.client.jurisdictionRules.hasHoldingTerms?`${te(a.client,"SHORT_TERM")} ${E(l.shortTermCapGainsCents)} \xB7 ${te(a.client,"LONG_TERM")} ${E(l.longTermCapGainsCents)}`:a.client.jurisdictionRules.words.netGain),$("income",`#/tax?year=${b}`,`${z(a.client,b)} income`,C(l.incomeCents),"Staking, rewards and other income"));s.append(I(u.positions,u.totalValueCents),$("review","#/review","To review",T===0?"All clear":String(T),T===0?"Nothing needs your attention":`${T===1?"transaction needs":"transactions need"} a look`));let R=[...c].slice(0,6).reverse(),p=await Promise.all(R.map(h=>a.q(ce,{year:String(h)}).then(f=>({year:h,capitalGainsCents:f.getIncomeAndCapGains.capGainsCents,incomeCents:f.getIncomeAndCapGains.incomeCents})))),x=In(r,p);r.replaceChildren(x,x.tagName==="svg"?e("figcaption",{},`Capital gains and income by tax year (${a.client.currency})`):"")}catch(c){s.replaceChildren(P(c,y))}};y();let m=a.onChange(y);return()=>{m(),d.stop()}}function ie(n){return`${L(n.amountExact)} ${n.asset?.symbol||"?"}`}var sa={sell:"Sold",gift_sent:"Gave away",donation:"Donated",lost:"Lost",payment:"Paid with",fee:"Paid a fee of"},ra={buy:"Bought",staking_reward:"Earned",mining:"Mined",airdrop:"Received an airdrop of",interest:"Earned interest of",reward:"Earned",income:"Was paid",gift_received:"Was given"};function ne(n){let t=n.transfers.filter(o=>!o.isFee),a=t.filter(o=>o.direction==="OUTGOING"),s=t.filter(o=>o.direction==="INCOMING"),r=t.filter(o=>o.direction==="INTERNAL");if(t.length===0)return n.transfers.length?`Fee of ${ie(n.transfers[0])}`:"No transfers";if(a.length&&s.length)return`${a.map(ie).join(" + ")} \u2192 ${s.map(ie).join(" + ")}`;if(r.length&&!a.length&&!s.length)return`Moved ${r.map(ie).join(" + ")}`;let i=n.label||"";return a.length?`${sa[i]||"Sent"} ${a.map(ie).join(" + ")}`:`${ra[i]||"Received"} ${s.map(ie).join(" + ")}`}function De(n){let t=[],a=(s,r)=>t.push(e("span",{class:`badge ${s}`},r));return n.isMissingBasis&&a("critical","Missing cost basis"),n.hasNegativeBalance&&a("warning","Negative balance"),n.isInternalTransfer&&a("info","Internal transfer"),n.isHidden&&a("muted","Hidden"),n.isSpam&&a("muted","Spam"),n.isDirty&&a("info","Changed; recalculate"),t}function Qe(n){return!!n.isMissingBasis&&!n.fiatValueCents}function $n(n){if(Qe(n)&&!Number(n.capGainsSumSigned??0)&&!n.incomeSum)return e("span",{class:"badge critical"},"No price");if(n.capGainsSumSigned!==null&&n.capGainsSumSigned!==void 0){let t=Number(n.capGainsSumSigned);return e("span",{class:t<0?"loss":"gain"},`${t<0?"Loss":"Gain"} ${E(t)}`)}return n.incomeSum?e("span",{class:"income"},`Income ${C(n.incomeSum)}`):""}function oe(n,t){return!t.label&&t.isInternalTransfer?"Transfer between your accounts":n.labelName(t.label)}var ia=()=>window.matchMedia("(max-width: 40rem)").matches?25:50,oa=[["","Everything"],["missing-basis","Missing cost basis"],["uncovered-disposals","Sold more than held"],["negative-balance","Negative balance"],["unlabeled","Unlabeled"],["possible-internal-transfer","Possible move between your accounts"]];function Tn(n,t,a){let{app:s}=n,r=Math.max(0,Number(a.get("page"))||0),i={q:a.get("q")||"",year:a.get("year")||"",asset:a.get("asset")||"",account:a.get("account")||"",label:a.get("label")||"",review:a.get("review")||"",hidden:a.get("hidden")==="1"},o=p=>{let x=new URLSearchParams,h={q:i.q,year:i.year,asset:i.asset,account:i.account,label:i.label,review:i.review,hidden:i.hidden?"1":"",page:"",...p};for(let[f,S]of Object.entries(h))S&&x.set(f,S);location.hash=`#/transactions${x.toString()?`?${x}`:""}`},d=!!(i.q||i.year||i.asset||i.account||i.label||i.review||i.hidden),y=e("input",{type:"search",name:"q",value:i.q,placeholder:"Hash, note, address or asset",autocomplete:"off"}),m=U("year",[["","All years"]],i.year),c=U("asset",[["","All assets"]],i.asset),b=U("account",[["","All accounts"]],i.account),l=U("label",[["","All labels"],["unlabeled","Unlabeled"]],i.label),u=U("review",oa,i.review),g=e("input",{type:"checkbox",name:"hidden",id:"f-hidden",checked:i.hidden}),T=e("form",{class:"filters",id:"tx-filters",role:"search","aria-label":"Filter transactions",onsubmit:p=>{p.preventDefault(),o({q:y.value.trim()})}},e("div",{class:"search-row"},N("f-q","Search",y,"grow"),e("button",{type:"submit",id:"f-search"},"Search")),e("div",{class:"filter-row"},N("f-year","Tax year",m),N("f-asset","Asset",c),N("f-account","Account",b),N("f-label","Label",l),N("f-review","Needs review",u),e("div",{class:"field check"},g,e("label",{for:"f-hidden"},"Include hidden"))),d?B("Clear filters",()=>{location.hash="#/transactions"},"link",{id:"f-clear"}):""),$=(p,x)=>p.addEventListener("change",()=>o({[x]:p instanceof HTMLInputElement&&p.type==="checkbox"?p.checked?"1":"":p.value}));$(m,"year"),$(c,"asset"),$(b,"account"),$(l,"label"),$(u,"review"),$(g,"hidden");let I=e("div",{id:"tx-list","aria-live":"polite"},M("transactions"));t.append(e("h1",{},"Transactions"),T,I),Promise.all([s.years(),s.assets(),s.accounts(),s.labels()]).then(([p,x,h,f])=>{m.append(...p.map(S=>e("option",{value:S},z(s.client,S)))),c.append(...x.map(S=>e("option",{value:S.id},S.name&&S.name!==S.symbol?`${S.symbol} \xB7 ${S.name}`:S.symbol))),b.append(...h.map(S=>e("option",{value:S.id},ee(S)))),l.append(...f.map(S=>e("option",{value:S.value},S.name))),m.value=i.year,c.value=i.asset,b.value=i.account,l.value=i.label}).catch(()=>{});let R=async()=>{let p={page:r,limit:ia(),includeHidden:i.hidden||void 0};i.q&&(p.search=i.q),i.year&&([p.startDate,p.endDate]=mn(s.client,Number(i.year))),i.asset&&(p.assetIds=[i.asset]),i.account&&(p.accountIds=[i.account]),i.label==="unlabeled"?p.labelFilterMode="unlabeled":i.label&&(p.labels=[i.label]),i.review&&(p.insightPatternId=i.review);try{let[x]=await Promise.all([s.q(he,p),s.accounts().then(f=>{s.accountCache=f}),s.labels().then(f=>{s.labelCache=f})]),h=x.getClientTransactions;if(v(I),h.transactions.length===0){I.append(r>0?_("No more transactions on this page.","tx-empty",e("a",{href:"#",onclick:f=>{f.preventDefault(),o({page:""})}},"Back to the first page")):d?_("No transaction matches these filters.","tx-empty",B("Clear filters",()=>{location.hash="#/transactions"},"secondary")):_("No transactions yet. Add your wallets and exchanges on the Overview page and sync them.","tx-empty"));return}I.append(e("table",{class:"table cards tx-table"},e("caption",{class:"sr-only"},`Transactions, page ${r+1}`),e("thead",{},e("tr",{},...["Date","Type","What happened","Value","Gain or income",""].map(f=>e("th",{scope:"col"},f)))),e("tbody",{},...h.transactions.map(f=>e("tr",{"data-tx":f.id,class:f.isHidden?"hidden-tx":"",onclick:S=>{S.target.closest("a, button")||(location.hash=`#/transactions/${f.id}`)}},e("td",{"data-label":"Date"},e("a",{href:`#/transactions/${f.id}`,class:"tx-link"},q(f.createdAt))),e("td",{"data-label":"Type"},oe(s,f)),e("td",{"data-label":"What happened"},ne(f),e("div",{class:"muted small"},s.accountName(f.accountId))),e("td",{"data-label":"Value",class:"num"},Qe(f)?e("span",{class:"badge critical"},"No price"):C(f.fiatValueCents)),e("td",{"data-label":"Gain or income",class:"num"},$n(f)),e("td",{"data-label":"State",class:"flags"},...De(f))))))),I.append(e("nav",{class:"pager","aria-label":"Pages"},r>0?B("Previous page",()=>o({page:r>1?String(r-1):""}),"secondary",{id:"tx-prev"}):"",e("span",{class:"muted"},`Page ${r+1}`),h.hasNextPage?B("Next page",()=>o({page:String(r+1)}),"secondary",{id:"tx-next"}):""))}catch(x){I.replaceChildren(P(x,R))}};return R(),s.onChange(R)}function la(n,t){let a=Math.round((new Date(t).getTime()-new Date(n).getTime())/6e4);if(a<1)return"at once";if(a<120)return`${a} minute${a===1?"":"s"} later`;let s=Math.round(a/60);return s<48?`${s} hours later`:`${Math.round(s/24)} days later`}function ve(n,t,a){let s=t.asset?.symbol||"",r=e("div",{role:"status"}),i=Number(t.feeAmountExact),o=e("button",{type:"button",class:"small","data-pair":`${t.fromTransactionId}:${t.toTransactionId}`,onclick:async()=>{try{await G(o,"Pairing\u2026",()=>n.q(en,{from:t.fromTransactionId,to:t.toTransactionId})),await a()}catch(d){r.replaceChildren(P(d))}}},"Pair as a move between my accounts");return e("div",{class:"pair-card","data-pair-card":`${t.fromTransactionId}:${t.toTransactionId}`},e("p",{},e("a",{href:`#/transactions/${t.fromTransactionId}`},`Sent ${L(t.sentAmountExact)} ${s}`),` from ${n.accountName(t.fromAccountId)} on ${q(t.sentAt)}, and `,e("a",{href:`#/transactions/${t.toTransactionId}`},`received ${L(t.receivedAmountExact)} ${s}`),` in ${n.accountName(t.toAccountId)} ${la(t.sentAt,t.receivedAt)}`,i>0?` (${L(t.feeAmountExact)} ${s} went to fees).`:"."),e("p",{class:"muted small"},`Unpaired, the first counts as a sale on ${H(t.sentAt)} and the second as a new purchase. If both accounts are yours, pair them: the coins keep their cost basis and nothing is taxed.`),o,r)}function Pn(n,t,a){let{app:s}=n,r=e("div",{id:"tx-detail"},M("the transaction"));t.append(e("p",{class:"back"},e("a",{href:"#/transactions"},"\u2190 All transactions")),r);let i=!0,o=async c=>{try{let[b]=await Promise.all([s.q(de,{id:a}),s.accounts().then(g=>{s.accountCache=g}),s.labels().then(g=>{s.labelCache=g})]),l=b.getTransaction,u=l.isInternalTransfer&&l.linkedTransactionId?(await s.q(de,{id:l.linkedTransactionId})).getTransaction:void 0;if(!i)return;y(l,u,c)}catch(b){v(r),r.append(e("h1",{},"Transaction"),P(b,()=>o()))}},d=async c=>{s.ledgerChanged("edit"),n.recalc.refresh(),await o(c),se(c)},y=(c,b,l)=>{v(r);let u=`${b&&!c.label?ua(s,c,b):oe(s,c)} \xB7 ${q(c.createdAt)}`,g=e("div",{id:"tx-message",role:"status","aria-live":"polite"},l?e("p",{class:"notice ok"},l,n.recalc.state!=="recalculating"?" Your figures are updated in a moment.":""):"");r.append(e("h1",{id:"tx-title"},u),e("p",{class:"lead"},ne(c)),e("p",{class:"muted"},`${s.accountName(c.accountId)} \xB7 ${H(c.createdAt)}`,c.txnHash?[" \xB7 ",c.explorerUrl&&/^https:\/\//.test(c.explorerUrl)?e("a",{href:c.explorerUrl,target:"_blank",rel:"noopener noreferrer"},`View on explorer (${X(c.txnHash)})`):e("span",{class:"mono",title:c.txnHash},X(c.txnHash))]:""),e("div",{class:"flags"},...De(c)),da(c),g,ma(c),ga(s,c,b,d));let T=O("why","Why these figures",M("the lots behind this transaction"));r.append(T.el),An(s,c,T.body),r.append(Ia(n,c,d));let $=O("history","History of changes",M("the history"));r.append($.el),wn(s,c,$.body,d)};o();let m=s.onChange(()=>{n.recalc.state==="settled"&&o()});return()=>{i=!1,m()}}var ca={HIGH:"high confidence",MEDIUM:"medium confidence",LOW:"low confidence"};function da(n){let t=n.classification;if(!t)return"";let a=t.confidence==="LOW"&&!n.isReviewed&&!n.isEdited;return e("div",{class:"classification",id:"tx-classification","data-rule":t.rule,"data-confidence":t.confidence},e("p",{},"Read by the rule ",e("strong",{},t.rule),` (${ca[t.confidence]||t.confidence}): ${t.explanation}.`,a?[" ",e("span",{class:"badge warning"},"Needs review")]:""),e("p",{class:"muted small"},n.isEdited?"You changed this transaction: your edit stays, whatever the rules say later.":"Change the label below if this reading is wrong: your edit always wins over the rules."))}function ua(n,t,a){return`Transfer ${t.transfers.some(r=>r.direction==="OUTGOING"&&!r.isFee)?"to":"from"} ${n.accountName(a.accountId)}`}function pa(n){return n.isInternalTransfer?n.transfers.filter(t=>!t.isFee&&t.capGainsSumSigned!==null&&t.capGainsSumSigned!==void 0).reduce((t,a)=>t+Number(a.capGainsSumSigned)+(a.basisFiatValueCents??0),0):0}function ma(n){let t=n.capGainsSumSigned!==null&&n.capGainsSumSigned!==void 0?Number(n.capGainsSumSigned):null,a=[["value","Value",C(n.fiatValueCents)],["fees","Fees",C((n.feeFiatValueCents??0)+pa(n))]];return t!==null&&a.push(["gain",t<0?"Capital loss":"Capital gain",E(t)]),n.incomeSum&&a.push(["income","Income",C(n.incomeSum)]),e("dl",{class:"figures",id:"tx-figures"},...a.map(([s,r,i])=>e("div",{class:"figure","data-figure":s},e("dt",{},r),e("dd",{},i))))}function Sn(n,t,a){if(t)return n.accountName(t);let s=a?n.accountCache.find(r=>r.address&&r.address.toLowerCase()===a.toLowerCase()):void 0;return s?n.accountName(s.id):a?X(a):"Outside your accounts"}function ga(n,t,a,s){let r=O("transfers","Transfers"),i=t.transfers.map(o=>{let d=o.capGainsSumSigned!==null&&o.capGainsSumSigned!==void 0?Number(o.capGainsSumSigned):null,y=e("div",{class:"transfer-edit",id:`edit-${o.id}`}),m=e("tr",{class:"edit-row",hidden:!0},e("td",{colspan:6},y)),c=B("Edit value",()=>{m.hidden=!m.hidden,c.setAttribute("aria-expanded",String(!m.hidden)),m.hidden||y.querySelector("input")?.focus()},"link small",{"aria-expanded":"false","aria-controls":`edit-${o.id}`,"data-edit-transfer":o.id});return ya(n,t,o,y,s),[e("tr",{"data-transfer":o.id,class:o.isHidden?"hidden-tx":""},e("td",{"data-label":"Transfer"},e("strong",{},`${o.direction==="OUTGOING"?"\u2212":o.direction==="INCOMING"?"+":""}${L(o.amountExact)} ${o.asset?.symbol||""}`),o.isFee?e("span",{class:"badge muted"},"Fee"):"",o.isHidden?e("span",{class:"badge muted"},"Hidden"):""),e("td",{"data-label":"From \u2192 to"},`${Sn(n,o.fromAccountId??(a&&!o.isFee&&o.direction==="INCOMING"?a.accountId:null),o.fromAddress)} \u2192 ${Sn(n,o.toAccountId??(a&&!o.isFee&&o.direction==="OUTGOING"?a.accountId:null),o.toAddress)}`),e("td",{"data-label":"Market value",class:"num"},o.fiatValueCents===null||o.fiatValueCents===void 0?e("span",{class:"badge critical"},"No price"):C(o.fiatValueCents),o.isFiatValueOverridden?e("div",{class:"muted small"},"set by you"):""),e("td",{"data-label":"Cost basis",class:"num"},C(o.basisFiatValueCents)),e("td",{"data-label":"Gain or income",class:"num"},d!==null?`${E(d)}${o.saleTerm?` (${te(n.client,o.saleTerm,!0)})`:""}`:o.incomeSum?`Income ${C(o.incomeSum)}`:"\u2014",o.uncoveredAmountExact?e("div",{class:"muted small"},`${L(o.uncoveredAmountExact)} ${o.asset?.symbol||""} not covered by your lots`):""),e("td",{"data-label":"Change"},c)),m]});return r.body.append(e("table",{class:"table cards"},e("caption",{class:"sr-only"},"Transfers of this transaction"),e("thead",{},e("tr",{},...["Transfer","From \u2192 to","Market value","Cost basis","Gain or income",""].map(o=>e("th",{scope:"col"},o)))),e("tbody",{},...i.flat()))),r.el}function ya(n,t,a,s,r){let i=a.asset?.symbol||"units",o=e("input",{type:"number",min:"0",step:"0.01",inputmode:"decimal",value:a.fiatValueCents!=null?(a.fiatValueCents/100).toFixed(2):""}),d=e("input",{type:"number",min:"0",step:"any",inputmode:"decimal"}),y=e("input",{type:"number",min:"0",step:"0.01",inputmode:"decimal",value:a.basisFiatValueCents!=null?(a.basisFiatValueCents/100).toFixed(2):""}),m=e("div",{role:"status"}),c=a.direction==="INCOMING",b=o.value,l=y.value;d.addEventListener("input",()=>{let T=Number(d.value);d.value&&isFinite(T)&&(o.value=(T*Number(a.amountExact)).toFixed(2))});let u=e("button",{type:"submit"},"Save value"),g=e("form",{class:"inline-form","data-value-form":a.id,onsubmit:async T=>{T.preventDefault();let $=o.value===""||o.value===b?void 0:Number(o.value),I=c&&y.value!==""&&y.value!==l?Number(y.value):void 0;if($===void 0&&I===void 0){m.replaceChildren(e("p",{class:"notice error"},o.value===""?"Enter a value.":"Change the value or the cost basis."));return}try{await G(u,"Saving\u2026",()=>n.q(_e,{tx:t.id,transfer:a.id,value:$,basis:I})),await r(`Saved the value of ${L(a.amountExact)} ${i}.`)}catch(R){m.replaceChildren(P(R))}}},N(`per-unit-${a.id}`,`Price per ${i} (${n.client.currency})`,d),N(`value-${a.id}`,`${c?"Market value":a.isFee?"Fee value":"Proceeds"} (${n.client.currency})`,o),c?N(`basis-${a.id}`,`Cost basis (${n.client.currency})`,y):"",u,a.isFiatValueOverridden?B("Back to the imported value",async T=>{try{await G(T.currentTarget,"Resetting\u2026",()=>n.q(_e,{tx:t.id,transfer:a.id,reset:!0})),await r("The imported value is back.")}catch($){m.replaceChildren(P($))}},"secondary"):"");s.append(g,m)}async function An(n,t,a){let s=t.transfers.filter(d=>d.capGainsSumSigned!==null&&d.capGainsSumSigned!==void 0),r=t.transfers.filter(d=>d.incomeSum),i=t.transfers.filter(d=>d.direction==="INCOMING"&&!d.incomeSum&&!t.isInternalTransfer),o=[...new Set([...s,...i].map(d=>d.asset?.pricingKey).filter(d=>!!d))];try{let d=await Promise.all(o.map(m=>n.q(Ie,{key:m,id:t.id}).then(c=>({key:m,...c.getTaxLots}))));v(a);let y=[];t.isHidden&&y.push(e("p",{},"This transaction is hidden: it does not count in your taxes.")),t.isInternalTransfer&&y.push(e("p",{},"A move between your own accounts: the coins keep their cost basis and purchase date, and nothing is taxed."));for(let m of s){let c=d.flatMap(p=>p.disposals).filter(p=>p.transferId===m.id),b=d.find(p=>p.key===m.asset?.pricingKey)?.costBasisAlgorithm||n.client.costBasisAlgorithm,l=m.asset?.symbol||"",u=Number(m.capGainsSumSigned),g=m.basisFiatValueCents??c.reduce((p,x)=>p+x.costBasisCents,0),T=g+u,$=(m.fiatValueCents??T)-T,I=t.isInternalTransfer&&!m.isFee,R=c.reduce((p,x)=>p+Number(x.amountExact),0);y.push(e("div",{class:"why","data-why-transfer":m.id,"data-network-fee":I?"true":void 0},e("h3",{},I?`Network fee of ${L(String(Number(R.toPrecision(12))))} ${l}`:`${m.isFee?"Fee paid with":"Disposal of"} ${L(m.amountExact)} ${l}`),I?e("p",{},`The ${L(String(Number(R.toPrecision(12))))} ${l} that left but did not arrive paid the network fee; it counts as a small sale: ${u<0?"loss":"gain"} ${E(u)}.`):"",e("p",{class:"equation"},`Proceeds ${C(T)} \u2212 cost basis ${C(g)} = `,e("strong",{},`${u<0?"loss":"gain"} ${E(u)}`)),$>0&&!I?e("p",{class:"muted small"},`The proceeds are the market value of ${C(m.fiatValueCents)} less ${C($)} of fees.`):"",e("p",{class:"muted small"},n.client.jurisdictionRules.matchingText||`Lots are taken ${ha(b)}. Each piece below is the part of this disposal one lot covered.`),e("ul",{class:"pieces"},...c.map(p=>e("li",{"data-piece":p.lotTransactionId||"uncovered","data-match":p.match||""},p.isUncovered?[e("strong",{},`${L(p.amountExact)} ${l} not covered by any ${n.client.jurisdictionRules.words.holding}`),": counted with a zero cost basis. Add the account or transaction it came from, or pair the move that brought it."]:p.match&&p.match!=="LOT"?$a(p,l):[`${L(p.amountExact)} ${l} from the lot acquired `,p.lotTransactionId?e("a",{href:`#/transactions/${p.lotTransactionId}`},q(p.lotAcquiredAt)):q(p.lotAcquiredAt),`: proceeds ${C(p.proceedsCents)} \u2212 basis ${C(p.costBasisCents)} = ${E(p.gainCents)}, ${te(n.client,p.term,!0)}${p.box?`, Form 8949 box ${p.box}`:""}`,p.isMissingBasis?e("span",{class:"badge critical"},"Basis unknown"):""]))),c.length===0?e("p",{class:"muted"},"The lots behind this disposal appear once your taxes are recalculated."):""))}for(let m of r)y.push(e("div",{class:"why"},e("h3",{},`Income: ${L(m.amountExact)} ${m.asset?.symbol||""}`),e("p",{},`Counted as income of ${C(m.incomeSum)}, its market value when received. That value is also the cost basis of the coins, for when you sell them.`)));for(let m of i){let c=d.filter(l=>l.key===m.asset?.pricingKey).flatMap(l=>l.lots),b=m.asset?.symbol||"";y.push(e("div",{class:"why"},e("h3",{},`Acquisition of ${L(m.amountExact)} ${b}`),m.basisFiatValueCents===null||m.basisFiatValueCents===void 0?e("p",{},"No price is known for this receipt, so its coins have an unknown cost basis: a later sale of them counts in full as a gain. Set its value above."):e("p",{},`Cost basis ${C(m.basisFiatValueCents)}: what was paid or given for it, fees included.`),c.length?e("p",{class:"muted"},`Still held from it: ${c.map(l=>`${L(l.amountExact)} of ${L(l.originalAmountExact)} ${b} (basis ${C(l.costBasisCents)}, ${te(n.client,l.term,!0)} if sold now)`).join("; ")}.`):e("p",{class:"muted"},"Nothing of it is held any more: it was sold, spent or moved on.")))}y.length===0&&y.push(e("p",{class:"muted"},"This transaction has no tax effect: nothing was sold, spent or earned.")),a.append(...y)}catch(d){a.replaceChildren(P(d,()=>An(n,t,a)))}}function ha(n){return{FIFO:"first in, first out (FIFO)",LIFO:"last in, first out (LIFO)",HIFO:"highest cost first (HIFO)",LOFO:"lowest cost first (LOFO)",AVERAGE_COST:"at their average cost"}[n]||n}function Ia(n,t,a){let{app:s}=n,r=O("fix","Change this transaction"),i=e("div",{role:"status","aria-live":"polite"}),o=U("label",[["","Loading labels\u2026"]]);o.disabled=!0;let d=e("button",{type:"submit",id:"save-label"},"Save label"),y=e("p",{class:"muted small",id:"label-help"});s.q(fe,{id:t.id}).then(u=>{let g=u.getTransactionTypeOptions,T=new Set(g.recommended.map(I=>I.value));o.replaceChildren(e("option",{value:""},"No label"),...g.options.map(I=>e("option",{value:I.value},T.has(I.value)?`${I.name} (suggested)`:I.name))),o.value=t.label||"",o.disabled=!1;let $=()=>{y.textContent=g.options.find(I=>I.value===o.value)?.description||"Without a label, what leaves is taxed as a sale and what arrives as a purchase."};o.addEventListener("change",$),$()}).catch(u=>i.replaceChildren(P(u)));let m=e("form",{class:"inline-form",id:"label-form",onsubmit:async u=>{u.preventDefault();let g=o.value;try{await G(d,"Saving\u2026",()=>s.q(Ce,g?{ids:[t.id],label:g}:{ids:[t.id],wipe:!0})),await a(g?`Labeled as ${s.labelName(g)}.`:"Label removed.")}catch(T){i.replaceChildren(P(T))}}},N("tx-label","Label",o,"grow"),d),c=e("div",{class:"actions",id:"tx-actions"}),b=(u,g,T,$,I,R="secondary")=>B(u,async p=>{try{await G(p.currentTarget,T,$),await a(I)}catch(x){i.replaceChildren(P(x))}},R,{id:g});c.append(t.isHidden?b("Unhide","unhide-tx","Unhiding\u2026",()=>s.q(ue,{id:t.id,hidden:!1}),"The transaction counts again."):b("Hide","hide-tx","Hiding\u2026",()=>s.q(ue,{id:t.id,hidden:!0}),"Hidden: the transaction no longer counts in your taxes."),b(t.isReviewed?"Mark as not reviewed":"Mark as reviewed","review-tx","Saving\u2026",()=>s.q($e,{id:t.id,reviewed:!t.isReviewed}),t.isReviewed?"Marked as not reviewed.":"Marked as reviewed.")),t.isMissingBasis&&c.append(b("Accept a zero cost basis","accept-basis","Saving\u2026",()=>s.q(pe,{ids:[t.id],override:!0}),"Accepted: this transaction is no longer flagged for its missing cost basis."));let l=e("div",{id:"tx-pair"});if(t.isInternalTransfer&&t.linkedTransactionId){let u=t.transfers.some($=>$.direction==="OUTGOING"||$.fromAccountId&&!$.isFee),[g,T]=u?[t.id,t.linkedTransactionId]:[t.linkedTransactionId,t.id];l.append(e("p",{},`Paired ${t.linkType==="BRIDGE"?"as a bridge":t.linkType==="CROSS_CHAIN_SWAP"?"as a cross-chain swap":"as a move between your own accounts"} with `,e("a",{href:`#/transactions/${t.linkedTransactionId}`,"data-other-side":""},"the other side"),"."),b("Unpair","unpair-tx","Unpairing\u2026",()=>s.q(tn,{from:g,to:T}),"Unpaired: both sides count on their own again."))}else s.q(be,{id:t.id,limit:1}).then(u=>{let g=u.getTransferPairSuggestions[0];g&&l.append(ve(s,g,async()=>{await a("Paired as a move between your own accounts.")}))}).catch(u=>l.append(P(u)));return r.body.append(m,y,l,c,i),r.el}var fa={label:"Label",isHidden:"Hidden",isReviewed:"Reviewed",notes:"Notes",fiatValue:"Value",basisFiatValue:"Cost basis",internalTransferTo:"Move between your accounts",bridgeTo:"Bridge",crossChainSwapTo:"Cross-chain swap",isMissingBasisOverride:"Missing cost basis accepted",createdAt:"Date",amount:"Quantity",quantity:"Quantity",assetId:"Asset"},ba=new Set(["internalTransferTo","bridgeTo","crossChainSwapTo"]),Ca=/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;function xn(n,t){return n&&ba.has(n)?t?"paired":"not paired":t==null||t===""?n==="label"?"no label":"nothing":typeof t=="string"&&Ca.test(t)?n==="assetId"?"another asset":"another one":typeof t=="boolean"?t?"yes":"no":n==="label"&&typeof t=="string"?t.replace(/_/g," "):(n==="fiatValue"||n==="basisFiatValue")&&(typeof t=="string"||typeof t=="number")?C(Math.round(Number(t)*100)):typeof t=="string"?t.length>40?`${t.slice(0,37)}\u2026`:t:JSON.stringify(t).slice(0,40)}async function wn(n,t,a,s){try{let r=await n.q(Xt,{ids:[t.id]}),i=r.getClientAuditLogs.auditLogs;if(v(a),i.length===0){a.append(e("p",{class:"muted",id:"history-empty"},"No changes since it was imported."));return}let o=e("div",{role:"status"});a.append(e("ul",{class:"history",id:"history-list"},...i.map(d=>{let y=d.field?`${fa[d.field]||d.field}: ${xn(d.field,d.oldValue)} \u2192 ${xn(d.field,d.newValue)}`:d.action.replace(/^\w+\./,"").replace(/_/g," "),m=d.actorType==="USER"?"you":d.actorType==="API_KEY"?"an app":d.actorType==="STAFF"?"support":`${n.brand.name} or an import`;return e("li",{"data-audit":d.id,class:d.undoneAt?"undone":""},e("span",{},e("strong",{},y),e("span",{class:"muted small"},` \xB7 ${H(d.createdAt)} \xB7 by ${m}`),d.undoneAt?e("span",{class:"badge muted"},"Undone"):""),d.canUndo?B("Undo",async c=>{try{await G(c.currentTarget,"Undoing\u2026",()=>n.q(nn,{ids:[d.id]})),await s(`Undone: ${y}.`)}catch(b){o.replaceChildren(P(b))}},"secondary small",{"data-undo":d.id}):"")})),o,r.getClientAuditLogs.total>i.length?e("p",{class:"muted small"},`The latest ${i.length} of ${r.getClientAuditLogs.total} changes.`):"")}catch(r){a.replaceChildren(P(r,()=>wn(n,t,a,s)))}}function $a(n,t){let a=n.lotTransactionId?e("a",{href:`#/transactions/${n.lotTransactionId}`},q(n.lotAcquiredAt)):q(n.lotAcquiredAt),s=n.match==="SAME_DAY"?[`${L(n.amountExact)} ${t} matched with the same day\u2019s acquisitions`]:n.match==="THIRTY_DAY"?[`${L(n.amountExact)} ${t} matched with the acquisition of `,a," (within 30 days)"]:n.match==="POOL"?[`${L(n.amountExact)} ${t} from the section 104 pool, at its average cost`]:[`${L(n.amountExact)} ${t} at the adjusted cost base`],r=n.deniedLossExact?Math.round(Number(n.deniedLossExact)*100):0;return[...s,`: proceeds ${C(n.proceedsCents)} \u2212 cost ${C(n.costBasisCents)} = ${E(n.gainCents)}`,r?e("span",{class:"badge warning","data-denied":r},`Superficial loss denied: ${C(r)}`):""]}var Ta={CRITICAL:"Makes figures wrong",WARNING:"Likely wrong",INFO:"Worth a look"},Ee=5,Sa={MISSING_BASIS:"These sales use coins whose purchase price is unknown, so their whole value counts as a gain. Give the receipt a price, or accept a zero cost basis if you really paid nothing.",UNCOVERED_DISPOSALS:"These transactions send or sell more than your accounts held at the time. Usually an account or a purchase is missing: add it, or pair the move that brought the coins.",NEGATIVE_BALANCE:"An account sent more of an asset than it held. Add the missing account or transaction, or hide a duplicate.",UNLABELED_TRANSACTIONS:"Without a label, what leaves an account counts as a sale and what arrives as a purchase. Label income, gifts and fees as such.",POSSIBLE_INTERNAL_TRANSFER:"A withdrawal followed by a deposit of nearly the same amount into another of your accounts. Unpaired, the first counts as a sale and the second as a purchase.",POSSIBLE_SPAM:"A token whose name advertises a website or a claim, as airdropped spam does. Never visit the site; mark the token as spam to leave it out of your figures.",NEEDS_REVIEW_CLASSIFICATION:"No rule recognised these on-chain transactions with confidence, so what arrived counts as a purchase and what left as a sale. Open each one to see what was read, then label it, or confirm that the reading is right."},xa={MISSING_BASIS:"no cost basis",UNCOVERED_DISPOSALS:"sends more than the account held",NEGATIVE_BALANCE:"a balance below zero",UNLABELED_TRANSACTIONS:"no label",POSSIBLE_INTERNAL_TRANSFER:"looks like a move between your accounts",POSSIBLE_SPAM:"looks like spam",NEEDS_REVIEW_CLASSIFICATION:"read with low confidence"},Pa=new Set(["MISSING_BASIS","UNCOVERED_DISPOSALS","NEGATIVE_BALANCE"]);function vn(n,t,a){let{app:s}=n,r=e("div",{class:"recalc-box",id:"review-recalc"}),i=e("div",{id:"review-queue","aria-live":"polite"},M("what needs review"));t.append(e("h1",{},"Needs review"),e("p",{class:"lead"},"What can make your tax figures wrong, most serious first. Fix each item here; the counts fall as you go."),r,i);let o=new Set,d=()=>{let l=n.recalc.state;l==="settled"&&o.clear(),r.dataset.state=l,r.replaceChildren(e("p",{},l==="settled"?"Your figures include every change.":l==="dirty"?n.recalc.scheduled?"Your figures are updated with your fixes in a moment.":"Some fixes are not in your figures yet: prices, pairs and labels change your taxes once they are recalculated.":l==="unreachable"?"We can\u2019t reach the server right now; fixes wait until it answers again.":"Updating your figures with your fixes\u2026"),l==="dirty"?B(n.recalc.scheduled?"Update now":"Recalculate now",()=>n.recalc.start(),"",{id:"review-recalculate"}):"")};d();let y=n.recalc.onState(d),m=async l=>{se(l),s.ledgerChanged("edit"),await n.recalc.refresh()},c=async()=>{try{let l=(await s.q(Z,{limit:1})).getClientReviewQueue;if(n.reviewCount(l.totalCount),v(i),l.totalCount===0){i.append(_("Nothing to review: your transactions are labeled, priced and paired.","review-empty"));return}i.append(e("p",{id:"review-total","data-count":l.totalCount},l.totalCount===1?"1 transaction to review.":`${l.totalCount} transactions to review, each listed once under its most pressing problem.`));for(let u of l.groups)i.append(Aa(n,u,o,m))}catch(l){i.replaceChildren(P(l,c))}};c();let b=s.onChange(c);return()=>{b(),y()}}function Aa(n,t,a,s){let r=e("div",{class:"items"},M("the items")),i=`ins-${t.patternId.replace(/[^a-z0-9-]/gi,"-")}`,o=e("section",{class:`insight ${t.severity.toLowerCase()}`,"data-insight":t.patternId,"aria-labelledby":i},e("div",{class:"insight-head"},e("span",{class:`badge ${t.severity.toLowerCase()}`},Ta[t.severity]||t.severity),e("h2",{id:i},t.title),e("span",{class:"insight-count","data-insight-count":t.count},String(t.count))),e("p",{},Sa[t.type]||""),Pa.has(t.type)?e("p",{class:"muted small"},"This list changes when your taxes are recalculated after a fix."):"",r,t.type!=="POSSIBLE_SPAM"&&t.count>Ee?e("p",{},e("a",{href:`#/transactions?review=${encodeURIComponent(t.patternId)}`},"See every transaction with this problem in Transactions")):"");return wa(n,t,r,a,s).catch(d=>r.replaceChildren(P(d))),o}async function wa(n,t,a,s,r){let{app:i}=n;if(t.type==="POSSIBLE_INTERNAL_TRANSFER"){let l=await i.q(be,{limit:Ee});v(a);for(let u of l.getTransferPairSuggestions){let g=ve(i,u,async()=>{g.replaceChildren(e("p",{class:"notice ok"},"Paired as a move between your accounts.")),await r("Paired as a move between your accounts.")});a.append(g)}return}let o=t.assetId;if(t.type==="POSSIBLE_SPAM"&&o){v(a);let l=e("div",{role:"status"}),u=B("Mark as spam",async()=>{try{await G(u,"Marking\u2026",()=>i.q(an,{assetId:o,spam:!0})),a.replaceChildren(e("p",{class:"notice ok"},"Marked as spam: its transactions are left out of your figures.")),await r("Marked as spam.")}catch(g){l.replaceChildren(P(g))}},"small",{"data-spam":o});a.append(u,l);return}let d=(await i.q(Z,{patternId:t.patternId,limit:Ee})).getClientReviewQueue.items,y=new Map(d.map(l=>[l.transactionId,l])),m=d.length?await i.q(he,{onlyTransactionIds:d.map(l=>l.transactionId),limit:Ee}):null;await i.accounts().then(l=>{i.accountCache=l}),v(a);let c=e("ul",{class:"review-items"});a.append(c);let b=m?m.getClientTransactions.transactions:[];for(let l of d.map(u=>b.find(g=>g.id===u.transactionId)).filter(u=>!!u)){let u=e("li",{"data-review-item":l.id}),g=I=>async()=>{s.add(l.id),u.replaceChildren(e("p",{class:"notice ok"},I)),await r(I)};if(s.has(l.id)){u.append(e("p",{class:"notice ok"},`${q(l.createdAt)} \xB7 ${ne(l)}: fixed.`)),c.append(u);continue}u.append(e("p",{},e("a",{href:`#/transactions/${l.id}`},`${q(l.createdAt)} \xB7 ${oe(i,l)}`),` \xB7 ${ne(l)} \xB7 ${i.accountName(l.accountId)}`));let T=(y.get(l.id)?.problems||[]).slice(1).map(I=>xa[I]).filter(Boolean);T.length&&u.append(e("p",{class:"muted small","data-also":l.id},`Also: ${T.join("; ")}.`));let $=e("div",{class:"fix"});switch(u.append($),c.append(u),t.type){case"UNLABELED_TRANSACTIONS":Dn(i,l,$,g);break;case"NEEDS_REVIEW_CLASSIFICATION":Dn(i,l,$,g),Da(i,l,$,g);break;case"MISSING_BASIS":va(i,l,$,g);break;case"UNCOVERED_DISPOSALS":Ea(i,l,$,g);break;case"NEGATIVE_BALANCE":Ra(i,l,$,g);break;default:break}}}function Re(n,t,a,s,r){n.addEventListener("click",async()=>{try{await G(n,t,s),await r()}catch(i){a.replaceChildren(P(i))}})}function Dn(n,t,a,s){let r=U("label",[["","Choose a label"]]),i=e("button",{type:"submit",class:"small"},"Save label"),o=e("div",{role:"status"});n.q(fe,{id:t.id}).then(y=>{let m=new Set(y.getTransactionTypeOptions.recommended.map(c=>c.value));r.append(...y.getTransactionTypeOptions.options.map(c=>e("option",{value:c.value},m.has(c.value)?`${c.name} (suggested)`:c.name)))}).catch(y=>o.replaceChildren(P(y)));let d=`label-${t.id}`;a.append(e("form",{class:"inline-form","data-label-form":t.id,onsubmit:async y=>{if(y.preventDefault(),!r.value){o.replaceChildren(e("p",{class:"notice error"},"Choose a label first."));return}try{await G(i,"Saving\u2026",()=>n.q(Ce,{ids:[t.id],label:r.value})),await s(`Labeled as ${n.labelName(r.value)}.`)()}catch(m){o.replaceChildren(P(m))}}},N(d,"Label",r),i),o)}function Da(n,t,a,s){let r=e("button",{type:"button",class:"small secondary","data-confirm":t.id},"The reading is right"),i=e("div",{role:"status"});Re(r,"Saving\u2026",i,()=>n.q($e,{id:t.id,reviewed:!0}),s("Marked as reviewed.")),a.append(r,i)}async function va(n,t,a,s){let r=e("div",{role:"status"});try{let o=(await n.q(de,{id:t.id})).getTransaction,d=o.transfers.filter(c=>c.capGainsSumSigned!==null&&c.capGainsSumSigned!==void 0&&c.asset),y=[...new Set(d.map(c=>c.asset.pricingKey))],m=[];for(let c of o.transfers)c.direction==="INCOMING"&&!c.isFee&&!c.isHidden&&(c.fiatValueCents===null||c.fiatValueCents===void 0)&&c.asset&&!m.some(b=>b.tx===o.id)&&m.push({tx:o.id,at:o.createdAt,symbol:c.asset.symbol,assetId:c.assetId,amount:c.amountExact});for(let c of y){let b=await n.q(Ie,{key:c,id:t.id});for(let l of b.getTaxLots.disposals){let u=d.find(g=>g.id===l.transferId);l.isMissingBasis&&!l.isUncovered&&l.lotTransactionId&&u&&!m.some(g=>g.tx===l.lotTransactionId)&&m.push({tx:l.lotTransactionId,at:l.lotAcquiredAt||"",symbol:u.asset.symbol,assetId:u.assetId,amount:l.amountExact})}}for(let c of m){let b=e("input",{type:"number",min:"0",step:"any",inputmode:"decimal",required:!0}),l=e("button",{type:"submit",class:"small"},"Save price");a.append(e("form",{class:"inline-form","data-price-form":c.tx,onsubmit:async u=>{u.preventDefault();let g=Number(b.value);if(!b.value||!isFinite(g)||g<0){r.replaceChildren(e("p",{class:"notice error"},"Enter the price per unit, for example 1.85."));return}try{await G(l,"Saving\u2026",()=>n.q(Zt,{ids:[c.tx],assetId:c.assetId,price:g})),await s(`Saved the price of the ${c.symbol} received on ${q(c.at)}.`)()}catch(T){r.replaceChildren(P(T))}}},c.tx===o.id?e("p",{class:"small"},`The ${L(c.amount)} ${c.symbol} received have no price.`):e("p",{class:"small"},`The ${L(c.amount)} ${c.symbol} it sold came from `,e("a",{href:`#/transactions/${c.tx}`},`a receipt on ${q(c.at)}`)," without a price."),N(`price-${c.tx}`,`Price per ${c.symbol} when received (${n.client.currency})`,b),l))}}catch(o){r.replaceChildren(P(o))}let i=B("Accept a zero cost basis",()=>{},"secondary small");Re(i,"Saving\u2026",r,()=>n.q(pe,{ids:[t.id],override:!0}),s("Accepted a zero cost basis.")),a.append(i,r)}function Ea(n,t,a,s){let r=e("div",{role:"status"}),i=B("Accept a zero cost basis",()=>{},"secondary small");Re(i,"Saving\u2026",r,()=>n.q(pe,{ids:[t.id],override:!0}),s("Accepted a zero cost basis.")),a.append(e("a",{href:`#/transactions/${t.id}`,class:"button-link small"},"Open and pair or edit"),i,r)}function Ra(n,t,a,s){let r=e("div",{role:"status"}),i=B("Hide (a duplicate)",()=>{},"secondary small");Re(i,"Hiding\u2026",r,()=>n.q(ue,{id:t.id,hidden:!0}),s("Hidden: it no longer counts.")),a.append(e("a",{href:`#/transactions/${t.id}`,class:"button-link small"},"Open"),i,r)}var En=[["ONE_MONTH","1 month"],["THREE_MONTHS","3 months"],["YEAR_TO_DATE","This year"],["ONE_YEAR","1 year"],["ALL_TIME","All time"]];function Rn(n,t){let{app:a}=n,s=e("div",{class:"cards-row",id:"portfolio-totals","aria-live":"polite"},M("your holdings")),r=e("figure",{class:"chart",id:"value-chart"}),i="ALL_TIME",o=e("div",{class:"segmented",role:"radiogroup","aria-label":"Chart range"},...En.map(([l,u])=>{let g=`range-${l.toLowerCase()}`,T=e("input",{type:"radio",name:"range",id:g,value:l,checked:l===i,onchange:()=>{i=l,m()}});return e("span",{},T,e("label",{for:g},u))})),d=O("holdings","Holdings",M("your holdings")),y=O("harvest","Tax-loss harvesting",M("losses you could harvest"));t.append(e("h1",{},"Portfolio"),s,O("value","Value over time",o,r).el,d.el,y.el);let m=async()=>{r.replaceChildren(M("the chart"));try{let u=(await a.q(sn,{interval:i})).getChart,g=fn(r,u.points,`Portfolio value and cost basis, ${En.find(([T])=>T===i)?.[1].toLowerCase()}`);r.replaceChildren(g,g.tagName==="svg"?e("figcaption",{},`Change over the range: ${E(u.changeCents)}${u.changePercent===null||u.changePercent===void 0?"":` (${Ue(u.changePercent)})`}. Coins without a price on a day add nothing to that day.`):"")}catch(l){r.replaceChildren(P(l,m))}},c=async()=>{try{let l=(await a.q(Te)).getPortfolioV2,u=(I,R,p,x="")=>e("div",{class:"card","data-figure":I},e("span",{class:"card-title"},R),e("span",{class:"card-value"},p),x?e("span",{class:"card-sub"},x):""),g=l.positions.filter(I=>I.valueCents!==null&&I.valueCents!==void 0),T=l.positions.length-g.length,$=g.reduce((I,R)=>I+(R.unrealizedGainCents||0),0);s.replaceChildren(u("value","Value",g.length||!T?C(l.totalValueCents):"No prices",T?`${T} holding${T===1?"":"s"} without a price today, left out`:"At today\u2019s prices"),u("basis","Cost basis",C(l.totalCostBasisCents),l.isStale?"Recalculate to include recent changes":"What you paid for what you hold"),u("unrealized","Unrealized gain",g.length||!T?E($):"No prices",T?"Of the holdings with a price":"If you sold everything today")),v(d.body),l.positions.length===0?d.body.append(_("You hold nothing yet: add and sync your wallets and exchanges on the Overview page.","holdings-empty")):(d.body.append(e("table",{class:"table cards",id:"holdings-table"},e("caption",{class:"sr-only"},"Your holdings"),e("thead",{},e("tr",{},...["Asset","Quantity","Price","Value","Cost basis","Unrealized","Share"].map(I=>e("th",{scope:"col"},I)))),e("tbody",{},...l.positions.map(I=>{let R=I.amountExact.startsWith("-");return e("tr",{"data-asset":I.assetId},e("td",{"data-label":"Asset"},e("strong",{},I.asset?.symbol||"?"),I.asset?.name&&I.asset.name!==I.asset.symbol?e("div",{class:"muted small"},I.asset.name):"",R?e("span",{class:"badge warning"},"Negative balance"):""),e("td",{"data-label":"Quantity",class:"num"},L(I.amountExact)),e("td",{"data-label":"Price",class:"num"},I.price===null||I.price===void 0?e("span",{class:"badge muted"},"No price"):C(Math.round(I.price*100))),e("td",{"data-label":"Value",class:"num"},C(I.valueCents)),e("td",{"data-label":"Cost basis",class:"num"},C(I.costBasisCents)),e("td",{"data-label":"Unrealized",class:"num"},I.unrealizedGainCents===null||I.unrealizedGainCents===void 0?"\u2014":e("span",{class:I.unrealizedGainCents<0?"loss":"gain"},`${E(I.unrealizedGainCents)} (${Ue(I.unrealizedGainPercent)})`)),e("td",{"data-label":"Share",class:"num"},I.portfolioPercent===null||I.portfolioPercent===void 0?"\u2014":`${I.portfolioPercent.toFixed(1)}%`))})))),l.total>l.positions.length&&d.body.append(e("p",{class:"muted small"},`The ${l.positions.length} largest of ${l.total} holdings.`)))}catch(l){s.replaceChildren(P(l,c)),v(d.body)}b()},b=async()=>{try{let l=new Date().toISOString().slice(0,10),u=(await a.q(rn,{date:l})).getHarvestableLosses;v(y.body),y.body.append(e("p",{},"Selling holdings worth less than you paid realizes a loss that offsets your gains. These lots are below their cost basis at today\u2019s prices.")),u.assets.length===0?y.body.append(_("None of your holdings is worth less than its cost basis today.","harvest-empty")):y.body.append(e("p",{id:"harvest-total"},e("strong",{},`Up to ${C(-u.totalUnrealizedLossCents)} of losses`),` (short-term ${C(-u.shortTermUnrealizedLossCents)}, long-term ${C(-u.longTermUnrealizedLossCents)}).`),e("table",{class:"table cards",id:"harvest-table"},e("caption",{class:"sr-only"},"Holdings you could sell at a loss"),e("thead",{},e("tr",{},...["Asset","Held at a loss","Value","Cost basis","Loss",""].map(g=>e("th",{scope:"col"},g)))),e("tbody",{},...u.assets.map(g=>e("tr",{"data-harvest":g.assetId},e("td",{"data-label":"Asset"},e("strong",{},g.asset?.symbol||"?")),e("td",{"data-label":"Held at a loss",class:"num"},L(g.amountExact)),e("td",{"data-label":"Value",class:"num"},C(g.marketValueCents)),e("td",{"data-label":"Cost basis",class:"num"},C(g.costBasisCents)),e("td",{"data-label":"Loss",class:"num"},e("span",{class:"loss"},E(g.unrealizedGainCents)),e("div",{class:"muted small"},`short-term ${E(g.shortTermUnrealizedGainCents)} \xB7 long-term ${E(g.longTermUnrealizedGainCents)}`)),e("td",{"data-label":"Note"},g.hasRecentAcquisition?e("span",{class:"badge info"},"Bought in the last 30 days"):"")))))),u.unpricedAssetIds.length&&y.body.append(e("p",{class:"muted small"},`${u.unpricedAssetIds.length} holding${u.unpricedAssetIds.length===1?" has":"s have"} no price today and ${u.unpricedAssetIds.length===1?"is":"are"} left out.`)),y.body.append(e("p",{class:"muted small"},"This is information, not advice: check with a tax professional before you sell."))}catch(l){y.body.replaceChildren(P(l,b))}};return c(),m(),a.onChange(()=>{c(),m()})}var La={A:"Short-term, on Form 1099-B with basis reported",B:"Short-term, on Form 1099-B without basis",C:"Short-term, not on Form 1099-B",D:"Long-term, on Form 1099-B with basis reported",E:"Long-term, on Form 1099-B without basis",F:"Long-term, not on Form 1099-B",G:"Short-term digital assets, on Form 1099-DA with basis reported",H:"Short-term digital assets, on Form 1099-DA without basis",I:"Short-term digital assets, not on Form 1099-DA",J:"Long-term digital assets, on Form 1099-DA with basis reported",K:"Long-term digital assets, on Form 1099-DA without basis",L:"Long-term digital assets, not on Form 1099-DA"},Fa={TAX_FORMS:"Tax forms (ZIP of PDFs)",FORM_8949_PDF:"Form 8949 (PDF)",FORM_8949_CSV:"Form 8949 (CSV)",SCHEDULE_D_PDF:"Schedule D (PDF)",SCHEDULE_1_PDF:"Schedule 1, income (PDF)",CAPITAL_GAINS_CSV:"Capital gains (CSV)",INCOME_CSV:"Income (CSV)",TRANSACTION_HISTORY_CSV:"Transaction history (CSV)",TURBOTAX_CSV:"TurboTax import (CSV)",TAXACT_CSV:"TaxAct import (CSV)",END_OF_YEAR_HOLDINGS_CSV:"Holdings at year end (CSV)",UK_CAPITAL_GAINS_SUMMARY_PDF:"UK capital gains summary, SA108 figures (PDF)",UK_CAPITAL_GAINS_SUMMARY_CSV:"UK capital gains summary (CSV)",DE_ANLAGE_SO_PDF:"Anlage SO, private disposals and other income (PDF)",DE_ANLAGE_SO_CSV:"Anlage SO rows (CSV)",AU_CGT_SCHEDULE_PDF:"CGT schedule summary (PDF)",AU_CGT_SCHEDULE_CSV:"CGT schedule events (CSV)",CA_SCHEDULE_3_PDF:"Schedule 3 summary (PDF)",CA_SCHEDULE_3_CSV:"Schedule 3 summary (CSV)"},Ba={QUEUED:"Waiting",GENERATING:"Being made",READY:"Ready",FAILED:"Failed"};function Fn(n,t,a){let{app:s}=n,r=U("year",[]),i=e("div",{id:"tax-figures","aria-live":"polite"},M("the year\u2019s figures")),o=O("income","Income by kind"),d=O("form-8949","Form 8949 preview"),y=e("div",{id:"reconciliation"}),m=O("reports","Reports");t.append(e("h1",{},"Taxes"),e("div",{class:"toolbar"},N("tax-year","Tax year",r)),i,o.el,d.el,y,m.el);let c=0,b=async()=>{try{let p=await s.years(),x=p.length?p[0]:new Date().getUTCFullYear(),h=Number(a.get("year"));c=h&&h>1900?h:x;let f=[...new Set([...p,c,new Date().getUTCFullYear()])].sort((S,F)=>F-S);r.replaceChildren(...f.map(S=>e("option",{value:S},z(s.client,S)))),r.value=String(c),await Promise.all([g(),T(0,""),$()])}catch(p){i.replaceChildren(P(p,b))}};r.addEventListener("change",()=>{location.hash=`#/tax?year=${r.value}`});let l=s.client.jurisdictionRules,u=()=>z(s.client,c),g=async()=>{try{let p=(await s.q(ce,{year:String(c)})).getIncomeAndCapGains,x=Na(p,l);p.futuresCents&&x.push(["futures","Futures",p.futuresCents,E]),v(i),i.append(p.isStale?e("p",{class:"notice",id:"preview-stale"},"Your ledger changed since these figures were calculated. Recalculate to bring them up to date."):"",p.transactionCount===0?_(`No transactions in ${u()}.`,"year-empty"):"",p.jurisdiction&&l.text?e("p",{class:"muted small",id:"tax-rules","data-jurisdiction":l.jurisdiction},l.text):"",e("dl",{class:"figures","data-year":p.year,"data-year-label":p.taxYearLabel||p.year},...x.map(([h,f,S,F])=>e("div",{class:"figure","data-figure":h,"data-cents":S},e("dt",{},f),e("dd",{},F(S))))),e("p",{class:"muted small"},`${p.disposalCount} transaction${p.disposalCount===1?"":"s"} with a sale or other disposal, ${p.transactionCount} in all`,le(p.computedAt)?`; calculated ${H(p.computedAt)}.`:"; not calculated yet.")),v(o.body),p.incomeByLabel.length===0?o.body.append(_(`No income in ${u()}.`,"income-empty")):o.body.append(e("table",{class:"table",id:"income-table"},e("caption",{class:"sr-only"},`Income in ${u()} by kind`),e("thead",{},e("tr",{},...["Kind","Transactions","Income"].map(h=>e("th",{scope:"col"},h)))),e("tbody",{},...p.incomeByLabel.map(h=>e("tr",{"data-income":h.label},e("td",{},e("a",{href:`#/transactions?year=${c}&label=${encodeURIComponent(h.label)}`},h.name)),e("td",{class:"num"},String(h.transactionCount)),e("td",{class:"num"},C(h.incomeCents))))),e("tfoot",{},e("tr",{},e("th",{scope:"row"},"Total"),e("td",{}),e("td",{class:"num"},C(p.incomeCents)))))),I.setYear(c)}catch(p){i.replaceChildren(P(p,g))}},T=async(p,x,h=!1)=>{if(!l.hasForm8949){d.el.hidden=!0;return}try{let f=(await s.q(on,{year:c,box:x||void 0,page:p})).getForm8949PreviewForYear;if(v(d.body),f.boxes.length===0){d.body.append(_(`No sales or other disposals in ${c}: nothing goes on Form 8949.`,"f8949-empty"));return}let S=U("box",[["","All boxes"],...f.boxes.map(D=>[D.box,`Box ${D.box}`])],x);S.addEventListener("change",()=>T(0,S.value,!0));let F=e("details",{class:"rows",id:"f8949-details",open:h});d.body.append(e("p",{},"How your sales will be reported on Form 8949, box by box. Generate the form itself under Reports."),e("table",{class:"table cards",id:"f8949-boxes"},e("caption",{class:"sr-only"},`Form 8949 boxes of ${c}`),e("thead",{},e("tr",{},...["Box","Rows","Proceeds","Cost basis","Adjustments","Gain or loss"].map(D=>e("th",{scope:"col"},D)))),e("tbody",{},...f.boxes.map(D=>e("tr",{"data-box":D.box},e("td",{"data-label":"Box"},e("strong",{},`Box ${D.box}`),e("div",{class:"muted small"},La[D.box]||"")),e("td",{"data-label":"Rows",class:"num"},String(D.rowCount)),e("td",{"data-label":"Proceeds",class:"num"},C(D.proceedsCents)),e("td",{"data-label":"Cost basis",class:"num"},C(D.costBasisCents)),e("td",{"data-label":"Adjustments",class:"num"},C(D.adjustmentCents)),e("td",{"data-label":"Gain or loss",class:"num"},E(D.gainOrLossCents)))))),F),F.append(e("summary",{},`The ${f.total} row${f.total===1?"":"s"}${x?` of box ${x}`:""}, as on the form`),e("div",{class:"toolbar"},N("f8949-box","Show the rows of",S)),e("table",{class:"table cards",id:"f8949-rows"},e("caption",{class:"sr-only"},"Form 8949 rows"),e("thead",{},e("tr",{},...["Box","(a) Description","(b) Acquired","(c) Sold","(d) Proceeds","(e) Cost basis","(h) Gain or loss"].map(D=>e("th",{scope:"col"},D)))),e("tbody",{},...f.rows.map(D=>e("tr",{},e("td",{"data-label":"Box"},D.box),e("td",{"data-label":"Description"},D.transactionId?e("a",{href:`#/transactions/${D.transactionId}`},D.description):D.description),e("td",{"data-label":"Acquired"},D.dateAcquired?q(D.dateAcquired):"Various"),e("td",{"data-label":"Sold"},q(D.dateSold)),e("td",{"data-label":"Proceeds",class:"num"},C(D.proceedsCents)),e("td",{"data-label":"Cost basis",class:"num"},C(D.costBasisCents)),e("td",{"data-label":"Gain or loss",class:"num"},E(D.gainOrLossCents)))))),e("nav",{class:"pager","aria-label":"Form 8949 pages"},f.page>0?B("Previous rows",()=>T(f.page-1,x,!0),"secondary"):"",e("span",{class:"muted"},`Rows ${f.page*f.limit+1}\u2013${f.page*f.limit+f.rows.length} of ${f.total}`),(f.page+1)*f.limit<f.total?B("Next rows",()=>T(f.page+1,x,!0),"secondary"):""))}catch(f){d.body.replaceChildren(P(f,()=>T(p,x)))}},$=async()=>{if(v(y),!!l.hasForm1099DA)try{let p=(await s.q(ln,{year:c})).getTaxFormStatuses.taxForms;if(p.length===0)return;let x=O("reconciliation-panel","Form 1099-DA reconciliation");y.append(x.el),x.body.append(e("p",{},"Your broker reported these sales to the IRS on Form 1099-DA. Here they are compared with your own figures: differences need a look before you file."));for(let h of p){let f=(await s.q(cn,{formId:h.id})).getTaxFormReconciliation,S=f.rows.filter(F=>F.status!=="MATCHED").slice(0,20);x.body.append(e("div",{class:"recon","data-form":h.id},e("h3",{},`${h.brokerName}: ${h.rowCount} row${h.rowCount===1?"":"s"}`),e("dl",{class:"figures"},...[["Broker proceeds",C(f.brokerProceedsCents)],["Your proceeds",C(f.computedProceedsCents)],["Difference",E(f.proceedsDifferenceCents)],["Matched",String(f.matchedCount)],["Different",String(f.mismatchedCount)],["Missing in your ledger",String(f.missingInLedgerCount)],["Not on the form",String(f.missingOnFormCount)]].map(([F,D])=>e("div",{class:"figure"},e("dt",{},F),e("dd",{},D)))),S.length===0?e("p",{class:"notice ok"},"Every row matches your figures."):e("table",{class:"table cards"},e("caption",{class:"sr-only"},"Rows that differ"),e("thead",{},e("tr",{},...["Sold","Asset","Broker","Yours","Difference",""].map(F=>e("th",{scope:"col"},F)))),e("tbody",{},...S.map(F=>e("tr",{},e("td",{"data-label":"Sold"},q(F.dateSold)),e("td",{"data-label":"Asset"},`${F.amountExact} ${F.assetSymbol}`),e("td",{"data-label":"Broker",class:"num"},C(F.brokerProceedsCents)),e("td",{"data-label":"Yours",class:"num"},C(F.computedProceedsCents)),e("td",{"data-label":"Difference",class:"num"},E(F.proceedsDifferenceCents)),e("td",{"data-label":"Status"},F.status==="MISSING_IN_LEDGER"?"Not in your ledger":F.status==="MISSING_ON_FORM"?"Not on the form":F.transactionId?e("a",{href:`#/transactions/${F.transactionId}`},"Different: open"):"Different")))))))}}catch(p){y.replaceChildren(P(p,$))}},I=new ze(s,m.body,s.client);I.load(),b();let R=s.onChange(()=>{s.years().then(()=>{g(),T(0,"")})});return()=>{I.stop(),R()}}var ze=class{constructor(t,a,s){this.app=t;this.client=s;this.list=e("div",{id:"report-list","aria-live":"polite"},M("your reports"));this.msg=e("div",{id:"report-message",role:"status"});this.yearSel=U("year",[]);this.polling=!1;this.alive=!0;let r=e("input",{name:"email",type:"email",autocomplete:"email",value:t.s.email||""}),i=e("button",{type:"submit",id:"request-report-button"},"Request report");this.form=e("form",{id:"request-report",class:"inline-form",onsubmit:o=>{o.preventDefault(),this.request(i)}},N("report-year","Tax year",this.yearSel),N("report-type","Report",U("type",s.jurisdictionRules.reportTypes.map(o=>[o,Ye(o)])),"grow"),N("report-email","E-mail me a link (optional)",r,"grow"),i),a.append(e("p",{},"Reports are made from your calculated figures. They are ready in a few seconds; you can also get a link by e-mail."),this.form,this.msg,this.list)}stop(){this.alive=!1}async setYear(t){let a=await this.app.years(),s=[...new Set([...a,t])].sort((r,i)=>i-r);this.yearSel.replaceChildren(...s.map(r=>e("option",{value:r},z(this.client,r)))),this.yearSel.value=String(t)}async load(){try{let t=(await this.app.q(Ge)).getReports;this.render(t),t.some(Ln)&&this.poll()}catch(t){this.list.replaceChildren(P(t,()=>this.load()))}}render(t){if(v(this.list),t.length===0){this.list.append(_("No reports yet. Choose a year and a report above.","reports-empty"));return}this.list.append(e("table",{class:"table cards"},e("caption",{class:"sr-only"},"Your reports"),e("thead",{},e("tr",{},...["Year","Report","Status","Requested",""].map(a=>e("th",{scope:"col"},a)))),e("tbody",{},...t.map(a=>e("tr",{"data-report":a.id,"data-type":a.type,"data-status":a.status},e("td",{"data-label":"Year"},a.year?z(this.client,Number(a.year)):"\u2014"),e("td",{"data-label":"Report"},Ye(a.type),a.isStale?e("div",{class:"muted small"},"Your figures changed since; request it again for current ones."):""),e("td",{"data-label":"Status"},e("span",{class:`badge ${a.status.toLowerCase()}`},Ba[a.status]||a.status),a.error?e("div",{class:"muted small"},a.error):""),e("td",{"data-label":"Requested"},H(a.createdAt)),e("td",{"data-label":"File"},a.status==="READY"?B("Download",s=>this.download(a,s.currentTarget),"secondary small download",{"aria-label":`Download ${a.year||""} ${Ye(a.type)}`}):""))))))}async request(t){let a=new FormData(this.form),s=String(a.get("email")||"").trim();try{let i=(await G(t,"Requesting\u2026",()=>this.app.q(dn,{year:String(a.get("year")),type:String(a.get("type")),email:s||void 0}))).getReportExportV2;this.msg.replaceChildren(e("p",{class:"notice ok"},i.isCached?"You have this report already, up to date: it is in the list below.":`Report requested. It appears below when it is ready${s?`, and we e-mail a link to ${s}`:""}.`)),await this.load()}catch(r){this.msg.replaceChildren(P(r))}}async poll(){if(!this.polling){this.polling=!0;try{for(;this.alive;){await j(1e3);let t=(await this.app.q(Ge)).getReports;if(!this.alive||(this.render(t),!t.some(Ln)))return}}catch(t){this.list.replaceChildren(P(t,()=>this.load()))}finally{this.polling=!1}}}async download(t,a){try{let s=await G(a,"Preparing\u2026",()=>this.app.q(un,{id:t.id})),r=e("a",{href:s.getReportDownloadUrl.url,download:s.getReportDownloadUrl.fileName,hidden:!0});document.body.append(r),r.click(),r.remove(),this.msg.replaceChildren(e("p",{class:"notice ok",id:"download-started"},`Downloading ${s.getReportDownloadUrl.fileName}.`))}catch(s){this.msg.replaceChildren(P(s))}}},Ln=n=>n.status==="QUEUED"||n.status==="GENERATING";function Ye(n){return Fa[n]||n.replace(/_/g," ").toLowerCase()}function Na(n,t){let a=t.words,s=[["proceeds",a.proceeds,n.proceedsCents,C],["cost-basis",a.cost,n.costBasisCents,C]];return t.hasHoldingTerms&&s.push(["short-term",`${a.shortTerm||"Short-term"} gains`,n.shortTermCapGainsCents,E],["long-term",`${a.longTerm||"Long-term"} gains`,n.longTermCapGainsCents,E]),(!t.hasHoldingTerms||n.gainsCents!==null&&n.gainsCents!==void 0)&&s.push(["gains",a.gains,n.gainsCents??0,C],["losses",a.losses,-(n.lossesCents??0),C]),a.deniedLosses&&s.push(["denied-losses",a.deniedLosses,n.deniedLossesCents??0,C]),s.push(["capital-gains",a.netGain,n.capGainsCents,E]),n.lossesBroughtForwardCents!=null&&s.push(["losses-brought-forward","Net capital losses brought forward",n.lossesBroughtForwardCents,C]),n.discountCents!=null&&s.push(["discount","CGT discount applied",n.discountCents,C]),n.gainThresholdCents!=null&&s.push(["threshold",`${a.threshold||"Threshold"} (taxed in full from this amount)`,n.gainThresholdCents,C]),a.taxableGain&&s.push(["taxable-gains",a.taxableGain,n.taxableCapitalGainsCents??0,E]),n.lossesCarriedForwardCents!=null&&s.push(["losses-carried-forward","Net capital losses carried forward",n.lossesCarriedForwardCents,C]),s.push(["income","Income",n.incomeCents,C]),a.taxableIncome&&n.taxableIncomeCents!=null&&s.push(["taxable-income",a.taxableIncome,n.taxableIncomeCents,C]),s}var Xe="taxd.portal.session",We=(()=>{try{return JSON.parse(document.getElementById("taxd-page")?.textContent||"{}")}catch{return{}}})(),W=document.getElementById("main"),Je=document.getElementById("top"),Le=!1;function Ma(n){try{let t=n.split(".")[1].replace(/-/g,"+").replace(/_/g,"/");return JSON.parse(atob(t))}catch{return{}}}function qa(n){sessionStorage.setItem(Xe,JSON.stringify(n))}function Va(){try{let n=JSON.parse(sessionStorage.getItem(Xe)||"null");return n&&n.code&&n.token?n:null}catch{return null}}function je(n){let t=n?.partnerId?`?partner=${encodeURIComponent(n.partnerId)}`:"",a=()=>history.replaceState(null,"",location.pathname+t+location.hash);document.readyState==="complete"?a():window.addEventListener("load",a,{once:!0})}function Mn(n){if(document.body.dataset.partner=n.name,document.title=`${n.name} \xB7 Crypto tax portal`,n.primaryColor&&/^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(n.primaryColor)){let[a,s]=ka(n.primaryColor),r=document.documentElement.style;r.setProperty("--brand",a),r.setProperty("--on-brand",s)}v(Je),Je.append(e("div",{class:"brand"},n.logoUrl&&/^https:\/\//.test(n.logoUrl)?e("img",{src:n.logoUrl,alt:`${n.name} logo`,class:"logo"}):"",e("span",{class:"partner-name"},n.name),e("span",{class:"product"},"Crypto tax portal")));let t=document.getElementById("foot");t||(t=e("footer",{id:"foot",class:"foot"}),document.body.append(t)),t.replaceChildren(e("p",{},`The tax portal of ${n.name}.`,n.supportEmail?[" Questions? Write to ",e("a",{href:`mailto:${n.supportEmail}`},n.supportEmail),"."]:""))}function ka(n){let t=n.slice(1);t.length===3&&(t=t.split("").map(i=>i+i).join(""));let a=[0,2,4].map(i=>parseInt(t.slice(i,i+2),16)),s=i=>i.map(o=>{let d=o/255;return d<=.03928?d/12.92:Math.pow((d+.055)/1.055,2.4)}).reduce((o,d,y)=>o+d*[.2126,.7152,.0722][y],0),r=s(a);if((r+.05)/.05>=4.5&&(r+.05)/.05>1.05/(r+.05))return[n,"#000000"];for(let i=0;i<40&&1.05/(s(a)+.05)<4.5;i++)a=a.map(o=>Math.floor(o*.94));return[`#${a.map(i=>i.toString(16).padStart(2,"0")).join("")}`,"#ffffff"]}function Fe(n,t,...a){v(W),document.getElementById("app-nav")?.remove(),W.append(e("section",{class:"panel state",id:n,"aria-labelledby":`${n}-h`},e("h1",{id:`${n}-h`},t),...a))}function Ke(){if(Le)return;Le=!0,sessionStorage.removeItem(Xe);let n=document.body.dataset.partner||"your provider",t=e("p",{hidden:!0,role:"status"},`Return to ${n} and open the tax portal from there: it signs you in with a new link.`),a=e("button",{type:"button",id:"sign-in-again",onclick:()=>{window.parent!==window&&window.parent.postMessage({type:"taxd:portal:session-expired"},"*"),t.hidden=!1}},"Sign in again");Fe("state-expired","Your session has expired",e("p",{},`For your security the tax portal signs you out after a while. Sign in again from ${n}.`),a,t),W.focus()}function Ua(){Fe("state-signed-out","Sign in to your tax portal",e("p",{},"Open the tax portal from your provider\u2019s website or app: it signs you in automatically."))}var Oa=[["","Overview"],["transactions","Transactions"],["review","Review"],["portfolio","Portfolio"],["tax","Taxes"]];async function qn(n){v(W),W.append(M("your tax portal"));let t,a;try{[t,a]=await Promise.all([K(n,"GET","/user"),ye(n,Ht).then(i=>i.getMyActiveClient)])}catch(i){if(Le)return;if(i instanceof V&&i.status===404)return Fe("state-not-found","We could not find your account",e("p",{},"This sign-in link does not belong to an account here. Open the tax portal again from your provider."));v(W),W.append(e("section",{class:"panel state",id:"state-error"},e("h1",{},"The tax portal could not open"),e("p",{},J(i)),e("button",{type:"button",onclick:()=>qn(n)},"Try again")));return}Mn(t.partner),rt(a.currency),n.email=n.email||t.email||void 0;let s=new Se(n,a,t.partner);s.labels().then(i=>{s.labelCache=i}).catch(()=>{}),s.accounts().then(i=>{s.accountCache=i}).catch(()=>{}),s.onChange(()=>{s.accounts().then(i=>{s.accountCache=i}).catch(()=>{})});let r=new xe(s);_a(s,r),r.refresh(),window.parent!==window&&window.parent.postMessage({type:"taxd:portal:ready"},"*")}var ae,Bn=!0;function _a(n,t){let a=Oa.map(([y,m])=>e("li",{},e("a",{href:`#/${y}`,"data-route":y,id:`nav-${y||"overview"}`},m,y==="review"?e("span",{class:"count",id:"review-count",hidden:!0}):""))),s=e("nav",{class:"tabs",id:"app-nav","aria-label":"Tax portal"},e("ul",{},...a));document.getElementById("app-nav")?.remove(),Je.after(s);let r=e("div",{class:"bar"},t.el),i=e("div",{id:"view"});v(W),W.append(r,i);let o={app:n,recalc:t,reviewCount:y=>Vn(y)},d=()=>{if(Le)return;typeof ae=="function"&&ae();let[y,m]=location.hash.replace(/^#\/?/,"").split("?"),c=y.split("/").filter(Boolean).map(decodeURIComponent),b=new URLSearchParams(m||""),l=c[0]||"";for(let u of s.querySelectorAll("a"))u.dataset.route===l?u.setAttribute("aria-current","page"):u.removeAttribute("aria-current");switch(v(i),window.scrollTo(0,0),l){case"transactions":ae=c[1]?Pn(o,i,c[1]):Tn(o,i,b);break;case"review":ae=vn(o,i,b);break;case"portfolio":ae=Rn(o,i);break;case"tax":ae=Fn(o,i,b);break;default:ae=Cn(o,i)}if(!Bn){let u=i.querySelector("h1");u&&(u.setAttribute("tabindex","-1"),u.focus())}Bn=!1};window.addEventListener("hashchange",d),d(),Nn(n),n.onChange(()=>Nn(n))}async function Nn(n){try{let t=await n.q(Z,{limit:1});Vn(t.getClientReviewQueue.totalCount)}catch{}}function Vn(n){let t=document.getElementById("review-count");t&&(t.hidden=n===0,t.textContent=String(n),t.setAttribute("aria-label",`${n} to review`))}async function Ga(){We.brand&&Mn(We.brand);let n=new URLSearchParams(location.search);if(n.get("report")&&n.get("signature"))return yn(W,n,We.download);tt(Ke);let t=null;if(n.get("token")&&n.get("code"))t={code:n.get("code"),token:n.get("token"),email:n.get("email")||void 0,clientId:""};else if(n.get("link")){je(null);try{let s=await st(n.get("link"));t={code:s.referenceId,token:s.accessToken,partnerId:s.partnerId,clientId:""}}catch(s){return Fe("state-link-invalid","This link does not work",e("p",{},J(s)))}}else t=Va();if(!t)return je(null),Ua();let a=Ma(t.token);return t.partnerId=t.partnerId||a.pid,t.clientId=a.sub||"",qa(t),je(t),a.exp&&a.exp*1e3<=Date.now()?Ke():(a.exp&&setTimeout(Ke,Math.min(a.exp*1e3-Date.now(),2**31-1)),qn(t))}Ga();})();
