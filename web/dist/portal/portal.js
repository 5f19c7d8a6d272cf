"use strict";(()=>{var Xe=document.querySelector('meta[name="taxd-api"]')?.content||"/api",kn=document.querySelector('meta[name="taxd-graphql"]')?.content||"/graphql",Q=class extends Error{},V=class extends Error{constructor(a,s,i=""){super(s);this.status=a;this.code=i}},Ze=()=>{};function et(n){Ze=n}function Fe(){throw Ze(),new Q("session expired")}async function K(n,t,a,s){let i;try{i=await fetch(`${Xe}/users/${encodeURIComponent(n.code)}${a}`,{method:t,headers:{Authorization:`Bearer ${n.token}`,...s===void 0?{}:{"Content-Type":"application/json"}},body:s===void 0?void 0:JSON.stringify(s)})}catch{throw pe()}if(i.status===401&&Fe(),!i.ok)throw new V(i.status,await tt(i));return(await i.json()).data}async function tt(n){try{let t=await n.json();if(t&&typeof t.message=="string")return Be(t.message)}catch{}return Ne(n.status)}function Ne(n){return n===404?"We could not find this. It may have been removed.":n===429?"Too many requests in a short time. Wait a minute, then try again.":n===503?"The service is busy or under maintenance. Try again in a minute.":"Something went wrong on our side. Try again in a moment."}function pe(){return new V(0,"The portal could not reach the server. Check your internet connection and try again.","OFFLINE")}async function me(n,t,a){let s=t.toString(),i;try{i=await fetch(kn,{method:"POST",headers:{Authorization:`Bearer ${n.token}`,"Content-Type":"application/json"},body:JSON.stringify({query:s,variables:a??{}})})}catch{throw pe()}i.status===401&&Fe();let r;try{r=await i.json()}catch{throw new V(i.status,Ne(i.status))}let l=r.errors?.[0];if(l){let d=l.extensions?.code||"";throw d==="UNAUTHENTICATED"&&Fe(),new V(i.status,Un(d,l.message),d)}return r.data}function Un(n,t){switch(n){case"BAD_USER_INPUT":return Be(t);case"NOT_FOUND":return"We could not find this. It may have been merged, deleted or changed meanwhile; reload the page.";case"CONFLICT":return`This could not be done: ${On(Be(t))}`;case"TAXES_LOCKED":return"This falls in a tax period that is locked because it was filed. Ask your provider to unlock it first.";case"FORBIDDEN":return"Your sign-in does not allow this.";case"RATE_LIMITED":return"Too many requests in a short time. Wait a minute, then try again.";case"TIMEOUT":return"This took too long to answer. Try again, or narrow the filters.";default:return"Something went wrong on our side. Try again in a moment."}}function On(n){return n.charAt(0).toLowerCase()+n.slice(1)}function Be(n){let t=n.replace(/^[\w.[\]]+: /,"");return/regular expression|doesn't match|format "/.test(t)?"That value is not in the expected format.":(t=t.replace(/\s+/g," ").trim(),t?t.charAt(0).toUpperCase()+t.slice(1)+(/[.!?]$/.test(t)?"":"."):"That value is not valid.")}function J(n){return n instanceof V?n.message:"Something went wrong in the portal. Reload the page and try again."}async function nt(n,t,a,s){let i;try{i=await fetch(`${Xe}/users/${encodeURIComponent(n)}/reports/${encodeURIComponent(t)}/download`,{method:"POST",headers:{"Content-Type":"application/json"},body:JSON.stringify({expires:a,signature:s})})}catch{throw pe()}if(i.status===401)return"expired";if(i.status===404)return"gone";if(!i.ok)throw new V(i.status,Ne(i.status));return Hn(await i.blob(),_n(i,"report")),"ok"}function _n(n,t){let a=n.headers.get("Content-Disposition")||"",s=/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(a);return s?decodeURIComponent(s[1]):t}function Hn(n,t){let a=URL.createObjectURL(n),s=document.createElement("a");s.href=a,s.download=t,s.hidden=!0,document.body.append(s),s.click(),s.remove(),setTimeout(()=>URL.revokeObjectURL(a),6e4)}async function at(n){let t;try{t=await fetch("/portal/link-session",{method:"POST",headers:{"Content-Type":"application/json"},body:JSON.stringify({link:n})})}catch{throw pe()}if(t.status===404)throw new V(404,"This link is not valid any more. Ask your provider for a new one.");if(!t.ok)throw new V(t.status,await tt(t));return t.json()}function e(n,t={},...a){let i=Gn.has(n)?document.createElementNS("http://www.w3.org/2000/svg",n):document.createElement(n);for(let[r,l]of Object.entries(t))l==null||l===!1||(r.startsWith("on")&&typeof l=="function"?i.addEventListener(r.slice(2),l):l===!0?i.setAttribute(r,""):i.setAttribute(r,String(l)));for(let r of a.flat())r==null||r===!1||r===""||i.append(typeof r=="number"?String(r):r);return i}var Gn=new Set(["svg","g","rect","line","text","title","desc","path","polyline","circle"]);function v(n){n.replaceChildren()}function G(n){let t=oe(n);return t?t.toLocaleString("en-US",{dateStyle:"medium",timeStyle:"short"}):"\u2014"}function q(n){let t=oe(n);return t?t.toLocaleDateString("en-US",{dateStyle:"medium"}):"\u2014"}function Me(n,t){let a=oe(n);return a?a.toLocaleTimeString("en-US",{hour:"numeric",minute:"2-digit",timeZone:t}):"\u2014"}function oe(n){if(!n)return null;let t=new Date(n);return isNaN(t.getTime())||t.getUTCFullYear()<1971?null:t}var qe="USD";function st(n){qe=n||"USD"}function b(n){return n==null?"\u2014":(n/100).toLocaleString("en-US",{style:"currency",currency:qe})}function E(n){return n==null?"\u2014":n>0?`+${b(n)}`:n<0?`\u2212${b(-n)}`:b(0)}function Ve(n){return(n/100).toLocaleString("en-US",{style:"currency",currency:qe,notation:"compact",maximumFractionDigits:1})}function F(n){if(!n)return"\u2014";let t=Number(n);return isFinite(t)?t.toLocaleString("en-US",{maximumFractionDigits:Math.abs(t)>=1e3?2:8}):n}function ke(n){return n==null||!isFinite(n)?"\u2014":`${n>0?"+":n<0?"\u2212":""}${Math.abs(n).toLocaleString("en-US",{maximumFractionDigits:1})}%`}function X(n){return n.length>16?`${n.slice(0,6)}\u2026${n.slice(-4)}`:n}function se(n){let t=document.getElementById("announcer");t||(t=e("div",{id:"announcer",class:"sr-only",role:"status","aria-live":"polite"}),document.body.append(t)),t.textContent="",setTimeout(()=>{t.textContent=n},50)}function j(n){return new Promise(t=>setTimeout(t,n))}function M(n){return e("p",{class:"loading",role:"status"},e("span",{class:"spinner","aria-hidden":"true"}),`Loading ${n}\u2026`)}function _(n,t,...a){return e("div",{class:"empty",id:t},e("p",{},n),...a)}function N(n,t,a,s=""){return a.id=n,e("div",{class:`field ${s}`},e("label",{for:n},t),a)}function U(n,t,a){let s=e("select",{name:n},...t.map(([i,r])=>e("option",{value:i},r)));return a!==void 0&&(s.value=a),s}function B(n,t,a="",s={}){return e("button",{type:"button",class:a,onclick:t,...s},n)}async function H(n,t,a){let s=n.textContent;n.disabled=!0,n.textContent=t,n.setAttribute("aria-busy","true");try{return await a()}finally{n.disabled=!1,n.textContent=s,n.removeAttribute("aria-busy")}}var A=class extends String{constructor(t,a){super(t),this.value=t,this.__meta__=a}toString(){return this.value}},rt=new A(`
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
    `,{fragmentName:"PortalTxRow"}),it=new A(`
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
    `,{fragmentName:"PortalTxDetail"}),ot=new A(`
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
    `),lt=new A(`
    query PortalTaxYears($clientId: ID!) {
  getTaxYears(clientId: $clientId)
}
    `),ct=new A(`
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
    `),dt=new A(`
    query PortalDirty($clientId: ID!) {
  countDirty(clientId: $clientId)
}
    `),ut=new A(`
    query PortalActiveJob($clientId: ID!) {
  getActiveRecalculateJob(clientId: $clientId) {
    id
    status
    progress
    attempt
  }
}
    `),pt=new A(`
    query PortalLastRun {
  getMyActiveClient {
    id
    lastRecalculatedAt
  }
}
    `),mt=new A(`
    mutation PortalRecalculate($clientId: ID!) {
  rerunGraph(clientId: $clientId)
}
    `),gt=new A(`
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
    `),yt=new A(`
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
    `),ht=new A(`
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
    `),It=new A(`
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
    `),ft=new A(`
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
}`),bt=new A(`
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
}`),Ct=new A(`
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
    `),$t=new A(`
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
    `),Tt=new A(`
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
    `),St=new A(`
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
    `),xt=new A(`
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
    `),Pt=new A(`
    mutation PortalHide($clientId: ID!, $id: ID!, $hidden: Boolean!) {
  hideTransaction(clientId: $clientId, transactionId: $id, isHidden: $hidden) {
    id
    isHidden
  }
}
    `),At=new A(`
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
    `),wt=new A(`
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
    `),Dt=new A(`
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
    `),vt=new A(`
    mutation PortalPair($clientId: ID!, $from: ID!, $to: ID!) {
  markInternalTransfer(
    clientId: $clientId
    fromTransactionId: $from
    toTransactionId: $to
  )
}
    `),Et=new A(`
    mutation PortalUnpair($clientId: ID!, $from: ID!, $to: ID!) {
  unmarkInternalTransfer(
    clientId: $clientId
    fromTransactionId: $from
    toTransactionId: $to
  )
}
    `),Rt=new A(`
    mutation PortalUndo($clientId: ID!, $ids: [ID!]!) {
  undoAuditLogs(clientId: $clientId, auditLogIds: $ids, source: "portal") {
    id
  }
}
    `),Lt=new A(`
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
    `),Ft=new A(`
    mutation PortalMarkSpam($assetId: ID!, $spam: Boolean) {
  updateAsset(assetId: $assetId, isSpam: $spam) {
    id
    isSpam
  }
}
    `),Bt=new A(`
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
    `),Nt=new A(`
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
    `),Mt=new A(`
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
    `),qt=new A(`
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
    `),Vt=new A(`
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
    `),kt=new A(`
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
    `),Ut=new A(`
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
    `),Ot=new A(`
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
    `),_t=new A(`
    query PortalDownloadUrl($id: ID!) {
  getReportDownloadUrl(reportId: $id) {
    url
    fileName
  }
}
    `);var Yn={"\nfragment PortalTxRow on Transaction {\n  id createdAt label accountId provider isHidden isMissingBasis hasNegativeBalance isInternalTransfer isDirty isSpam\n  fiatValueCents capGainsSumSigned incomeSum\n  transfers { id direction isFee amountExact assetId asset { id symbol } fiatValueCents }\n}":rt,"\nfragment PortalTxDetail on Transaction {\n  id createdAt txnHash accountId provider explorerUrl label labelSource notes isHidden isReviewed isDirty isMissingBasis\n  hasNegativeBalance isInternalTransfer isEdited isSpam isOffChain linkType linkId linkedTransactionId\n  fiatValueCents feeFiatValueCents capGainsSumSigned incomeSum\n  classification { rule confidence explanation }\n  transfers {\n    id ordering assetId asset { id symbol name pricingKey } amountExact fromAccountId toAccountId fromAddress toAddress\n    direction isFee isHidden fiatValueCents basisFiatValueCents isFiatValueOverridden capGainsSumSigned incomeSum\n    saleTerm uncoveredAmountExact\n  }\n}":it,"\nquery PortalClient {\n  getMyActiveClient {\n    id name currency timezone fiscalYearStart costBasisAlgorithm lockTaxesUntil\n    jurisdictionRules {\n      jurisdiction name taxYearStart taxYearLabelFormat hasHoldingTerms hasForm8949 hasForm1099DA reportTypes text matchingText\n      words { proceeds cost gains losses netGain taxableGain deniedLosses holding shortTerm longTerm taxableIncome threshold }\n    }\n  }\n}":ot,"\nquery PortalTaxYears($clientId: ID!) { getTaxYears(clientId: $clientId) }":lt,"\nquery PortalYear($clientId: ID!, $year: String!) {\n  getIncomeAndCapGains(clientId: $clientId, year: $year) {\n    year startDate endDate proceedsCents costBasisCents shortTermCapGainsCents longTermCapGainsCents capGainsCents\n    futuresCents incomeCents incomeByLabel { label name incomeCents transactionCount } disposalCount transactionCount\n    isStale computedAt jurisdiction taxYearLabel gainsCents lossesCents deniedLossesCents taxableCapitalGainsCents\n    gainThresholdCents taxableIncomeCents incomeThresholdCents discountGainsCents lossesBroughtForwardCents discountCents lossesCarriedForwardCents\n  }\n}":ct,"\nquery PortalDirty($clientId: ID!) { countDirty(clientId: $clientId) }":dt,"\nquery PortalActiveJob($clientId: ID!) {\n  getActiveRecalculateJob(clientId: $clientId) { id status progress attempt }\n}":ut,"\nquery PortalLastRun { getMyActiveClient { id lastRecalculatedAt } }":pt,"\nmutation PortalRecalculate($clientId: ID!) { rerunGraph(clientId: $clientId) }":mt,"\nquery PortalReviewQueue($clientId: ID!, $patternId: ID, $limit: Int) {\n  getClientReviewQueue(clientId: $clientId, patternId: $patternId, limit: $limit) {\n    totalCount\n    groups { patternId type severity title count assetId }\n    items { transactionId patternId type problems }\n  }\n}":gt,"\nquery PortalAccounts($clientId: String!) {\n  getClientAccounts(clientId: $clientId) {\n    id name type provider address status transactionCount lastSyncedAt lastSyncError\n  }\n}":yt,"\nquery PortalAssets($clientId: ID!) {\n  getClientAssets(clientId: $clientId, hideSpamAssets: true) { assets { id symbol name pricingKey } }\n}":ht,"\nquery PortalLabels($clientId: ID) {\n  getLabels(clientId: $clientId) { value name description category isIncome isDisposal isNonTaxable }\n}":It,"\nquery PortalTransactions($clientId: ID!, $page: Int, $limit: Int, $search: String, $startDate: Date, $endDate: Date,\n    $assetIds: [String!], $accountIds: [ID!], $labels: [String!], $labelFilterMode: String, $insightPatternId: ID,\n    $includeHidden: Boolean, $onlyTransactionIds: [String!]) {\n  getClientTransactions(clientId: $clientId, page: $page, limit: $limit, skipTotal: true, search: $search,\n      startDate: $startDate, endDate: $endDate, assetIds: $assetIds, accountIds: $accountIds, labels: $labels,\n      labelFilterMode: $labelFilterMode, insightPatternId: $insightPatternId, includeHidden: $includeHidden,\n      onlyTransactionIds: $onlyTransactionIds) {\n    transactions { ...PortalTxRow }\n    page limit hasNextPage\n  }\n}":ft,"\nquery PortalTransaction($clientId: ID!, $id: ID!) {\n  getTransaction(clientId: $clientId, transactionId: $id, includeAllTransfers: true) { ...PortalTxDetail }\n}":bt,"\nquery PortalTransactionLots($clientId: ID!, $key: String!, $id: ID) {\n  getTaxLots(clientId: $clientId, assetPricingKey: $key, transactionId: $id) {\n    costBasisAlgorithm\n    disposals {\n      transferId amountExact proceedsCents costBasisCents gainCents term box lotAcquiredAt lotTransactionId\n      isUncovered isMissingBasis match deniedLossExact\n    }\n    lots { id acquiredAt amountExact originalAmountExact costBasisCents term isMissingBasis }\n  }\n}":Ct,"\nquery PortalLabelOptions($clientId: ID!, $id: ID!) {\n  getTransactionTypeOptions(clientId: $clientId, transactionId: $id) {\n    options { value name description } recommended { value } currentLabel\n  }\n}":$t,"\nquery PortalAudit($clientId: ID!, $ids: [ID!]) {\n  getClientAuditLogs(clientId: $clientId, transactionIds: $ids, limit: 25, page: 0) {\n    auditLogs { id createdAt actorType action entityType field oldValue newValue undoneAt canUndo source }\n    total\n  }\n}":Tt,"\nquery PortalPairs($clientId: ID!, $id: ID, $limit: Int) {\n  getTransferPairSuggestions(clientId: $clientId, transactionId: $id, limit: $limit) {\n    fromTransactionId toTransactionId fromAccountId toAccountId sentAmountExact receivedAmountExact feeAmountExact\n    sentAt receivedAt asset { symbol }\n  }\n}":St,'\nmutation PortalLabel($clientId: ID!, $ids: [ID!]!, $label: String, $wipe: Boolean) {\n  labelTransactions(clientId: $clientId, transactionIds: $ids, label: $label, wipeLabel: $wipe, source: "portal") { id label }\n}':xt,"\nmutation PortalHide($clientId: ID!, $id: ID!, $hidden: Boolean!) {\n  hideTransaction(clientId: $clientId, transactionId: $id, isHidden: $hidden) { id isHidden }\n}":Pt,'\nmutation PortalReviewed($clientId: ID!, $id: ID!, $reviewed: Boolean!) {\n  updateTransaction(clientId: $clientId, transactionId: $id, createDefaultRule: false, source: "portal",\n      updates: { isReviewed: $reviewed }) { transaction { id isReviewed } }\n}':At,"\nmutation PortalSetPrice($clientId: ID!, $ids: [ID!]!, $assetId: ID, $price: Float) {\n  saveReceivePriceForTransactions(clientId: $clientId, transactionIds: $ids, assetId: $assetId, fiatValue: $price) { id }\n}":wt,'\nmutation PortalSetValue($clientId: ID!, $tx: ID!, $transfer: ID!, $value: Float, $basis: Float, $reset: Boolean) {\n  updateTransfer(clientId: $clientId, transactionId: $tx, transferId: $transfer, fiatValue: $value, basisFiatValue: $basis,\n      resetFiatValue: $reset, source: "portal") { id }\n}':Dt,"\nmutation PortalPair($clientId: ID!, $from: ID!, $to: ID!) {\n  markInternalTransfer(clientId: $clientId, fromTransactionId: $from, toTransactionId: $to)\n}":vt,"\nmutation PortalUnpair($clientId: ID!, $from: ID!, $to: ID!) {\n  unmarkInternalTransfer(clientId: $clientId, fromTransactionId: $from, toTransactionId: $to)\n}":Et,'\nmutation PortalUndo($clientId: ID!, $ids: [ID!]!) {\n  undoAuditLogs(clientId: $clientId, auditLogIds: $ids, source: "portal") { id }\n}':Rt,"\nmutation PortalAcceptBasis($clientId: ID!, $ids: [ID!]!, $override: Boolean!) {\n  updateMultiTransactionsCostBasis(clientId: $clientId, transactionIds: $ids, isMissingBasis: false, overrideIsMissingBasis: $override) { id }\n}":Lt,"\nmutation PortalMarkSpam($assetId: ID!, $spam: Boolean) {\n  updateAsset(assetId: $assetId, isSpam: $spam) { id isSpam }\n}":Ft,"\nquery PortalPortfolio($clientId: ID!) {\n  getPortfolioV2(clientId: $clientId, limit: 100, sort: VALUE) {\n    positions {\n      assetId asset { symbol name } amountExact price valueCents costBasisCents unrealizedGainCents\n      unrealizedGainPercent portfolioPercent\n    }\n    total totalValueCents totalCostBasisCents totalUnrealizedGainCents isStale computedAt\n  }\n}":Bt,"\nquery PortalChart($clientId: ID!, $interval: HistoricalBalanceIntervalEnum!) {\n  getChart(clientId: $clientId, interval: $interval) {\n    points { date valueCents costBasisCents } startValueCents endValueCents changeCents changePercent isStale\n  }\n}":Nt,"\nquery PortalHarvest($clientId: ID!, $date: Date!) {\n  getHarvestableLosses(clientId: $clientId, date: $date) {\n    totalUnrealizedLossCents shortTermUnrealizedLossCents longTermUnrealizedLossCents\n    assets {\n      assetId asset { symbol name } amountExact price marketValueCents costBasisCents unrealizedGainCents\n      shortTermUnrealizedGainCents longTermUnrealizedGainCents hasRecentAcquisition\n    }\n    unpricedAssetIds isStale\n  }\n}":Mt,"\nquery PortalForm8949($clientId: ID!, $year: Int!, $box: Form8949BoxEnum, $page: Int) {\n  getForm8949PreviewForYear(clientId: $clientId, year: $year, box: $box, page: $page, limit: 25) {\n    boxes { box term rowCount proceedsCents costBasisCents adjustmentCents gainOrLossCents }\n    rows { transactionId description dateAcquired dateSold proceedsCents costBasisCents gainOrLossCents box }\n    total page limit isStale\n  }\n}":qt,'\nquery PortalTaxForms($clientId: ID!, $year: Int!) {\n  getTaxFormStatuses(clientId: $clientId, year: $year, formType: "FORM_1099_DA") {\n    taxForms { id brokerName status statusMessage rowCount uploadedAt }\n  }\n}':Vt,"\nquery PortalReconciliation($clientId: ID!, $formId: ID!) {\n  getTaxFormReconciliation(clientId: $clientId, taxFormId: $formId) {\n    brokerProceedsCents computedProceedsCents proceedsDifferenceCents brokerCostBasisCents computedCostBasisCents\n    matchedCount mismatchedCount missingInLedgerCount missingOnFormCount\n    rows {\n      id status transactionId assetSymbol amountExact dateSold brokerProceedsCents computedProceedsCents\n      proceedsDifferenceCents brokerCostBasisCents computedCostBasisCents\n    }\n  }\n}":kt,"\nquery PortalReports($clientId: ID!) {\n  getReports(clientId: $clientId) { id type status year fileName isStale error createdAt completedAt }\n}":Ut,"\nquery PortalRequestReport($clientId: ID!, $type: ReportExportTypeEnum!, $year: String!, $email: String) {\n  getReportExportV2(clientId: $clientId, type: $type, dateQueryType: TAX_YEAR, year: $year, email: $email) {\n    report { id status } isCached emailQueued\n  }\n}":Ot,"\nquery PortalDownloadUrl($id: ID!) { getReportDownloadUrl(reportId: $id) { url fileName } }":_t};function w(n){return Yn[n]??{}}var Qa=w(`
fragment PortalTxRow on Transaction {
  id createdAt label accountId provider isHidden isMissingBasis hasNegativeBalance isInternalTransfer isDirty isSpam
  fiatValueCents capGainsSumSigned incomeSum
  transfers { id direction isFee amountExact assetId asset { id symbol } fiatValueCents }
}`),Ya=w(`
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
}`),Gt=w(`
query PortalTaxYears($clientId: ID!) { getTaxYears(clientId: $clientId) }`),le=w(`
query PortalYear($clientId: ID!, $year: String!) {
  getIncomeAndCapGains(clientId: $clientId, year: $year) {
    year startDate endDate proceedsCents costBasisCents shortTermCapGainsCents longTermCapGainsCents capGainsCents
    futuresCents incomeCents incomeByLabel { label name incomeCents transactionCount } disposalCount transactionCount
    isStale computedAt jurisdiction taxYearLabel gainsCents lossesCents deniedLossesCents taxableCapitalGainsCents
    gainThresholdCents taxableIncomeCents incomeThresholdCents discountGainsCents lossesBroughtForwardCents discountCents lossesCarriedForwardCents
  }
}`),Qt=w(`
query PortalDirty($clientId: ID!) { countDirty(clientId: $clientId) }`),Ue=w(`
query PortalActiveJob($clientId: ID!) {
  getActiveRecalculateJob(clientId: $clientId) { id status progress attempt }
}`),Yt=w(`
query PortalLastRun { getMyActiveClient { id lastRecalculatedAt } }`),zt=w(`
mutation PortalRecalculate($clientId: ID!) { rerunGraph(clientId: $clientId) }`),Z=w(`
query PortalReviewQueue($clientId: ID!, $patternId: ID, $limit: Int) {
  getClientReviewQueue(clientId: $clientId, patternId: $patternId, limit: $limit) {
    totalCount
    groups { patternId type severity title count assetId }
    items { transactionId patternId type problems }
  }
}`),Wt=w(`
query PortalAccounts($clientId: String!) {
  getClientAccounts(clientId: $clientId) {
    id name type provider address status transactionCount lastSyncedAt lastSyncError
  }
}`),jt=w(`
query PortalAssets($clientId: ID!) {
  getClientAssets(clientId: $clientId, hideSpamAssets: true) { assets { id symbol name pricingKey } }
}`),Kt=w(`
query PortalLabels($clientId: ID) {
  getLabels(clientId: $clientId) { value name description category isIncome isDisposal isNonTaxable }
}`),ge=w(`
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
}`),ye=w(`
query PortalTransaction($clientId: ID!, $id: ID!) {
  getTransaction(clientId: $clientId, transactionId: $id, includeAllTransfers: true) { ...PortalTxDetail }
}`),he=w(`
query PortalTransactionLots($clientId: ID!, $key: String!, $id: ID) {
  getTaxLots(clientId: $clientId, assetPricingKey: $key, transactionId: $id) {
    costBasisAlgorithm
    disposals {
      transferId amountExact proceedsCents costBasisCents gainCents term box lotAcquiredAt lotTransactionId
      isUncovered isMissingBasis match deniedLossExact
    }
    lots { id acquiredAt amountExact originalAmountExact costBasisCents term isMissingBasis }
  }
}`),Ie=w(`
query PortalLabelOptions($clientId: ID!, $id: ID!) {
  getTransactionTypeOptions(clientId: $clientId, transactionId: $id) {
    options { value name description } recommended { value } currentLabel
  }
}`),Jt=w(`
query PortalAudit($clientId: ID!, $ids: [ID!]) {
  getClientAuditLogs(clientId: $clientId, transactionIds: $ids, limit: 25, page: 0) {
    auditLogs { id createdAt actorType action entityType field oldValue newValue undoneAt canUndo source }
    total
  }
}`),fe=w(`
query PortalPairs($clientId: ID!, $id: ID, $limit: Int) {
  getTransferPairSuggestions(clientId: $clientId, transactionId: $id, limit: $limit) {
    fromTransactionId toTransactionId fromAccountId toAccountId sentAmountExact receivedAmountExact feeAmountExact
    sentAt receivedAt asset { symbol }
  }
}`),be=w(`
mutation PortalLabel($clientId: ID!, $ids: [ID!]!, $label: String, $wipe: Boolean) {
  labelTransactions(clientId: $clientId, transactionIds: $ids, label: $label, wipeLabel: $wipe, source: "portal") { id label }
}`),ce=w(`
mutation PortalHide($clientId: ID!, $id: ID!, $hidden: Boolean!) {
  hideTransaction(clientId: $clientId, transactionId: $id, isHidden: $hidden) { id isHidden }
}`),Ce=w(`
mutation PortalReviewed($clientId: ID!, $id: ID!, $reviewed: Boolean!) {
  updateTransaction(clientId: $clientId, transactionId: $id, createDefaultRule: false, source: "portal",
      updates: { isReviewed: $reviewed }) { transaction { id isReviewed } }
}`),Xt=w(`
mutation PortalSetPrice($clientId: ID!, $ids: [ID!]!, $assetId: ID, $price: Float) {
  saveReceivePriceForTransactions(clientId: $clientId, transactionIds: $ids, assetId: $assetId, fiatValue: $price) { id }
}`),Oe=w(`
mutation PortalSetValue($clientId: ID!, $tx: ID!, $transfer: ID!, $value: Float, $basis: Float, $reset: Boolean) {
  updateTransfer(clientId: $clientId, transactionId: $tx, transferId: $transfer, fiatValue: $value, basisFiatValue: $basis,
      resetFiatValue: $reset, source: "portal") { id }
}`),Zt=w(`
mutation PortalPair($clientId: ID!, $from: ID!, $to: ID!) {
  markInternalTransfer(clientId: $clientId, fromTransactionId: $from, toTransactionId: $to)
}`),en=w(`
mutation PortalUnpair($clientId: ID!, $from: ID!, $to: ID!) {
  unmarkInternalTransfer(clientId: $clientId, fromTransactionId: $from, toTransactionId: $to)
}`),tn=w(`
mutation PortalUndo($clientId: ID!, $ids: [ID!]!) {
  undoAuditLogs(clientId: $clientId, auditLogIds: $ids, source: "portal") { id }
}`),de=w(`
mutation PortalAcceptBasis($clientId: ID!, $ids: [ID!]!, $override: Boolean!) {
  updateMultiTransactionsCostBasis(clientId: $clientId, transactionIds: $ids, isMissingBasis: false, overrideIsMissingBasis: $override) { id }
}`),nn=w(`
mutation PortalMarkSpam($assetId: ID!, $spam: Boolean) {
  updateAsset(assetId: $assetId, isSpam: $spam) { id isSpam }
}`),$e=w(`
query PortalPortfolio($clientId: ID!) {
  getPortfolioV2(clientId: $clientId, limit: 100, sort: VALUE) {
    positions {
      assetId asset { symbol name } amountExact price valueCents costBasisCents unrealizedGainCents
      unrealizedGainPercent portfolioPercent
    }
    total totalValueCents totalCostBasisCents totalUnrealizedGainCents isStale computedAt
  }
}`),an=w(`
query PortalChart($clientId: ID!, $interval: HistoricalBalanceIntervalEnum!) {
  getChart(clientId: $clientId, interval: $interval) {
    points { date valueCents costBasisCents } startValueCents endValueCents changeCents changePercent isStale
  }
}`),sn=w(`
query PortalHarvest($clientId: ID!, $date: Date!) {
  getHarvestableLosses(clientId: $clientId, date: $date) {
    totalUnrealizedLossCents shortTermUnrealizedLossCents longTermUnrealizedLossCents
    assets {
      assetId asset { symbol name } amountExact price marketValueCents costBasisCents unrealizedGainCents
      shortTermUnrealizedGainCents longTermUnrealizedGainCents hasRecentAcquisition
    }
    unpricedAssetIds isStale
  }
}`),rn=w(`
query PortalForm8949($clientId: ID!, $year: Int!, $box: Form8949BoxEnum, $page: Int) {
  getForm8949PreviewForYear(clientId: $clientId, year: $year, box: $box, page: $page, limit: 25) {
    boxes { box term rowCount proceedsCents costBasisCents adjustmentCents gainOrLossCents }
    rows { transactionId description dateAcquired dateSold proceedsCents costBasisCents gainOrLossCents box }
    total page limit isStale
  }
}`),on=w(`
query PortalTaxForms($clientId: ID!, $year: Int!) {
  getTaxFormStatuses(clientId: $clientId, year: $year, formType: "FORM_1099_DA") {
    taxForms { id brokerName status statusMessage rowCount uploadedAt }
  }
}`),ln=w(`
query PortalReconciliation($clientId: ID!, $formId: ID!) {
  getTaxFormReconciliation(clientId: $clientId, taxFormId: $formId) {
    brokerProceedsCents computedProceedsCents proceedsDifferenceCents brokerCostBasisCents computedCostBasisCents
    matchedCount mismatchedCount missingInLedgerCount missingOnFormCount
    rows {
      id status transactionId assetSymbol amountExact dateSold brokerProceedsCents computedProceedsCents
      proceedsDifferenceCents brokerCostBasisCents computedCostBasisCents
    }
  }
}`),_e=w(`
query PortalReports($clientId: ID!) {
  getReports(clientId: $clientId) { id type status year fileName isStale error createdAt completedAt }
}`),cn=w(`
query PortalRequestReport($clientId: ID!, $type: ReportExportTypeEnum!, $year: String!, $email: String) {
  getReportExportV2(clientId: $clientId, type: $type, dateQueryType: TAX_YEAR, year: $year, email: $email) {
    report { id status } isCached emailQueued
  }
}`),dn=w(`
query PortalDownloadUrl($id: ID!) { getReportDownloadUrl(reportId: $id) { url fileName } }`);var Te=class{constructor(t,a,s){this.s=t;this.client=a;this.brand=s;this.changed=[];this.labelCache=[];this.accountCache=[]}q(t,a){return me(this.s,t,{clientId:this.client.id,...a})}accounts(){return this.accountsP||(this.accountsP=this.q(Wt).then(t=>t.getClientAccounts.filter(a=>!!a))),this.accountsP.catch(()=>{this.accountsP=void 0}),this.accountsP}assets(){return this.assetsP||(this.assetsP=this.q(jt).then(t=>t.getClientAssets.assets)),this.assetsP.catch(()=>{this.assetsP=void 0}),this.assetsP}labels(){return this.labelsP||(this.labelsP=this.q(Kt).then(t=>t.getLabels)),this.labelsP.catch(()=>{this.labelsP=void 0}),this.labelsP}years(){return this.yearsP||(this.yearsP=this.q(Gt).then(t=>[...t.getTaxYears].reverse())),this.yearsP.catch(()=>{this.yearsP=void 0}),this.yearsP}async defaultYear(){let t=await this.years();return t.length?t[0]:new Date().getUTCFullYear()}labelName(t){if(!t)return"Unlabeled";let a=this.labelCache.find(s=>s.value===t);return a?a.name:t.replace(/_/g," ").replace(/^./,s=>s.toUpperCase())}accountName(t,a=this.accountCache){if(!t)return"Outside your accounts";let s=a.find(i=>i.id===t);return s?ee(s):"A removed account"}onChange(t){return this.changed.push(t),()=>{this.changed=this.changed.filter(a=>a!==t)}}ledgerChanged(t){t==="accounts"&&(this.accountsP=void 0,this.assetsP=void 0,this.yearsP=void 0),t==="results"&&(this.yearsP=void 0);for(let a of[...this.changed])a(t)}};function ee(n){let t=(n.name||"").trim();return t&&t!==n.address?t:n.address?`${re(n.provider)} wallet ${n.address.length>16?`${n.address.slice(0,6)}\u2026${n.address.slice(-4)}`:n.address}`:re(n.provider)}var zn={ethereum:"Ethereum",bitcoin:"Bitcoin",solana:"Solana",base:"Base",arbitrum:"Arbitrum",optimism:"Optimism",polygon:"Polygon",bsc:"BNB Smart Chain",coinbase:"Coinbase",kraken:"Kraken",generic:"File",file:"File"};function re(n){return zn[n]||n.charAt(0).toUpperCase()+n.slice(1)}function x(n,t,...a){return n instanceof Q?e("span"):e("div",{class:"notice error",role:"alert"},e("p",{},J(n)),...a,t?B("Try again",t,"secondary small"):"")}function O(n,t,...a){let s=e("div",{class:"section-body"},...a);return{el:e("section",{class:"panel",id:n,"aria-labelledby":`${n}-h`},e("h2",{id:`${n}-h`},t),s),body:s}}function Wn(n,t){let a=new Intl.DateTimeFormat("en-US",{timeZone:n,hourCycle:"h23",year:"numeric",month:"2-digit",day:"2-digit",hour:"2-digit",minute:"2-digit",second:"2-digit"}).formatToParts(t),s=i=>Number(a.find(r=>r.type===i)?.value||0);return Date.UTC(s("year"),s("month")-1,s("day"),s("hour"),s("minute"),s("second"))-Math.floor(t.getTime()/1e3)*1e3}function un(n,t,a,s){let i=Date.UTC(n,t-1,a);for(let r=0;r<2;r++)try{i=Date.UTC(n,t-1,a)-Wn(s,new Date(i))}catch{return new Date(Date.UTC(n,t-1,a))}return new Date(i)}function pn(n,t){let[a,s]=(n.fiscalYearStart||"01-01").split("-").map(Number);return[un(t,a||1,s||1,n.timezone).toISOString(),un(t+1,a||1,s||1,n.timezone).toISOString()]}function z(n,t){let a=n.jurisdictionRules.taxYearLabelFormat;return a.length===7?`${t}${a[4]}${String((t+1)%100).padStart(2,"0")}`:String(t)}function te(n,t,a=!1){let s=n.jurisdictionRules.words,i=t==="SHORT_TERM"?s.shortTerm||"Short-term":t==="LONG_TERM"?s.longTerm||"Long-term":t;return a?i.charAt(0).toLowerCase()+i.slice(1):i}var mn=1e3,jn=1500,Kn=15e3,Jn=5e3,Se=class{constructor(t){this.app=t;this.el=e("div",{id:"recalc-status",class:"status-bar","aria-live":"polite"});this.state="settled";this.following=!1;this.listeners=[];t.onChange(a=>{a==="edit"&&this.soon(),a!=="results"&&this.refresh()}),window.addEventListener("offline",()=>this.unreachable()),window.addEventListener("online",()=>this.refresh())}again(t){window.clearTimeout(this.check),this.check=window.setTimeout(()=>this.refresh(),t)}unreachable(){this.state="unreachable",this.el.dataset.state="unreachable",this.el.replaceChildren(e("div",{class:"status unreachable",id:"recalc-unreachable",role:"status"},e("span",{},"We can\u2019t reach the server right now, so what you see may be out of date. Trying again\u2026")));for(let t of this.listeners)t("unreachable");this.again(Jn)}get scheduled(){return this.timer!==void 0}soon(){window.clearTimeout(this.timer),this.timer=window.setTimeout(()=>{this.timer=void 0,this.following?this.soon():this.start()},jn)}onState(t){return this.listeners.push(t),()=>{this.listeners=this.listeners.filter(a=>a!==t)}}async refresh(){if(!this.following)try{let[t,a,s,i]=await Promise.all([this.app.q(Qt),this.app.q(Ue),this.app.q(Yt),this.app.accounts()]);if(a.getActiveRecalculateJob)return this.follow(a.getActiveRecalculateJob);let r=!s.getMyActiveClient.lastRecalculatedAt&&i.length>0;this.show(t.countDirty>0||r?"dirty":"settled",t.countDirty,void 0,r),this.again(Kn)}catch(t){if(t instanceof Q)return;if(t instanceof V&&(t.code==="OFFLINE"||t.status>=500))return this.unreachable();this.el.replaceChildren(x(t,()=>this.refresh()))}}async start(){if(window.clearTimeout(this.timer),this.timer=void 0,!this.following)try{let t=(await this.app.q(zt)).rerunGraph;await this.follow({id:t,status:"QUEUED",progress:0,attempt:1})}catch(t){this.el.replaceChildren(x(t,()=>this.start()))}}async follow(t){this.following=!0;let a=t;try{for(;a;){this.show("recalculating",0,a),await j(mn);try{a=(await this.app.q(Ue)).getActiveRecalculateJob}catch(s){if(s instanceof Q)return;await j(mn*3)}}}finally{this.following=!1}se("Recalculation finished: your figures are up to date."),this.app.ledgerChanged("results"),await this.refresh()}show(t,a,s,i=!1){if(this.state=t,this.el.dataset.state=t,t==="recalculating"&&s){let r=s.status==="QUEUED";this.el.replaceChildren(e("div",{class:"status recalculating",id:"recalc-running"},e("span",{class:"spinner","aria-hidden":"true"}),e("span",{},r?"Updating your figures: queued\u2026":`Updating your figures\u2026 ${s.progress}%`),e("progress",{max:100,value:s.progress,"aria-label":"Recalculation progress"})))}else t==="dirty"?this.el.replaceChildren(e("div",{class:"status dirty",id:"recalc-dirty"},e("span",{},i?"Your taxes have not been calculated yet.":this.scheduled?"Updating your figures with your changes in a moment\u2026":a===1?"1 change is not in your figures yet.":`${a.toLocaleString("en-US")} changes are not in your figures yet.`),B(i?"Calculate":this.scheduled?"Update now":"Recalculate",()=>this.start(),"small",{id:"recalculate"}))):this.el.replaceChildren(e("div",{class:"status settled",id:"recalc-settled"},e("span",{class:"check","aria-hidden":"true"},"\u2713"),e("span",{},"Your figures are up to date.")));for(let r of this.listeners)r(t)}};var Xn={"tax-forms":"tax forms","form-8949-csv":"Form 8949","form-8949-pdf":"Form 8949","schedule-d-csv":"Schedule D","schedule-d-pdf":"Schedule D","schedule-1-pdf":"Schedule 1","capital-gains-csv":"capital gains report","income-csv":"income report","transaction-history-csv":"transaction history","turbotax-csv":"TurboTax file","taxact-csv":"TaxAct file","holdings-csv":"year-end holdings"};function gn(n,t,a){let s=t.get("code")||"",i=t.get("report")||"",r=Number(t.get("expires")),l=t.get("signature")||"",d=()=>history.replaceState(null,"",location.pathname);document.readyState==="complete"?d():window.addEventListener("load",d,{once:!0});let m=(o,...u)=>{v(n),n.append(e("section",{class:"panel state",id:"state-download","data-state":a?.state||"unchecked","aria-labelledby":"dl-h"},e("h1",{id:"dl-h"},o),...u))},g="Request the report again in the tax portal of your provider: it e-mails you a new link.";switch(a?.state){case"expired":return m("This download link has expired",e("p",{id:"download-expired"},`For your security, download links work for a limited time. ${g}`));case"invalid":return m("This download link does not work",e("p",{id:"download-invalid"},`The link is incomplete or was changed. Open the whole link from the e-mail, or: ${g.charAt(0).toLowerCase()}${g.slice(1)}`));case"gone":return m("This report is no longer available",e("p",{id:"download-gone"},g))}let c=e("div",{id:"download-message",role:"status","aria-live":"polite"}),f=e("button",{type:"button",id:"download-report",onclick:async()=>{f.disabled=!0,c.replaceChildren(e("p",{},"Preparing your download\u2026"));try{let o=await nt(s,i,r,l);c.replaceChildren(o==="ok"?e("p",{class:"notice ok",id:"download-started"},"Your download has started."):o==="expired"?e("p",{class:"notice error",role:"alert",id:"download-expired"},`This link has expired. ${g}`):e("p",{class:"notice error",role:"alert",id:"download-gone"},`This report is no longer available. ${g}`))}catch(o){c.replaceChildren(e("p",{class:"notice error",role:"alert"},o instanceof V?o.message:J(o)))}finally{f.disabled=!1}}},"Download");if(a?.state==="ready"){let o=Xn[a.reportType||""]||"tax report",u=`${a.year?`${a.year} `:""}${o}`;return m(`Your ${u} ${o==="tax forms"?"are":"is"} ready`,e("p",{},a.fileName?`The file ${a.fileName} is ready to download.`:"The file is ready to download.",a.expiresAt?` This link works until ${G(a.expiresAt)}.`:""),f,c)}return m("Download your tax report",e("p",{},r?`This link works until ${G(new Date(r*1e3).toISOString())}.`:""),f,c)}var k=240,xe=16,ue=52;function yn(n){return Math.max(280,Math.min(720,Math.floor(n.clientWidth||640)))}function hn(n,t){let a=t.flatMap($=>[$.capitalGainsCents,$.incomeCents]),s=Math.max(0,...a),i=Math.min(0,...a);if(s===0&&i===0)return e("p",{class:"empty",id:"chart-empty"},"No gains or income yet: the chart fills in once your taxes are calculated.");let r=yn(n),l=60,d=8,m=s-i||1,g=k-xe-ue,c=r-l-d,f=$=>xe+(s-$)/m*g,o=c/t.length,u=Math.min(28,o/3),y=[s,(s+i)/2,i].filter(($,p,R)=>R.indexOf($)===p),T=t.map($=>`${$.year}: gains ${b($.capitalGainsCents)}, income ${b($.incomeCents)}`).join("; ");return e("svg",{viewBox:`0 0 ${r} ${k}`,width:r,height:k,role:"img","aria-labelledby":"chart-title chart-desc",class:"chart-svg"},e("title",{id:"chart-title"},"Capital gains and income by tax year"),e("desc",{id:"chart-desc"},T),...y.map($=>e("g",{},e("line",{x1:l,x2:r-d,y1:f($),y2:f($),class:"grid"}),e("text",{x:l-6,y:f($)+4,"text-anchor":"end",class:"axis"},Ve(Math.round($))))),e("line",{x1:l,x2:r-d,y1:f(0),y2:f(0),class:"zero"}),...t.map(($,p)=>{let R=l+o*p+o/2,C=(P,h,I,S)=>e("rect",{x:h,width:u,y:Math.min(f(P),f(0)),height:Math.max(1,Math.abs(f(P)-f(0))),class:I,"data-year":$.year,"data-cents":P},e("title",{},`${$.year} ${S}: ${b(P)}`));return e("g",{},C($.capitalGainsCents,R-u-1,"bar gains","capital gains"),C($.incomeCents,R+1,"bar income","income"),e("text",{x:R,y:k-ue+18,"text-anchor":"middle",class:"axis"},String($.year)))}),e("g",{class:"legend"},e("rect",{x:l,y:k-14,width:12,height:12,class:"bar gains"}),e("text",{x:l+16,y:k-4,class:"axis"},"Capital gains"),e("rect",{x:l+120,y:k-14,width:12,height:12,class:"bar income"}),e("text",{x:l+136,y:k-4,class:"axis"},"Income")))}function In(n,t,a){if(t.length<2||t.every(h=>h.valueCents===0&&h.costBasisCents===0))return e("p",{class:"empty",id:"value-chart-empty"},"Nothing to chart for this range yet.");let s=yn(n),i=64,r=8,l=t.flatMap(h=>[h.valueCents,h.costBasisCents]),d=Math.max(...l,0),m=Math.min(...l,0),g=d-m||1,c=k-xe-ue,f=s-i-r,o=h=>i+f*h/(t.length-1),u=h=>xe+(d-h)/g*c,y=h=>t.map((I,S)=>`${o(S).toFixed(1)},${u(h(I)).toFixed(1)}`).join(" "),T=`M${o(0).toFixed(1)},${u(0).toFixed(1)} L${y(h=>h.valueCents).replace(/ /g," L")} L${o(t.length-1).toFixed(1)},${u(0).toFixed(1)} Z`,$=[d,(d+m)/2,m].filter((h,I,S)=>S.indexOf(h)===I),p=new Date(t[0].date),R=new Date(t[t.length-1].date),C=h=>h.toLocaleDateString("en-US",{month:"short",year:"numeric"}),P=t[t.length-1];return e("svg",{viewBox:`0 0 ${s} ${k}`,width:s,height:k,role:"img","aria-labelledby":"value-title value-desc",class:"chart-svg"},e("title",{id:"value-title"},a),e("desc",{id:"value-desc"},`From ${C(p)} to ${C(R)}: value now ${b(P.valueCents)}, cost basis ${b(P.costBasisCents)}.`),...$.map(h=>e("g",{},e("line",{x1:i,x2:s-r,y1:u(h),y2:u(h),class:"grid"}),e("text",{x:i-6,y:u(h)+4,"text-anchor":"end",class:"axis"},Ve(Math.round(h))))),e("path",{d:T,class:"area"}),e("polyline",{points:y(h=>h.valueCents),class:"value-line"}),e("polyline",{points:y(h=>h.costBasisCents),class:"basis-line"}),e("text",{x:i,y:k-ue+18,class:"axis"},C(p)),e("text",{x:s-r,y:k-ue+18,"text-anchor":"end",class:"axis"},C(R)),e("g",{class:"legend"},e("rect",{x:i,y:k-14,width:12,height:12,class:"swatch-value"}),e("text",{x:i+16,y:k-4,class:"axis"},"Value"),e("line",{x1:i+80,x2:i+100,y1:k-8,y2:k-8,class:"basis-line"}),e("text",{x:i+106,y:k-4,class:"axis"},"Cost basis")))}var He=10,fn=1e3,Zn=[["ethereum","Ethereum"],["bitcoin","Bitcoin"],["solana","Solana"],["base","Base"],["arbitrum","Arbitrum"],["optimism","Optimism"],["polygon","Polygon"],["bsc","BNB Smart Chain"]],ea={ACTIVE:"Up to date",SYNCING:"Syncing",ERROR:"Sync failed",NEEDS_REAUTHENTICATION:"Needs new credentials",RETIRED:"Retired",DELETING:"Being removed"},ta={WALLET:"Wallet",EXCHANGE:"Exchange",BANK:"Bank",FILE:"File import",MANUAL:"Manual",VIRTUAL:"Position"},Pe=class{constructor(t,a){this.app=t;this.accounts=[];this.syncing=!1;this.list=e("div",{id:"wallet-list"},M("your accounts"));this.count=e("p",{id:"wallet-count",class:"muted"});this.msg=e("div",{id:"wallet-message",role:"status","aria-live":"polite"});this.progress=e("div",{id:"sync-progress","aria-live":"polite"});this.syncButton=e("button",{type:"button",id:"sync-wallets",onclick:()=>this.startSync()},"Sync wallets");this.alive=!0;let s=e("input",{name:"address",required:!0,autocomplete:"off",spellcheck:!1,placeholder:"0x\u2026 , bc1\u2026 or a Solana address"}),i=e("input",{name:"name",maxlength:100,autocomplete:"off",placeholder:"e.g. Cold storage"});this.form=e("form",{id:"add-wallet",class:"inline-form",onsubmit:r=>{r.preventDefault(),this.add()}},N("wallet-address","Wallet address",s,"grow"),N("wallet-chain","Chain",U("chain",Zn)),N("wallet-name","Name (optional)",i),e("button",{type:"submit",id:"add-wallet-button"},"Add wallet")),a.append(this.count,this.list,e("details",{class:"add-wallet"},e("summary",{},"Add a wallet"),this.form,this.msg),e("div",{class:"actions"},this.syncButton),this.progress)}stop(){this.alive=!1}async load(){try{this.accounts=await this.app.accounts(),this.render();let a=(await K(this.app.s,"GET","/account_syncs")).syncs.find(s=>s.status==="queued"||s.status==="running");a&&this.follow(a)}catch(t){v(this.list),this.list.append(x(t,()=>this.load()))}}render(){v(this.list);let t=this.accounts.length,a=this.accounts.filter(i=>i.type==="WALLET").length;this.count.textContent=`${t===1?"1 account":`${t} accounts`} \xB7 ${a} of ${He} wallets`;let s=a>=He;if(this.form.querySelectorAll("input,select,button").forEach(i=>i.disabled=s),s&&this.msg.replaceChildren(e("p",{class:"notice"},`You have reached the limit of ${He} wallets.`)),this.syncButton.disabled=a===0||this.syncing,this.syncButton.hidden=a===0,t===0){this.list.append(_("No accounts yet. Add the address of a wallet you own, then sync it to import its transactions.","wallets-empty"));return}this.list.append(e("table",{class:"table cards"},e("caption",{class:"sr-only"},"Your accounts"),e("thead",{},e("tr",{},...["Account","Kind","Transactions","Status","Last synced"].map(i=>e("th",{scope:"col"},i)))),e("tbody",{},...this.accounts.map(i=>e("tr",{"data-account":i.id},e("td",{"data-label":"Account"},e("strong",{},ee(i)),i.address&&ee(i)===i.name?e("div",{class:"mono muted small",title:i.address},X(i.address)):""),e("td",{"data-label":"Kind"},`${ta[i.type]||i.type}${i.type==="WALLET"?` \xB7 ${re(i.provider)}`:""}`),e("td",{"data-label":"Transactions",class:"num"},i.transactionCount.toLocaleString("en-US")),e("td",{"data-label":"Status"},e("span",{class:`badge ${i.status.toLowerCase()}`},ea[i.status]||i.status),i.lastSyncError?e("div",{class:"muted small","data-sync-error":i.id},`${Ae(i)} the last time; sync again to retry.`):""),e("td",{"data-label":"Last synced"},i.type==="FILE"?"Imported file":G(i.lastSyncedAt)))))))}async add(){let t=new FormData(this.form),a={address:String(t.get("address")).trim(),chain:String(t.get("chain"))},s=String(t.get("name")||"").trim();s&&(a.name=s),this.msg.replaceChildren(e("p",{},"Adding the wallet\u2026"));try{let i=await K(this.app.s,"POST","/accounts",{wallets:[a]});this.form.reset();let r=i.skipped.map(l=>`${X(l.address)} was not added: ${l.reason==="already_added"?"you have it already":l.reason.replace(/_/g," ")}.`);this.msg.replaceChildren(...i.accounts.length?[e("p",{class:"notice ok"},"Wallet added. Sync it to import its transactions.")]:[],...r.map(l=>e("p",{class:"notice"},l))),this.app.ledgerChanged("accounts"),this.accounts=await this.app.accounts(),this.render()}catch(i){if(i instanceof V&&i.status===400){this.msg.replaceChildren(e("p",{class:"notice error",role:"alert",id:"wallet-error"},i.message)),document.getElementById("wallet-address").focus();return}this.msg.replaceChildren(x(i))}}async startSync(){this.syncButton.disabled=!0;try{this.follow(await K(this.app.s,"POST","/account_syncs",{}))}catch(t){this.syncButton.disabled=!1,this.progress.replaceChildren(x(t))}}async follow(t){for(this.syncing=!0,this.syncButton.disabled=!0;this.showSync(t),!(t.status==="completed"||t.status==="failed"||!this.alive);){await j(fn);try{t=await K(this.app.s,"GET",`/account_syncs/${t.id}`)}catch(a){if(a instanceof Q)return;this.progress.replaceChildren(e("p",{class:"notice"},"Lost contact with the server; trying again\u2026")),await j(fn*3)}}if(this.syncing=!1,this.syncButton.disabled=!1,!!this.alive){this.app.ledgerChanged("accounts");try{this.accounts=await this.app.accounts(),this.render()}catch(a){this.list.replaceChildren(x(a,()=>this.load()))}}}showSync(t){let a=t.status==="completed"?"Sync complete":t.status==="failed"?"Sync stopped":t.status==="queued"?"Sync queued":"Syncing",s=this.app.client.timezone,i=t.retrying,r=i?this.accounts.find(l=>l.id===i.accountId):void 0;this.progress.replaceChildren(e("div",{class:`sync ${t.status}`,id:"sync-status","data-status":t.status},e("p",{},e("strong",{},`${a}: ${t.progress}%`)),e("progress",{max:100,value:t.progress,"aria-label":"Sync progress"}),i?e("p",{class:"notice",id:"sync-retrying"},`${Ae(r)}; we\u2019ll try again at ${Me(i.nextAttemptAt,s)}.`):"",t.status==="failed"?e("p",{class:"notice error"},"The sync stopped before every account was done. Try again in a few minutes."):"",e("ul",{class:"sync-accounts"},...t.accounts.map(l=>{let d=this.accounts.find(m=>m.id===l.accountId);return e("li",{"data-sync-account":l.accountId},`${d?ee(d):"An account"}: ${na(l,d,s)}`)}))))}};function Ae(n){return n?n.type==="WALLET"?`We couldn\u2019t reach the ${re(n.provider)} network`:`We couldn\u2019t reach ${re(n.provider)}`:"We couldn\u2019t reach an account\u2019s source"}function na(n,t,a){if(n.status==="syncing"&&n.nextAttemptAt)return`${Ae(t).replace("We","we")}; we\u2019ll try again at ${Me(n.nextAttemptAt,a)}.`;switch(n.status){case"queued":return"waiting to start.";case"syncing":return`importing (${n.progress}%).`;case"synced":return"done.";case"failed":return`${Ae(t).replace("We","we")}, so its new transactions are not imported; sync again later.`;default:return`${n.status}.`}}function bn(n,t){let{app:a}=n;t.append(e("h1",{class:"welcome"},"Your crypto taxes"),a.s.email?e("p",{class:"muted",id:"signed-in-as"},`Signed in as ${a.s.email}`):"");let s=e("div",{class:"cards-row",id:"summary-cards","aria-live":"polite"},M("your figures")),i=e("figure",{id:"gains-chart",class:"chart"}),r=O("gains","Gains and income by year",i),l=O("wallets","Accounts and wallets");t.append(s,r.el,l.el);let d=new Pe(a,l.body);d.load();let m=async()=>{try{let c=await a.years(),f=c.length?c[0]:new Date().getUTCFullYear(),[o,u,y]=await Promise.all([a.q(le,{year:String(f)}).then(h=>h.getIncomeAndCapGains),a.q($e).then(h=>h.getPortfolioV2),a.q(Z,{limit:1}).then(h=>h.getClientReviewQueue)]),T=y.totalCount;n.reviewCount(T);let $=(h,I,S,L,D)=>e("a",{class:"card",href:I,"data-figure":h},e("span",{class:"card-title"},S),e("span",{class:"card-value"},L),e("span",{class:"card-sub"},D)),p=(h,I)=>{let S=h.filter(D=>D.valueCents!==null&&D.valueCents!==void 0);if(h.length===0)return $("portfolio","#/portfolio","Portfolio value",b(0),"You hold nothing yet");if(S.length===0)return $("portfolio","#/portfolio","Portfolio value","No prices","Prices are not available right now");let L=S.reduce((D,Vn)=>D+(Vn.unrealizedGainCents||0),0);return $("portfolio","#/portfolio","Portfolio value",b(I),`Unrealized ${E(L)}${S.length<h.length?` \xB7 ${h.length-S.length} without a price`:""}`)};if(v(s),c.length===0){let h=(await a.accounts()).reduce((I,S)=>I+S.transactionCount,0);s.append(h>0?e("div",{class:"empty wide",id:"overview-empty","data-imported":h},e("p",{},`${h===1?"1 transaction is":`${h.toLocaleString("en-US")} transactions are`} imported; your taxes have not been calculated yet.`),B("Calculate my taxes",()=>n.recalc.start(),"",{id:"overview-calculate"})):e("div",{class:"empty wide",id:"overview-empty"},e("p",{},"No tax figures yet. Add your wallets and exchanges below and sync them; your taxes are calculated from their transactions.")))}else s.append($("capital-gains",`#/tax?year=${f}`,`${z(a.client,f)} capital gains`,E(o.capGainsCents),a.client.jurisdictionRules.hasHoldingTerms?`${te(a.client,"SHORT_TERM")} ${E(o.shortTermCapGainsCents)} \xB7 ${te(a.client,"LONG_TERM")} ${E(o.longTermCapGainsCents)}`:a.client.jurisdictionRules.words.netGain),$("income",`#/tax?year=${f}`,`${z(a.client,f)} income`,b(o.incomeCents),"Staking, rewards and other income"));s.append(p(u.positions,u.totalValueCents),$("review","#/review","To review",T===0?"All clear":String(T),T===0?"Nothing needs your attention":`${T===1?"transaction needs":"transactions need"} a look`));let R=[...c].slice(0,6).reverse(),C=await Promise.all(R.map(h=>a.q(le,{year:String(h)}).then(I=>({year:h,capitalGainsCents:I.getIncomeAndCapGains.capGainsCents,incomeCents:I.getIncomeAndCapGains.incomeCents})))),P=hn(i,C);i.replaceChildren(P,P.tagName==="svg"?e("figcaption",{},`Capital gains and income by tax year (${a.client.currency})`):"")}catch(c){s.replaceChildren(x(c,m))}};m();let g=a.onChange(m);return()=>{g(),d.stop()}}function ie(n){return`${F(n.amountExact)} ${n.asset?.symbol||"?"}`}var aa={sell:"Sold",gift_sent:"Gave away",donation:"Donated",lost:"Lost",payment:"Paid with",fee:"Paid a fee of"},sa={buy:"Bought",staking_reward:"Earned",mining:"Mined",airdrop:"Received an airdrop of",interest:"Earned interest of",reward:"Earned",income:"Was paid",gift_received:"Was given"};function ne(n){let t=n.transfers.filter(l=>!l.isFee),a=t.filter(l=>l.direction==="OUTGOING"),s=t.filter(l=>l.direction==="INCOMING"),i=t.filter(l=>l.direction==="INTERNAL");if(t.length===0)return n.transfers.length?`Fee of ${ie(n.transfers[0])}`:"No transfers";if(a.length&&s.length)return`${a.map(ie).join(" + ")} \u2192 ${s.map(ie).join(" + ")}`;if(i.length&&!a.length&&!s.length)return`Moved ${i.map(ie).join(" + ")}`;let r=n.label||"";return a.length?`${aa[r]||"Sent"} ${a.map(ie).join(" + ")}`:`${sa[r]||"Received"} ${s.map(ie).join(" + ")}`}function we(n){let t=[],a=(s,i)=>t.push(e("span",{class:`badge ${s}`},i));return n.isMissingBasis&&a("critical","Missing cost basis"),n.hasNegativeBalance&&a("warning","Negative balance"),n.isInternalTransfer&&a("info","Internal transfer"),n.isHidden&&a("muted","Hidden"),n.isSpam&&a("muted","Spam"),n.isDirty&&a("info","Changed; recalculate"),t}function Ge(n){return!!n.isMissingBasis&&!n.fiatValueCents}function Cn(n){if(Ge(n)&&!Number(n.capGainsSumSigned??0)&&!n.incomeSum)return e("span",{class:"badge critical"},"No price");if(n.capGainsSumSigned!==null&&n.capGainsSumSigned!==void 0){let t=Number(n.capGainsSumSigned);return e("span",{class:t<0?"loss":"gain"},`${t<0?"Loss":"Gain"} ${E(t)}`)}return n.incomeSum?e("span",{class:"income"},`Income ${b(n.incomeSum)}`):""}var ra=()=>window.matchMedia("(max-width: 40rem)").matches?25:50,ia=[["","Everything"],["missing-basis","Missing cost basis"],["uncovered-disposals","Sold more than held"],["negative-balance","Negative balance"],["unlabeled","Unlabeled"],["possible-internal-transfer","Possible move between your accounts"]];function $n(n,t,a){let{app:s}=n,i=Math.max(0,Number(a.get("page"))||0),r={q:a.get("q")||"",year:a.get("year")||"",asset:a.get("asset")||"",account:a.get("account")||"",label:a.get("label")||"",review:a.get("review")||"",hidden:a.get("hidden")==="1"},l=C=>{let P=new URLSearchParams,h={q:r.q,year:r.year,asset:r.asset,account:r.account,label:r.label,review:r.review,hidden:r.hidden?"1":"",page:"",...C};for(let[I,S]of Object.entries(h))S&&P.set(I,S);location.hash=`#/transactions${P.toString()?`?${P}`:""}`},d=!!(r.q||r.year||r.asset||r.account||r.label||r.review||r.hidden),m=e("input",{type:"search",name:"q",value:r.q,placeholder:"Hash, note, address or asset",autocomplete:"off"}),g=U("year",[["","All years"]],r.year),c=U("asset",[["","All assets"]],r.asset),f=U("account",[["","All accounts"]],r.account),o=U("label",[["","All labels"],["unlabeled","Unlabeled"]],r.label),u=U("review",ia,r.review),y=e("input",{type:"checkbox",name:"hidden",id:"f-hidden",checked:r.hidden}),T=e("form",{class:"filters",id:"tx-filters",role:"search","aria-label":"Filter transactions",onsubmit:C=>{C.preventDefault(),l({q:m.value.trim()})}},e("div",{class:"search-row"},N("f-q","Search",m,"grow"),e("button",{type:"submit",id:"f-search"},"Search")),e("div",{class:"filter-row"},N("f-year","Tax year",g),N("f-asset","Asset",c),N("f-account","Account",f),N("f-label","Label",o),N("f-review","Needs review",u),e("div",{class:"field check"},y,e("label",{for:"f-hidden"},"Include hidden"))),d?B("Clear filters",()=>{location.hash="#/transactions"},"link",{id:"f-clear"}):""),$=(C,P)=>C.addEventListener("change",()=>l({[P]:C instanceof HTMLInputElement&&C.type==="checkbox"?C.checked?"1":"":C.value}));$(g,"year"),$(c,"asset"),$(f,"account"),$(o,"label"),$(u,"review"),$(y,"hidden");let p=e("div",{id:"tx-list","aria-live":"polite"},M("transactions"));t.append(e("h1",{},"Transactions"),T,p),Promise.all([s.years(),s.assets(),s.accounts(),s.labels()]).then(([C,P,h,I])=>{g.append(...C.map(S=>e("option",{value:S},z(s.client,S)))),c.append(...P.map(S=>e("option",{value:S.id},S.name&&S.name!==S.symbol?`${S.symbol} \xB7 ${S.name}`:S.symbol))),f.append(...h.map(S=>e("option",{value:S.id},ee(S)))),o.append(...I.map(S=>e("option",{value:S.value},S.name))),g.value=r.year,c.value=r.asset,f.value=r.account,o.value=r.label}).catch(()=>{});let R=async()=>{let C={page:i,limit:ra(),includeHidden:r.hidden||void 0};r.q&&(C.search=r.q),r.year&&([C.startDate,C.endDate]=pn(s.client,Number(r.year))),r.asset&&(C.assetIds=[r.asset]),r.account&&(C.accountIds=[r.account]),r.label==="unlabeled"?C.labelFilterMode="unlabeled":r.label&&(C.labels=[r.label]),r.review&&(C.insightPatternId=r.review);try{let[P]=await Promise.all([s.q(ge,C),s.accounts().then(I=>{s.accountCache=I}),s.labels().then(I=>{s.labelCache=I})]),h=P.getClientTransactions;if(v(p),h.transactions.length===0){p.append(i>0?_("No more transactions on this page.","tx-empty",e("a",{href:"#",onclick:I=>{I.preventDefault(),l({page:""})}},"Back to the first page")):d?_("No transaction matches these filters.","tx-empty",B("Clear filters",()=>{location.hash="#/transactions"},"secondary")):_("No transactions yet. Add your wallets and exchanges on the Overview page and sync them.","tx-empty"));return}p.append(e("table",{class:"table cards tx-table"},e("caption",{class:"sr-only"},`Transactions, page ${i+1}`),e("thead",{},e("tr",{},...["Date","Type","What happened","Value","Gain or income",""].map(I=>e("th",{scope:"col"},I)))),e("tbody",{},...h.transactions.map(I=>e("tr",{"data-tx":I.id,class:I.isHidden?"hidden-tx":"",onclick:S=>{S.target.closest("a, button")||(location.hash=`#/transactions/${I.id}`)}},e("td",{"data-label":"Date"},e("a",{href:`#/transactions/${I.id}`,class:"tx-link"},q(I.createdAt))),e("td",{"data-label":"Type"},s.labelName(I.label)),e("td",{"data-label":"What happened"},ne(I),e("div",{class:"muted small"},s.accountName(I.accountId))),e("td",{"data-label":"Value",class:"num"},Ge(I)?e("span",{class:"badge critical"},"No price"):b(I.fiatValueCents)),e("td",{"data-label":"Gain or income",class:"num"},Cn(I)),e("td",{"data-label":"State",class:"flags"},...we(I))))))),p.append(e("nav",{class:"pager","aria-label":"Pages"},i>0?B("Previous page",()=>l({page:i>1?String(i-1):""}),"secondary",{id:"tx-prev"}):"",e("span",{class:"muted"},`Page ${i+1}`),h.hasNextPage?B("Next page",()=>l({page:String(i+1)}),"secondary",{id:"tx-next"}):""))}catch(P){p.replaceChildren(x(P,R))}};return R(),s.onChange(R)}function oa(n,t){let a=Math.round((new Date(t).getTime()-new Date(n).getTime())/6e4);if(a<1)return"at once";if(a<120)return`${a} minute${a===1?"":"s"} later`;let s=Math.round(a/60);return s<48?`${s} hours later`:`${Math.round(s/24)} days later`}function De(n,t,a){let s=t.asset?.symbol||"",i=e("div",{role:"status"}),r=Number(t.feeAmountExact),l=e("button",{type:"button",class:"small","data-pair":`${t.fromTransactionId}:${t.toTransactionId}`,onclick:async()=>{try{await H(l,"Pairing\u2026",()=>n.q(Zt,{from:t.fromTransactionId,to:t.toTransactionId})),await a()}catch(d){i.replaceChildren(x(d))}}},"Pair as a move between my accounts");return e("div",{class:"pair-card","data-pair-card":`${t.fromTransactionId}:${t.toTransactionId}`},e("p",{},e("a",{href:`#/transactions/${t.fromTransactionId}`},`Sent ${F(t.sentAmountExact)} ${s}`),` from ${n.accountName(t.fromAccountId)} on ${q(t.sentAt)}, and `,e("a",{href:`#/transactions/${t.toTransactionId}`},`received ${F(t.receivedAmountExact)} ${s}`),` in ${n.accountName(t.toAccountId)} ${oa(t.sentAt,t.receivedAt)}`,r>0?` (${F(t.feeAmountExact)} ${s} went to fees).`:"."),e("p",{class:"muted small"},`Unpaired, the first counts as a sale on ${G(t.sentAt)} and the second as a new purchase. If both accounts are yours, pair them: the coins keep their cost basis and nothing is taxed.`),l,i)}function xn(n,t,a){let{app:s}=n,i=e("div",{id:"tx-detail"},M("the transaction"));t.append(e("p",{class:"back"},e("a",{href:"#/transactions"},"\u2190 All transactions")),i);let r=!0,l=async c=>{try{let[f]=await Promise.all([s.q(ye,{id:a}),s.accounts().then(o=>{s.accountCache=o}),s.labels().then(o=>{s.labelCache=o})]);if(!r)return;m(f.getTransaction,c)}catch(f){v(i),i.append(e("h1",{},"Transaction"),x(f,()=>l()))}},d=async c=>{s.ledgerChanged("edit"),n.recalc.refresh(),await l(c),se(c)},m=(c,f)=>{v(i);let o=`${s.labelName(c.label)} \xB7 ${q(c.createdAt)}`,u=e("div",{id:"tx-message",role:"status","aria-live":"polite"},f?e("p",{class:"notice ok"},f,n.recalc.state!=="recalculating"?" Your figures are updated in a moment.":""):"");i.append(e("h1",{id:"tx-title"},o),e("p",{class:"lead"},ne(c)),e("p",{class:"muted"},`${s.accountName(c.accountId)} \xB7 ${G(c.createdAt)}`,c.txnHash?[" \xB7 ",c.explorerUrl&&/^https:\/\//.test(c.explorerUrl)?e("a",{href:c.explorerUrl,target:"_blank",rel:"noopener noreferrer"},`View on explorer (${X(c.txnHash)})`):e("span",{class:"mono",title:c.txnHash},X(c.txnHash))]:""),e("div",{class:"flags"},...we(c)),ca(c),u,da(c),ua(s,c,d));let y=O("why","Why these figures",M("the lots behind this transaction"));i.append(y.el),Pn(s,c,y.body),i.append(ga(n,c,d));let T=O("history","History of changes",M("the history"));i.append(T.el),An(s,c,T.body,d)};l();let g=s.onChange(()=>{n.recalc.state==="settled"&&l()});return()=>{r=!1,g()}}var la={HIGH:"high confidence",MEDIUM:"medium confidence",LOW:"low confidence"};function ca(n){let t=n.classification;if(!t)return"";let a=t.confidence==="LOW"&&!n.isReviewed&&!n.isEdited;return e("div",{class:"classification",id:"tx-classification","data-rule":t.rule,"data-confidence":t.confidence},e("p",{},"Read by the rule ",e("strong",{},t.rule),` (${la[t.confidence]||t.confidence}): ${t.explanation}.`,a?[" ",e("span",{class:"badge warning"},"Needs review")]:""),e("p",{class:"muted small"},n.isEdited?"You changed this transaction: your edit stays, whatever the rules say later.":"Change the label below if this reading is wrong: your edit always wins over the rules."))}function da(n){let t=n.capGainsSumSigned!==null&&n.capGainsSumSigned!==void 0?Number(n.capGainsSumSigned):null,a=[["value","Value",b(n.fiatValueCents)],["fees","Fees",b(n.feeFiatValueCents)]];return t!==null&&a.push(["gain",t<0?"Capital loss":"Capital gain",E(t)]),n.incomeSum&&a.push(["income","Income",b(n.incomeSum)]),e("dl",{class:"figures",id:"tx-figures"},...a.map(([s,i,r])=>e("div",{class:"figure","data-figure":s},e("dt",{},i),e("dd",{},r))))}function Tn(n,t,a){return t?n.accountName(t):a?X(a):"Outside your accounts"}function ua(n,t,a){let s=O("transfers","Transfers"),i=t.transfers.map(r=>{let l=r.capGainsSumSigned!==null&&r.capGainsSumSigned!==void 0?Number(r.capGainsSumSigned):null,d=e("div",{class:"transfer-edit",id:`edit-${r.id}`}),m=e("tr",{class:"edit-row",hidden:!0},e("td",{colspan:6},d)),g=B("Edit value",()=>{m.hidden=!m.hidden,g.setAttribute("aria-expanded",String(!m.hidden)),m.hidden||d.querySelector("input")?.focus()},"link small",{"aria-expanded":"false","aria-controls":`edit-${r.id}`,"data-edit-transfer":r.id});return pa(n,t,r,d,a),[e("tr",{"data-transfer":r.id,class:r.isHidden?"hidden-tx":""},e("td",{"data-label":"Transfer"},e("strong",{},`${r.direction==="OUTGOING"?"\u2212":r.direction==="INCOMING"?"+":""}${F(r.amountExact)} ${r.asset?.symbol||""}`),r.isFee?e("span",{class:"badge muted"},"Fee"):"",r.isHidden?e("span",{class:"badge muted"},"Hidden"):""),e("td",{"data-label":"From \u2192 to"},`${Tn(n,r.fromAccountId,r.fromAddress)} \u2192 ${Tn(n,r.toAccountId,r.toAddress)}`),e("td",{"data-label":"Market value",class:"num"},r.fiatValueCents===null||r.fiatValueCents===void 0?e("span",{class:"badge critical"},"No price"):b(r.fiatValueCents),r.isFiatValueOverridden?e("div",{class:"muted small"},"set by you"):""),e("td",{"data-label":"Cost basis",class:"num"},b(r.basisFiatValueCents)),e("td",{"data-label":"Gain or income",class:"num"},l!==null?`${E(l)}${r.saleTerm?` (${te(n.client,r.saleTerm,!0)})`:""}`:r.incomeSum?`Income ${b(r.incomeSum)}`:"\u2014",r.uncoveredAmountExact?e("div",{class:"muted small"},`${F(r.uncoveredAmountExact)} ${r.asset?.symbol||""} not covered by your lots`):""),e("td",{"data-label":"Change"},g)),m]});return s.body.append(e("table",{class:"table cards"},e("caption",{class:"sr-only"},"Transfers of this transaction"),e("thead",{},e("tr",{},...["Transfer","From \u2192 to","Market value","Cost basis","Gain or income",""].map(r=>e("th",{scope:"col"},r)))),e("tbody",{},...i.flat()))),s.el}function pa(n,t,a,s,i){let r=a.asset?.symbol||"units",l=e("input",{type:"number",min:"0",step:"0.01",inputmode:"decimal",value:a.fiatValueCents!=null?(a.fiatValueCents/100).toFixed(2):""}),d=e("input",{type:"number",min:"0",step:"any",inputmode:"decimal"}),m=e("input",{type:"number",min:"0",step:"0.01",inputmode:"decimal",value:a.basisFiatValueCents!=null?(a.basisFiatValueCents/100).toFixed(2):""}),g=e("div",{role:"status"}),c=a.direction==="INCOMING",f=l.value,o=m.value;d.addEventListener("input",()=>{let T=Number(d.value);d.value&&isFinite(T)&&(l.value=(T*Number(a.amountExact)).toFixed(2))});let u=e("button",{type:"submit"},"Save value"),y=e("form",{class:"inline-form","data-value-form":a.id,onsubmit:async T=>{T.preventDefault();let $=l.value===""||l.value===f?void 0:Number(l.value),p=c&&m.value!==""&&m.value!==o?Number(m.value):void 0;if($===void 0&&p===void 0){g.replaceChildren(e("p",{class:"notice error"},l.value===""?"Enter a value.":"Change the value or the cost basis."));return}try{await H(u,"Saving\u2026",()=>n.q(Oe,{tx:t.id,transfer:a.id,value:$,basis:p})),await i(`Saved the value of ${F(a.amountExact)} ${r}.`)}catch(R){g.replaceChildren(x(R))}}},N(`per-unit-${a.id}`,`Price per ${r} (${n.client.currency})`,d),N(`value-${a.id}`,`${c?"Market value":a.isFee?"Fee value":"Proceeds"} (${n.client.currency})`,l),c?N(`basis-${a.id}`,`Cost basis (${n.client.currency})`,m):"",u,a.isFiatValueOverridden?B("Back to the imported value",async T=>{try{await H(T.currentTarget,"Resetting\u2026",()=>n.q(Oe,{tx:t.id,transfer:a.id,reset:!0})),await i("The imported value is back.")}catch($){g.replaceChildren(x($))}},"secondary"):"");s.append(y,g)}async function Pn(n,t,a){let s=t.transfers.filter(d=>d.capGainsSumSigned!==null&&d.capGainsSumSigned!==void 0),i=t.transfers.filter(d=>d.incomeSum),r=t.transfers.filter(d=>d.direction==="INCOMING"&&!d.incomeSum&&!t.isInternalTransfer),l=[...new Set([...s,...r].map(d=>d.asset?.pricingKey).filter(d=>!!d))];try{let d=await Promise.all(l.map(g=>n.q(he,{key:g,id:t.id}).then(c=>({key:g,...c.getTaxLots}))));v(a);let m=[];t.isHidden&&m.push(e("p",{},"This transaction is hidden: it does not count in your taxes.")),t.isInternalTransfer&&m.push(e("p",{},"A move between your own accounts: the coins keep their cost basis and purchase date, and nothing is taxed."));for(let g of s){let c=d.flatMap(p=>p.disposals).filter(p=>p.transferId===g.id),f=d.find(p=>p.key===g.asset?.pricingKey)?.costBasisAlgorithm||n.client.costBasisAlgorithm,o=g.asset?.symbol||"",u=Number(g.capGainsSumSigned),y=g.basisFiatValueCents??c.reduce((p,R)=>p+R.costBasisCents,0),T=y+u,$=(g.fiatValueCents??T)-T;m.push(e("div",{class:"why","data-why-transfer":g.id},e("h3",{},`${g.isFee?"Fee paid with":"Disposal of"} ${F(g.amountExact)} ${o}`),e("p",{class:"equation"},`Proceeds ${b(T)} \u2212 cost basis ${b(y)} = `,e("strong",{},`${u<0?"loss":"gain"} ${E(u)}`)),$>0?e("p",{class:"muted small"},`The proceeds are the market value of ${b(g.fiatValueCents)} less ${b($)} of fees.`):"",e("p",{class:"muted small"},n.client.jurisdictionRules.matchingText||`Lots are taken ${ma(f)}. Each piece below is the part of this disposal one lot covered.`),e("ul",{class:"pieces"},...c.map(p=>e("li",{"data-piece":p.lotTransactionId||"uncovered","data-match":p.match||""},p.isUncovered?[e("strong",{},`${F(p.amountExact)} ${o} not covered by any ${n.client.jurisdictionRules.words.holding}`),": counted with a zero cost basis. Add the account or transaction it came from, or pair the move that brought it."]:p.match&&p.match!=="LOT"?ha(p,o):[`${F(p.amountExact)} ${o} from the lot acquired `,p.lotTransactionId?e("a",{href:`#/transactions/${p.lotTransactionId}`},q(p.lotAcquiredAt)):q(p.lotAcquiredAt),`: proceeds ${b(p.proceedsCents)} \u2212 basis ${b(p.costBasisCents)} = ${E(p.gainCents)}, ${te(n.client,p.term,!0)}${p.box?`, Form 8949 box ${p.box}`:""}`,p.isMissingBasis?e("span",{class:"badge critical"},"Basis unknown"):""]))),c.length===0?e("p",{class:"muted"},"The lots behind this disposal appear once your taxes are recalculated."):""))}for(let g of i)m.push(e("div",{class:"why"},e("h3",{},`Income: ${F(g.amountExact)} ${g.asset?.symbol||""}`),e("p",{},`Counted as income of ${b(g.incomeSum)}, its market value when received. That value is also the cost basis of the coins, for when you sell them.`)));for(let g of r){let c=d.filter(o=>o.key===g.asset?.pricingKey).flatMap(o=>o.lots),f=g.asset?.symbol||"";m.push(e("div",{class:"why"},e("h3",{},`Acquisition of ${F(g.amountExact)} ${f}`),g.basisFiatValueCents===null||g.basisFiatValueCents===void 0?e("p",{},"No price is known for this receipt, so its coins have an unknown cost basis: a later sale of them counts in full as a gain. Set its value above."):e("p",{},`Cost basis ${b(g.basisFiatValueCents)}: what was paid or given for it, fees included.`),c.length?e("p",{class:"muted"},`Still held from it: ${c.map(o=>`${F(o.amountExact)} of ${F(o.originalAmountExact)} ${f} (basis ${b(o.costBasisCents)}, ${te(n.client,o.term,!0)} if sold now)`).join("; ")}.`):e("p",{class:"muted"},"Nothing of it is held any more: it was sold, spent or moved on.")))}m.length===0&&m.push(e("p",{class:"muted"},"This transaction has no tax effect: nothing was sold, spent or earned.")),a.append(...m)}catch(d){a.replaceChildren(x(d,()=>Pn(n,t,a)))}}function ma(n){return{FIFO:"first in, first out (FIFO)",LIFO:"last in, first out (LIFO)",HIFO:"highest cost first (HIFO)",LOFO:"lowest cost first (LOFO)",AVERAGE_COST:"at their average cost"}[n]||n}function ga(n,t,a){let{app:s}=n,i=O("fix","Change this transaction"),r=e("div",{role:"status","aria-live":"polite"}),l=U("label",[["","Loading labels\u2026"]]);l.disabled=!0;let d=e("button",{type:"submit",id:"save-label"},"Save label"),m=e("p",{class:"muted small",id:"label-help"});s.q(Ie,{id:t.id}).then(u=>{let y=u.getTransactionTypeOptions,T=new Set(y.recommended.map(p=>p.value));l.replaceChildren(e("option",{value:""},"No label"),...y.options.map(p=>e("option",{value:p.value},T.has(p.value)?`${p.name} (suggested)`:p.name))),l.value=t.label||"",l.disabled=!1;let $=()=>{m.textContent=y.options.find(p=>p.value===l.value)?.description||"Without a label, what leaves is taxed as a sale and what arrives as a purchase."};l.addEventListener("change",$),$()}).catch(u=>r.replaceChildren(x(u)));let g=e("form",{class:"inline-form",id:"label-form",onsubmit:async u=>{u.preventDefault();let y=l.value;try{await H(d,"Saving\u2026",()=>s.q(be,y?{ids:[t.id],label:y}:{ids:[t.id],wipe:!0})),await a(y?`Labeled as ${s.labelName(y)}.`:"Label removed.")}catch(T){r.replaceChildren(x(T))}}},N("tx-label","Label",l,"grow"),d),c=e("div",{class:"actions",id:"tx-actions"}),f=(u,y,T,$,p,R="secondary")=>B(u,async C=>{try{await H(C.currentTarget,T,$),await a(p)}catch(P){r.replaceChildren(x(P))}},R,{id:y});c.append(t.isHidden?f("Unhide","unhide-tx","Unhiding\u2026",()=>s.q(ce,{id:t.id,hidden:!1}),"The transaction counts again."):f("Hide","hide-tx","Hiding\u2026",()=>s.q(ce,{id:t.id,hidden:!0}),"Hidden: the transaction no longer counts in your taxes."),f(t.isReviewed?"Mark as not reviewed":"Mark as reviewed","review-tx","Saving\u2026",()=>s.q(Ce,{id:t.id,reviewed:!t.isReviewed}),t.isReviewed?"Marked as not reviewed.":"Marked as reviewed.")),t.isMissingBasis&&c.append(f("Accept a zero cost basis","accept-basis","Saving\u2026",()=>s.q(de,{ids:[t.id],override:!0}),"Accepted: this transaction is no longer flagged for its missing cost basis."));let o=e("div",{id:"tx-pair"});if(t.isInternalTransfer&&t.linkedTransactionId){let u=t.transfers.some($=>$.direction==="OUTGOING"||$.fromAccountId&&!$.isFee),[y,T]=u?[t.id,t.linkedTransactionId]:[t.linkedTransactionId,t.id];o.append(e("p",{},`Paired ${t.linkType==="BRIDGE"?"as a bridge":t.linkType==="CROSS_CHAIN_SWAP"?"as a cross-chain swap":"as a move between your own accounts"} with `,e("a",{href:`#/transactions/${t.linkedTransactionId}`},"the other side"),"."),f("Unpair","unpair-tx","Unpairing\u2026",()=>s.q(en,{from:y,to:T}),"Unpaired: both sides count on their own again."))}else s.q(fe,{id:t.id,limit:1}).then(u=>{let y=u.getTransferPairSuggestions[0];y&&o.append(De(s,y,async()=>{await a("Paired as a move between your own accounts.")}))}).catch(u=>o.append(x(u)));return i.body.append(g,m,o,c,r),i.el}var ya={label:"Label",isHidden:"Hidden",isReviewed:"Reviewed",notes:"Notes",fiatValue:"Value",basisFiatValue:"Cost basis",internalTransferTo:"Paired as internal transfer",bridgeTo:"Paired as bridge",crossChainSwapTo:"Paired as cross-chain swap",isMissingBasisOverride:"Missing cost basis accepted",createdAt:"Date",amount:"Quantity",quantity:"Quantity",assetId:"Asset"};function Sn(n,t){return t==null||t===""?n==="label"?"no label":"nothing":typeof t=="boolean"?t?"yes":"no":n==="label"&&typeof t=="string"?t.replace(/_/g," "):(n==="fiatValue"||n==="basisFiatValue")&&(typeof t=="string"||typeof t=="number")?b(Math.round(Number(t)*100)):typeof t=="string"?t.length>40?`${t.slice(0,37)}\u2026`:t:JSON.stringify(t).slice(0,40)}async function An(n,t,a,s){try{let i=await n.q(Jt,{ids:[t.id]}),r=i.getClientAuditLogs.auditLogs;if(v(a),r.length===0){a.append(e("p",{class:"muted",id:"history-empty"},"No changes since it was imported."));return}let l=e("div",{role:"status"});a.append(e("ul",{class:"history",id:"history-list"},...r.map(d=>{let m=d.field?`${ya[d.field]||d.field}: ${Sn(d.field,d.oldValue)} \u2192 ${Sn(d.field,d.newValue)}`:d.action.replace(/^\w+\./,"").replace(/_/g," "),g=d.actorType==="USER"?"you":d.actorType==="API_KEY"?"an app":d.actorType==="STAFF"?"support":`${n.brand.name} or an import`;return e("li",{"data-audit":d.id,class:d.undoneAt?"undone":""},e("span",{},e("strong",{},m),e("span",{class:"muted small"},` \xB7 ${G(d.createdAt)} \xB7 by ${g}`),d.undoneAt?e("span",{class:"badge muted"},"Undone"):""),d.canUndo?B("Undo",async c=>{try{await H(c.currentTarget,"Undoing\u2026",()=>n.q(tn,{ids:[d.id]})),await s(`Undone: ${m}.`)}catch(f){l.replaceChildren(x(f))}},"secondary small",{"data-undo":d.id}):"")})),l,i.getClientAuditLogs.total>r.length?e("p",{class:"muted small"},`The latest ${r.length} of ${i.getClientAuditLogs.total} changes.`):"")}catch(i){a.replaceChildren(x(i,()=>An(n,t,a,s)))}}function ha(n,t){let a=n.lotTransactionId?e("a",{href:`#/transactions/${n.lotTransactionId}`},q(n.lotAcquiredAt)):q(n.lotAcquiredAt),s=n.match==="SAME_DAY"?[`${F(n.amountExact)} ${t} matched with the same day\u2019s acquisitions`]:n.match==="THIRTY_DAY"?[`${F(n.amountExact)} ${t} matched with the acquisition of `,a," (within 30 days)"]:n.match==="POOL"?[`${F(n.amountExact)} ${t} from the section 104 pool, at its average cost`]:[`${F(n.amountExact)} ${t} at the adjusted cost base`],i=n.deniedLossExact?Math.round(Number(n.deniedLossExact)*100):0;return[...s,`: proceeds ${b(n.proceedsCents)} \u2212 cost ${b(n.costBasisCents)} = ${E(n.gainCents)}`,i?e("span",{class:"badge warning","data-denied":i},`Superficial loss denied: ${b(i)}`):""]}var Ia={CRITICAL:"Makes figures wrong",WARNING:"Likely wrong",INFO:"Worth a look"},ve=5,fa={MISSING_BASIS:"These sales use coins whose purchase price is unknown, so their whole value counts as a gain. Give the receipt a price, or accept a zero cost basis if you really paid nothing.",UNCOVERED_DISPOSALS:"These transactions send or sell more than your accounts held at the time. Usually an account or a purchase is missing: add it, or pair the move that brought the coins.",NEGATIVE_BALANCE:"An account sent more of an asset than it held. Add the missing account or transaction, or hide a duplicate.",UNLABELED_TRANSACTIONS:"Without a label, what leaves an account counts as a sale and what arrives as a purchase. Label income, gifts and fees as such.",POSSIBLE_INTERNAL_TRANSFER:"A withdrawal followed by a deposit of nearly the same amount into another of your accounts. Unpaired, the first counts as a sale and the second as a purchase.",POSSIBLE_SPAM:"A token whose name advertises a website or a claim, as airdropped spam does. Never visit the site; mark the token as spam to leave it out of your figures.",NEEDS_REVIEW_CLASSIFICATION:"No rule recognised these on-chain transactions with confidence, so what arrived counts as a purchase and what left as a sale. Open each one to see what was read, then label it, or confirm that the reading is right."},ba={MISSING_BASIS:"no cost basis",UNCOVERED_DISPOSALS:"sends more than the account held",NEGATIVE_BALANCE:"a balance below zero",UNLABELED_TRANSACTIONS:"no label",POSSIBLE_INTERNAL_TRANSFER:"looks like a move between your accounts",POSSIBLE_SPAM:"looks like spam",NEEDS_REVIEW_CLASSIFICATION:"read with low confidence"},Ca=new Set(["MISSING_BASIS","UNCOVERED_DISPOSALS","NEGATIVE_BALANCE"]);function Dn(n,t,a){let{app:s}=n,i=e("div",{class:"recalc-box",id:"review-recalc"}),r=e("div",{id:"review-queue","aria-live":"polite"},M("what needs review"));t.append(e("h1",{},"Needs review"),e("p",{class:"lead"},"What can make your tax figures wrong, most serious first. Fix each item here; the counts fall as you go."),i,r);let l=new Set,d=()=>{let o=n.recalc.state;o==="settled"&&l.clear(),i.dataset.state=o,i.replaceChildren(e("p",{},o==="settled"?"Your figures include every change.":o==="dirty"?n.recalc.scheduled?"Your figures are updated with your fixes in a moment.":"Some fixes are not in your figures yet: prices, pairs and labels change your taxes once they are recalculated.":o==="unreachable"?"We can\u2019t reach the server right now; fixes wait until it answers again.":"Updating your figures with your fixes\u2026"),o==="dirty"?B(n.recalc.scheduled?"Update now":"Recalculate now",()=>n.recalc.start(),"",{id:"review-recalculate"}):"")};d();let m=n.recalc.onState(d),g=async o=>{se(o),s.ledgerChanged("edit"),await n.recalc.refresh()},c=async()=>{try{let o=(await s.q(Z,{limit:1})).getClientReviewQueue;if(n.reviewCount(o.totalCount),v(r),o.totalCount===0){r.append(_("Nothing to review: your transactions are labeled, priced and paired.","review-empty"));return}r.append(e("p",{id:"review-total","data-count":o.totalCount},o.totalCount===1?"1 transaction to review.":`${o.totalCount} transactions to review, each listed once under its most pressing problem.`));for(let u of o.groups)r.append($a(n,u,l,g))}catch(o){r.replaceChildren(x(o,c))}};c();let f=s.onChange(c);return()=>{f(),m()}}function $a(n,t,a,s){let i=e("div",{class:"items"},M("the items")),r=`ins-${t.patternId.replace(/[^a-z0-9-]/gi,"-")}`,l=e("section",{class:`insight ${t.severity.toLowerCase()}`,"data-insight":t.patternId,"aria-labelledby":r},e("div",{class:"insight-head"},e("span",{class:`badge ${t.severity.toLowerCase()}`},Ia[t.severity]||t.severity),e("h2",{id:r},t.title),e("span",{class:"insight-count","data-insight-count":t.count},String(t.count))),e("p",{},fa[t.type]||""),Ca.has(t.type)?e("p",{class:"muted small"},"This list changes when your taxes are recalculated after a fix."):"",i,t.type!=="POSSIBLE_SPAM"&&t.count>ve?e("p",{},e("a",{href:`#/transactions?review=${encodeURIComponent(t.patternId)}`},"See every transaction with this problem in Transactions")):"");return Ta(n,t,i,a,s).catch(d=>i.replaceChildren(x(d))),l}async function Ta(n,t,a,s,i){let{app:r}=n;if(t.type==="POSSIBLE_INTERNAL_TRANSFER"){let o=await r.q(fe,{limit:ve});v(a);for(let u of o.getTransferPairSuggestions){let y=De(r,u,async()=>{y.replaceChildren(e("p",{class:"notice ok"},"Paired as a move between your accounts.")),await i("Paired as a move between your accounts.")});a.append(y)}return}let l=t.assetId;if(t.type==="POSSIBLE_SPAM"&&l){v(a);let o=e("div",{role:"status"}),u=B("Mark as spam",async()=>{try{await H(u,"Marking\u2026",()=>r.q(nn,{assetId:l,spam:!0})),a.replaceChildren(e("p",{class:"notice ok"},"Marked as spam: its transactions are left out of your figures.")),await i("Marked as spam.")}catch(y){o.replaceChildren(x(y))}},"small",{"data-spam":l});a.append(u,o);return}let d=(await r.q(Z,{patternId:t.patternId,limit:ve})).getClientReviewQueue.items,m=new Map(d.map(o=>[o.transactionId,o])),g=d.length?await r.q(ge,{onlyTransactionIds:d.map(o=>o.transactionId),limit:ve}):null;await r.accounts().then(o=>{r.accountCache=o}),v(a);let c=e("ul",{class:"review-items"});a.append(c);let f=g?g.getClientTransactions.transactions:[];for(let o of d.map(u=>f.find(y=>y.id===u.transactionId)).filter(u=>!!u)){let u=e("li",{"data-review-item":o.id}),y=p=>async()=>{s.add(o.id),u.replaceChildren(e("p",{class:"notice ok"},p)),await i(p)};if(s.has(o.id)){u.append(e("p",{class:"notice ok"},`${q(o.createdAt)} \xB7 ${ne(o)}: fixed.`)),c.append(u);continue}u.append(e("p",{},e("a",{href:`#/transactions/${o.id}`},`${q(o.createdAt)} \xB7 ${r.labelName(o.label)}`),` \xB7 ${ne(o)} \xB7 ${r.accountName(o.accountId)}`));let T=(m.get(o.id)?.problems||[]).slice(1).map(p=>ba[p]).filter(Boolean);T.length&&u.append(e("p",{class:"muted small","data-also":o.id},`Also: ${T.join("; ")}.`));let $=e("div",{class:"fix"});switch(u.append($),c.append(u),t.type){case"UNLABELED_TRANSACTIONS":wn(r,o,$,y);break;case"NEEDS_REVIEW_CLASSIFICATION":wn(r,o,$,y),Sa(r,o,$,y);break;case"MISSING_BASIS":xa(r,o,$,y);break;case"UNCOVERED_DISPOSALS":Pa(r,o,$,y);break;case"NEGATIVE_BALANCE":Aa(r,o,$,y);break;default:break}}}function Ee(n,t,a,s,i){n.addEventListener("click",async()=>{try{await H(n,t,s),await i()}catch(r){a.replaceChildren(x(r))}})}function wn(n,t,a,s){let i=U("label",[["","Choose a label"]]),r=e("button",{type:"submit",class:"small"},"Save label"),l=e("div",{role:"status"});n.q(Ie,{id:t.id}).then(m=>{let g=new Set(m.getTransactionTypeOptions.recommended.map(c=>c.value));i.append(...m.getTransactionTypeOptions.options.map(c=>e("option",{value:c.value},g.has(c.value)?`${c.name} (suggested)`:c.name)))}).catch(m=>l.replaceChildren(x(m)));let d=`label-${t.id}`;a.append(e("form",{class:"inline-form","data-label-form":t.id,onsubmit:async m=>{if(m.preventDefault(),!i.value){l.replaceChildren(e("p",{class:"notice error"},"Choose a label first."));return}try{await H(r,"Saving\u2026",()=>n.q(be,{ids:[t.id],label:i.value})),await s(`Labeled as ${n.labelName(i.value)}.`)()}catch(g){l.replaceChildren(x(g))}}},N(d,"Label",i),r),l)}function Sa(n,t,a,s){let i=e("button",{type:"button",class:"small secondary","data-confirm":t.id},"The reading is right"),r=e("div",{role:"status"});Ee(i,"Saving\u2026",r,()=>n.q(Ce,{id:t.id,reviewed:!0}),s("Marked as reviewed.")),a.append(i,r)}async function xa(n,t,a,s){let i=e("div",{role:"status"});try{let l=(await n.q(ye,{id:t.id})).getTransaction,d=l.transfers.filter(c=>c.capGainsSumSigned!==null&&c.capGainsSumSigned!==void 0&&c.asset),m=[...new Set(d.map(c=>c.asset.pricingKey))],g=[];for(let c of l.transfers)c.direction==="INCOMING"&&!c.isFee&&!c.isHidden&&(c.fiatValueCents===null||c.fiatValueCents===void 0)&&c.asset&&!g.some(f=>f.tx===l.id)&&g.push({tx:l.id,at:l.createdAt,symbol:c.asset.symbol,assetId:c.assetId,amount:c.amountExact});for(let c of m){let f=await n.q(he,{key:c,id:t.id});for(let o of f.getTaxLots.disposals){let u=d.find(y=>y.id===o.transferId);o.isMissingBasis&&!o.isUncovered&&o.lotTransactionId&&u&&!g.some(y=>y.tx===o.lotTransactionId)&&g.push({tx:o.lotTransactionId,at:o.lotAcquiredAt||"",symbol:u.asset.symbol,assetId:u.assetId,amount:o.amountExact})}}for(let c of g){let f=e("input",{type:"number",min:"0",step:"any",inputmode:"decimal",required:!0}),o=e("button",{type:"submit",class:"small"},"Save price");a.append(e("form",{class:"inline-form","data-price-form":c.tx,onsubmit:async u=>{u.preventDefault();let y=Number(f.value);if(!f.value||!isFinite(y)||y<0){i.replaceChildren(e("p",{class:"notice error"},"Enter the price per unit, for example 1.85."));return}try{await H(o,"Saving\u2026",()=>n.q(Xt,{ids:[c.tx],assetId:c.assetId,price:y})),await s(`Saved the price of the ${c.symbol} received on ${q(c.at)}.`)()}catch(T){i.replaceChildren(x(T))}}},c.tx===l.id?e("p",{class:"small"},`The ${F(c.amount)} ${c.symbol} received have no price.`):e("p",{class:"small"},`The ${F(c.amount)} ${c.symbol} it sold came from `,e("a",{href:`#/transactions/${c.tx}`},`a receipt on ${q(c.at)}`)," without a price."),N(`price-${c.tx}`,`Price per ${c.symbol} when received (${n.client.currency})`,f),o))}}catch(l){i.replaceChildren(x(l))}let r=B("Accept a zero cost basis",()=>{},"secondary small");Ee(r,"Saving\u2026",i,()=>n.q(de,{ids:[t.id],override:!0}),s("Accepted a zero cost basis.")),a.append(r,i)}function Pa(n,t,a,s){let i=e("div",{role:"status"}),r=B("Accept a zero cost basis",()=>{},"secondary small");Ee(r,"Saving\u2026",i,()=>n.q(de,{ids:[t.id],override:!0}),s("Accepted a zero cost basis.")),a.append(e("a",{href:`#/transactions/${t.id}`,class:"button-link small"},"Open and pair or edit"),r,i)}function Aa(n,t,a,s){let i=e("div",{role:"status"}),r=B("Hide (a duplicate)",()=>{},"secondary small");Ee(r,"Hiding\u2026",i,()=>n.q(ce,{id:t.id,hidden:!0}),s("Hidden: it no longer counts.")),a.append(e("a",{href:`#/transactions/${t.id}`,class:"button-link small"},"Open"),r,i)}var vn=[["ONE_MONTH","1 month"],["THREE_MONTHS","3 months"],["YEAR_TO_DATE","This year"],["ONE_YEAR","1 year"],["ALL_TIME","All time"]];function En(n,t){let{app:a}=n,s=e("div",{class:"cards-row",id:"portfolio-totals","aria-live":"polite"},M("your holdings")),i=e("figure",{class:"chart",id:"value-chart"}),r="ALL_TIME",l=e("div",{class:"segmented",role:"radiogroup","aria-label":"Chart range"},...vn.map(([o,u])=>{let y=`range-${o.toLowerCase()}`,T=e("input",{type:"radio",name:"range",id:y,value:o,checked:o===r,onchange:()=>{r=o,g()}});return e("span",{},T,e("label",{for:y},u))})),d=O("holdings","Holdings",M("your holdings")),m=O("harvest","Tax-loss harvesting",M("losses you could harvest"));t.append(e("h1",{},"Portfolio"),s,O("value","Value over time",l,i).el,d.el,m.el);let g=async()=>{i.replaceChildren(M("the chart"));try{let u=(await a.q(an,{interval:r})).getChart,y=In(i,u.points,`Portfolio value and cost basis, ${vn.find(([T])=>T===r)?.[1].toLowerCase()}`);i.replaceChildren(y,y.tagName==="svg"?e("figcaption",{},`Change over the range: ${E(u.changeCents)}${u.changePercent===null||u.changePercent===void 0?"":` (${ke(u.changePercent)})`}. Coins without a price on a day add nothing to that day.`):"")}catch(o){i.replaceChildren(x(o,g))}},c=async()=>{try{let o=(await a.q($e)).getPortfolioV2,u=(p,R,C,P="")=>e("div",{class:"card","data-figure":p},e("span",{class:"card-title"},R),e("span",{class:"card-value"},C),P?e("span",{class:"card-sub"},P):""),y=o.positions.filter(p=>p.valueCents!==null&&p.valueCents!==void 0),T=o.positions.length-y.length,$=y.reduce((p,R)=>p+(R.unrealizedGainCents||0),0);s.replaceChildren(u("value","Value",y.length||!T?b(o.totalValueCents):"No prices",T?`${T} holding${T===1?"":"s"} without a price today, left out`:"At today\u2019s prices"),u("basis","Cost basis",b(o.totalCostBasisCents),o.isStale?"Recalculate to include recent changes":"What you paid for what you hold"),u("unrealized","Unrealized gain",y.length||!T?E($):"No prices",T?"Of the holdings with a price":"If you sold everything today")),v(d.body),o.positions.length===0?d.body.append(_("You hold nothing yet: add and sync your wallets and exchanges on the Overview page.","holdings-empty")):(d.body.append(e("table",{class:"table cards",id:"holdings-table"},e("caption",{class:"sr-only"},"Your holdings"),e("thead",{},e("tr",{},...["Asset","Quantity","Price","Value","Cost basis","Unrealized","Share"].map(p=>e("th",{scope:"col"},p)))),e("tbody",{},...o.positions.map(p=>{let R=p.amountExact.startsWith("-");return e("tr",{"data-asset":p.assetId},e("td",{"data-label":"Asset"},e("strong",{},p.asset?.symbol||"?"),p.asset?.name&&p.asset.name!==p.asset.symbol?e("div",{class:"muted small"},p.asset.name):"",R?e("span",{class:"badge warning"},"Negative balance"):""),e("td",{"data-label":"Quantity",class:"num"},F(p.amountExact)),e("td",{"data-label":"Price",class:"num"},p.price===null||p.price===void 0?e("span",{class:"badge muted"},"No price"):b(Math.round(p.price*100))),e("td",{"data-label":"Value",class:"num"},b(p.valueCents)),e("td",{"data-label":"Cost basis",class:"num"},b(p.costBasisCents)),e("td",{"data-label":"Unrealized",class:"num"},p.unrealizedGainCents===null||p.unrealizedGainCents===void 0?"\u2014":e("span",{class:p.unrealizedGainCents<0?"loss":"gain"},`${E(p.unrealizedGainCents)} (${ke(p.unrealizedGainPercent)})`)),e("td",{"data-label":"Share",class:"num"},p.portfolioPercent===null||p.portfolioPercent===void 0?"\u2014":`${p.portfolioPercent.toFixed(1)}%`))})))),o.total>o.positions.length&&d.body.append(e("p",{class:"muted small"},`The ${o.positions.length} largest of ${o.total} holdings.`)))}catch(o){s.replaceChildren(x(o,c)),v(d.body)}f()},f=async()=>{try{let o=new Date().toISOString().slice(0,10),u=(await a.q(sn,{date:o})).getHarvestableLosses;v(m.body),m.body.append(e("p",{},"Selling holdings worth less than you paid realizes a loss that offsets your gains. These lots are below their cost basis at today\u2019s prices.")),u.assets.length===0?m.body.append(_("None of your holdings is worth less than its cost basis today.","harvest-empty")):m.body.append(e("p",{id:"harvest-total"},e("strong",{},`Up to ${b(-u.totalUnrealizedLossCents)} of losses`),` (short-term ${b(-u.shortTermUnrealizedLossCents)}, long-term ${b(-u.longTermUnrealizedLossCents)}).`),e("table",{class:"table cards",id:"harvest-table"},e("caption",{class:"sr-only"},"Holdings you could sell at a loss"),e("thead",{},e("tr",{},...["Asset","Held at a loss","Value","Cost basis","Loss",""].map(y=>e("th",{scope:"col"},y)))),e("tbody",{},...u.assets.map(y=>e("tr",{"data-harvest":y.assetId},e("td",{"data-label":"Asset"},e("strong",{},y.asset?.symbol||"?")),e("td",{"data-label":"Held at a loss",class:"num"},F(y.amountExact)),e("td",{"data-label":"Value",class:"num"},b(y.marketValueCents)),e("td",{"data-label":"Cost basis",class:"num"},b(y.costBasisCents)),e("td",{"data-label":"Loss",class:"num"},e("span",{class:"loss"},E(y.unrealizedGainCents)),e("div",{class:"muted small"},`short-term ${E(y.shortTermUnrealizedGainCents)} \xB7 long-term ${E(y.longTermUnrealizedGainCents)}`)),e("td",{"data-label":"Note"},y.hasRecentAcquisition?e("span",{class:"badge info"},"Bought in the last 30 days"):"")))))),u.unpricedAssetIds.length&&m.body.append(e("p",{class:"muted small"},`${u.unpricedAssetIds.length} holding${u.unpricedAssetIds.length===1?" has":"s have"} no price today and ${u.unpricedAssetIds.length===1?"is":"are"} left out.`)),m.body.append(e("p",{class:"muted small"},"This is information, not advice: check with a tax professional before you sell."))}catch(o){m.body.replaceChildren(x(o,f))}};return c(),g(),a.onChange(()=>{c(),g()})}var wa={A:"Short-term, on Form 1099-B with basis reported",B:"Short-term, on Form 1099-B without basis",C:"Short-term, not on Form 1099-B",D:"Long-term, on Form 1099-B with basis reported",E:"Long-term, on Form 1099-B without basis",F:"Long-term, not on Form 1099-B",G:"Short-term digital assets, on Form 1099-DA with basis reported",H:"Short-term digital assets, on Form 1099-DA without basis",I:"Short-term digital assets, not on Form 1099-DA",J:"Long-term digital assets, on Form 1099-DA with basis reported",K:"Long-term digital assets, on Form 1099-DA without basis",L:"Long-term digital assets, not on Form 1099-DA"},Da={TAX_FORMS:"Tax forms (ZIP of PDFs)",FORM_8949_PDF:"Form 8949 (PDF)",FORM_8949_CSV:"Form 8949 (CSV)",SCHEDULE_D_PDF:"Schedule D (PDF)",SCHEDULE_1_PDF:"Schedule 1, income (PDF)",CAPITAL_GAINS_CSV:"Capital gains (CSV)",INCOME_CSV:"Income (CSV)",TRANSACTION_HISTORY_CSV:"Transaction history (CSV)",TURBOTAX_CSV:"TurboTax import (CSV)",TAXACT_CSV:"TaxAct import (CSV)",END_OF_YEAR_HOLDINGS_CSV:"Holdings at year end (CSV)",UK_CAPITAL_GAINS_SUMMARY_PDF:"UK capital gains summary, SA108 figures (PDF)",UK_CAPITAL_GAINS_SUMMARY_CSV:"UK capital gains summary (CSV)",DE_ANLAGE_SO_PDF:"Anlage SO, private disposals and other income (PDF)",DE_ANLAGE_SO_CSV:"Anlage SO rows (CSV)",AU_CGT_SCHEDULE_PDF:"CGT schedule summary (PDF)",AU_CGT_SCHEDULE_CSV:"CGT schedule events (CSV)",CA_SCHEDULE_3_PDF:"Schedule 3 summary (PDF)",CA_SCHEDULE_3_CSV:"Schedule 3 summary (CSV)"},va={QUEUED:"Waiting",GENERATING:"Being made",READY:"Ready",FAILED:"Failed"};function Ln(n,t,a){let{app:s}=n,i=U("year",[]),r=e("div",{id:"tax-figures","aria-live":"polite"},M("the year\u2019s figures")),l=O("income","Income by kind"),d=O("form-8949","Form 8949 preview"),m=e("div",{id:"reconciliation"}),g=O("reports","Reports");t.append(e("h1",{},"Taxes"),e("div",{class:"toolbar"},N("tax-year","Tax year",i)),r,l.el,d.el,m,g.el);let c=0,f=async()=>{try{let C=await s.years(),P=C.length?C[0]:new Date().getUTCFullYear(),h=Number(a.get("year"));c=h&&h>1900?h:P;let I=[...new Set([...C,c,new Date().getUTCFullYear()])].sort((S,L)=>L-S);i.replaceChildren(...I.map(S=>e("option",{value:S},z(s.client,S)))),i.value=String(c),await Promise.all([y(),T(0,""),$()])}catch(C){r.replaceChildren(x(C,f))}};i.addEventListener("change",()=>{location.hash=`#/tax?year=${i.value}`});let o=s.client.jurisdictionRules,u=()=>z(s.client,c),y=async()=>{try{let C=(await s.q(le,{year:String(c)})).getIncomeAndCapGains,P=Ea(C,o);C.futuresCents&&P.push(["futures","Futures",C.futuresCents,E]),v(r),r.append(C.isStale?e("p",{class:"notice",id:"preview-stale"},"Your ledger changed since these figures were calculated. Recalculate to bring them up to date."):"",C.transactionCount===0?_(`No transactions in ${u()}.`,"year-empty"):"",C.jurisdiction&&o.text?e("p",{class:"muted small",id:"tax-rules","data-jurisdiction":o.jurisdiction},o.text):"",e("dl",{class:"figures","data-year":C.year,"data-year-label":C.taxYearLabel||C.year},...P.map(([h,I,S,L])=>e("div",{class:"figure","data-figure":h,"data-cents":S},e("dt",{},I),e("dd",{},L(S))))),e("p",{class:"muted small"},`${C.disposalCount} transaction${C.disposalCount===1?"":"s"} with a sale or other disposal, ${C.transactionCount} in all`,oe(C.computedAt)?`; calculated ${G(C.computedAt)}.`:"; not calculated yet.")),v(l.body),C.incomeByLabel.length===0?l.body.append(_(`No income in ${u()}.`,"income-empty")):l.body.append(e("table",{class:"table",id:"income-table"},e("caption",{class:"sr-only"},`Income in ${u()} by kind`),e("thead",{},e("tr",{},...["Kind","Transactions","Income"].map(h=>e("th",{scope:"col"},h)))),e("tbody",{},...C.incomeByLabel.map(h=>e("tr",{"data-income":h.label},e("td",{},e("a",{href:`#/transactions?year=${c}&label=${encodeURIComponent(h.label)}`},h.name)),e("td",{class:"num"},String(h.transactionCount)),e("td",{class:"num"},b(h.incomeCents))))),e("tfoot",{},e("tr",{},e("th",{scope:"row"},"Total"),e("td",{}),e("td",{class:"num"},b(C.incomeCents)))))),p.setYear(c)}catch(C){r.replaceChildren(x(C,y))}},T=async(C,P,h=!1)=>{if(!o.hasForm8949){d.el.hidden=!0;return}try{let I=(await s.q(rn,{year:c,box:P||void 0,page:C})).getForm8949PreviewForYear;if(v(d.body),I.boxes.length===0){d.body.append(_(`No sales or other disposals in ${c}: nothing goes on Form 8949.`,"f8949-empty"));return}let S=U("box",[["","All boxes"],...I.boxes.map(D=>[D.box,`Box ${D.box}`])],P);S.addEventListener("change",()=>T(0,S.value,!0));let L=e("details",{class:"rows",id:"f8949-details",open:h});d.body.append(e("p",{},"How your sales will be reported on Form 8949, box by box. Generate the form itself under Reports."),e("table",{class:"table cards",id:"f8949-boxes"},e("caption",{class:"sr-only"},`Form 8949 boxes of ${c}`),e("thead",{},e("tr",{},...["Box","Rows","Proceeds","Cost basis","Adjustments","Gain or loss"].map(D=>e("th",{scope:"col"},D)))),e("tbody",{},...I.boxes.map(D=>e("tr",{"data-box":D.box},e("td",{"data-label":"Box"},e("strong",{},`Box ${D.box}`),e("div",{class:"muted small"},wa[D.box]||"")),e("td",{"data-label":"Rows",class:"num"},String(D.rowCount)),e("td",{"data-label":"Proceeds",class:"num"},b(D.proceedsCents)),e("td",{"data-label":"Cost basis",class:"num"},b(D.costBasisCents)),e("td",{"data-label":"Adjustments",class:"num"},b(D.adjustmentCents)),e("td",{"data-label":"Gain or loss",class:"num"},E(D.gainOrLossCents)))))),L),L.append(e("summary",{},`The ${I.total} row${I.total===1?"":"s"}${P?` of box ${P}`:""}, as on the form`),e("div",{class:"toolbar"},N("f8949-box","Show the rows of",S)),e("table",{class:"table cards",id:"f8949-rows"},e("caption",{class:"sr-only"},"Form 8949 rows"),e("thead",{},e("tr",{},...["Box","(a) Description","(b) Acquired","(c) Sold","(d) Proceeds","(e) Cost basis","(h) Gain or loss"].map(D=>e("th",{scope:"col"},D)))),e("tbody",{},...I.rows.map(D=>e("tr",{},e("td",{"data-label":"Box"},D.box),e("td",{"data-label":"Description"},D.transactionId?e("a",{href:`#/transactions/${D.transactionId}`},D.description):D.description),e("td",{"data-label":"Acquired"},D.dateAcquired?q(D.dateAcquired):"Various"),e("td",{"data-label":"Sold"},q(D.dateSold)),e("td",{"data-label":"Proceeds",class:"num"},b(D.proceedsCents)),e("td",{"data-label":"Cost basis",class:"num"},b(D.costBasisCents)),e("td",{"data-label":"Gain or loss",class:"num"},E(D.gainOrLossCents)))))),e("nav",{class:"pager","aria-label":"Form 8949 pages"},I.page>0?B("Previous rows",()=>T(I.page-1,P,!0),"secondary"):"",e("span",{class:"muted"},`Rows ${I.page*I.limit+1}\u2013${I.page*I.limit+I.rows.length} of ${I.total}`),(I.page+1)*I.limit<I.total?B("Next rows",()=>T(I.page+1,P,!0),"secondary"):""))}catch(I){d.body.replaceChildren(x(I,()=>T(C,P)))}},$=async()=>{if(v(m),!!o.hasForm1099DA)try{let C=(await s.q(on,{year:c})).getTaxFormStatuses.taxForms;if(C.length===0)return;let P=O("reconciliation-panel","Form 1099-DA reconciliation");m.append(P.el),P.body.append(e("p",{},"Your broker reported these sales to the IRS on Form 1099-DA. Here they are compared with your own figures: differences need a look before you file."));for(let h of C){let I=(await s.q(ln,{formId:h.id})).getTaxFormReconciliation,S=I.rows.filter(L=>L.status!=="MATCHED").slice(0,20);P.body.append(e("div",{class:"recon","data-form":h.id},e("h3",{},`${h.brokerName}: ${h.rowCount} row${h.rowCount===1?"":"s"}`),e("dl",{class:"figures"},...[["Broker proceeds",b(I.brokerProceedsCents)],["Your proceeds",b(I.computedProceedsCents)],["Difference",E(I.proceedsDifferenceCents)],["Matched",String(I.matchedCount)],["Different",String(I.mismatchedCount)],["Missing in your ledger",String(I.missingInLedgerCount)],["Not on the form",String(I.missingOnFormCount)]].map(([L,D])=>e("div",{class:"figure"},e("dt",{},L),e("dd",{},D)))),S.length===0?e("p",{class:"notice ok"},"Every row matches your figures."):e("table",{class:"table cards"},e("caption",{class:"sr-only"},"Rows that differ"),e("thead",{},e("tr",{},...["Sold","Asset","Broker","Yours","Difference",""].map(L=>e("th",{scope:"col"},L)))),e("tbody",{},...S.map(L=>e("tr",{},e("td",{"data-label":"Sold"},q(L.dateSold)),e("td",{"data-label":"Asset"},`${L.amountExact} ${L.assetSymbol}`),e("td",{"data-label":"Broker",class:"num"},b(L.brokerProceedsCents)),e("td",{"data-label":"Yours",class:"num"},b(L.computedProceedsCents)),e("td",{"data-label":"Difference",class:"num"},E(L.proceedsDifferenceCents)),e("td",{"data-label":"Status"},L.status==="MISSING_IN_LEDGER"?"Not in your ledger":L.status==="MISSING_ON_FORM"?"Not on the form":L.transactionId?e("a",{href:`#/transactions/${L.transactionId}`},"Different: open"):"Different")))))))}}catch(C){m.replaceChildren(x(C,$))}},p=new Ye(s,g.body,s.client);p.load(),f();let R=s.onChange(()=>{s.years().then(()=>{y(),T(0,"")})});return()=>{p.stop(),R()}}var Ye=class{constructor(t,a,s){this.app=t;this.client=s;this.list=e("div",{id:"report-list","aria-live":"polite"},M("your reports"));this.msg=e("div",{id:"report-message",role:"status"});this.yearSel=U("year",[]);this.polling=!1;this.alive=!0;let i=e("input",{name:"email",type:"email",autocomplete:"email",value:t.s.email||""}),r=e("button",{type:"submit",id:"request-report-button"},"Request report");this.form=e("form",{id:"request-report",class:"inline-form",onsubmit:l=>{l.preventDefault(),this.request(r)}},N("report-year","Tax year",this.yearSel),N("report-type","Report",U("type",s.jurisdictionRules.reportTypes.map(l=>[l,Qe(l)])),"grow"),N("report-email","E-mail me a link (optional)",i,"grow"),r),a.append(e("p",{},"Reports are made from your calculated figures. They are ready in a few seconds; you can also get a link by e-mail."),this.form,this.msg,this.list)}stop(){this.alive=!1}async setYear(t){let a=await this.app.years(),s=[...new Set([...a,t])].sort((i,r)=>r-i);this.yearSel.replaceChildren(...s.map(i=>e("option",{value:i},z(this.client,i)))),this.yearSel.value=String(t)}async load(){try{let t=(await this.app.q(_e)).getReports;this.render(t),t.some(Rn)&&this.poll()}catch(t){this.list.replaceChildren(x(t,()=>this.load()))}}render(t){if(v(this.list),t.length===0){this.list.append(_("No reports yet. Choose a year and a report above.","reports-empty"));return}this.list.append(e("table",{class:"table cards"},e("caption",{class:"sr-only"},"Your reports"),e("thead",{},e("tr",{},...["Year","Report","Status","Requested",""].map(a=>e("th",{scope:"col"},a)))),e("tbody",{},...t.map(a=>e("tr",{"data-report":a.id,"data-type":a.type,"data-status":a.status},e("td",{"data-label":"Year"},a.year?z(this.client,Number(a.year)):"\u2014"),e("td",{"data-label":"Report"},Qe(a.type),a.isStale?e("div",{class:"muted small"},"Your figures changed since; request it again for current ones."):""),e("td",{"data-label":"Status"},e("span",{class:`badge ${a.status.toLowerCase()}`},va[a.status]||a.status),a.error?e("div",{class:"muted small"},a.error):""),e("td",{"data-label":"Requested"},G(a.createdAt)),e("td",{"data-label":"File"},a.status==="READY"?B("Download",s=>this.download(a,s.currentTarget),"secondary small download",{"aria-label":`Download ${a.year||""} ${Qe(a.type)}`}):""))))))}async request(t){let a=new FormData(this.form),s=String(a.get("email")||"").trim();try{let r=(await H(t,"Requesting\u2026",()=>this.app.q(cn,{year:String(a.get("year")),type:String(a.get("type")),email:s||void 0}))).getReportExportV2;this.msg.replaceChildren(e("p",{class:"notice ok"},r.isCached?"You have this report already, up to date: it is in the list below.":`Report requested. It appears below when it is ready${s?`, and we e-mail a link to ${s}`:""}.`)),await this.load()}catch(i){this.msg.replaceChildren(x(i))}}async poll(){if(!this.polling){this.polling=!0;try{for(;this.alive;){await j(1e3);let t=(await this.app.q(_e)).getReports;if(!this.alive||(this.render(t),!t.some(Rn)))return}}catch(t){this.list.replaceChildren(x(t,()=>this.load()))}finally{this.polling=!1}}}async download(t,a){try{let s=await H(a,"Preparing\u2026",()=>this.app.q(dn,{id:t.id})),i=e("a",{href:s.getReportDownloadUrl.url,download:s.getReportDownloadUrl.fileName,hidden:!0});document.body.append(i),i.click(),i.remove(),this.msg.replaceChildren(e("p",{class:"notice ok",id:"download-started"},`Downloading ${s.getReportDownloadUrl.fileName}.`))}catch(s){this.msg.replaceChildren(x(s))}}},Rn=n=>n.status==="QUEUED"||n.status==="GENERATING";function Qe(n){return Da[n]||n.replace(/_/g," ").toLowerCase()}function Ea(n,t){let a=t.words,s=[["proceeds",a.proceeds,n.proceedsCents,b],["cost-basis",a.cost,n.costBasisCents,b]];return t.hasHoldingTerms&&s.push(["short-term",`${a.shortTerm||"Short-term"} gains`,n.shortTermCapGainsCents,E],["long-term",`${a.longTerm||"Long-term"} gains`,n.longTermCapGainsCents,E]),(!t.hasHoldingTerms||n.gainsCents!==null&&n.gainsCents!==void 0)&&s.push(["gains",a.gains,n.gainsCents??0,b],["losses",a.losses,-(n.lossesCents??0),b]),a.deniedLosses&&s.push(["denied-losses",a.deniedLosses,n.deniedLossesCents??0,b]),s.push(["capital-gains",a.netGain,n.capGainsCents,E]),n.lossesBroughtForwardCents!=null&&s.push(["losses-brought-forward","Net capital losses brought forward",n.lossesBroughtForwardCents,b]),n.discountCents!=null&&s.push(["discount","CGT discount applied",n.discountCents,b]),n.gainThresholdCents!=null&&s.push(["threshold",`${a.threshold||"Threshold"} (taxed in full from this amount)`,n.gainThresholdCents,b]),a.taxableGain&&s.push(["taxable-gains",a.taxableGain,n.taxableCapitalGainsCents??0,E]),n.lossesCarriedForwardCents!=null&&s.push(["losses-carried-forward","Net capital losses carried forward",n.lossesCarriedForwardCents,b]),s.push(["income","Income",n.incomeCents,b]),a.taxableIncome&&n.taxableIncomeCents!=null&&s.push(["taxable-income",a.taxableIncome,n.taxableIncomeCents,b]),s}var Je="taxd.portal.session",ze=(()=>{try{return JSON.parse(document.getElementById("taxd-page")?.textContent||"{}")}catch{return{}}})(),W=document.getElementById("main"),Ke=document.getElementById("top"),Re=!1;function Ra(n){try{let t=n.split(".")[1].replace(/-/g,"+").replace(/_/g,"/");return JSON.parse(atob(t))}catch{return{}}}function La(n){sessionStorage.setItem(Je,JSON.stringify(n))}function Fa(){try{let n=JSON.parse(sessionStorage.getItem(Je)||"null");return n&&n.code&&n.token?n:null}catch{return null}}function We(n){let t=n?.partnerId?`?partner=${encodeURIComponent(n.partnerId)}`:"",a=()=>history.replaceState(null,"",location.pathname+t+location.hash);document.readyState==="complete"?a():window.addEventListener("load",a,{once:!0})}function Nn(n){if(document.body.dataset.partner=n.name,document.title=`${n.name} \xB7 Crypto tax portal`,n.primaryColor&&/^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(n.primaryColor)){let[a,s]=Ba(n.primaryColor),i=document.documentElement.style;i.setProperty("--brand",a),i.setProperty("--on-brand",s)}v(Ke),Ke.append(e("div",{class:"brand"},n.logoUrl&&/^https:\/\//.test(n.logoUrl)?e("img",{src:n.logoUrl,alt:`${n.name} logo`,class:"logo"}):"",e("span",{class:"partner-name"},n.name),e("span",{class:"product"},"Crypto tax portal")));let t=document.getElementById("foot");t||(t=e("footer",{id:"foot",class:"foot"}),document.body.append(t)),t.replaceChildren(e("p",{},`The tax portal of ${n.name}.`,n.supportEmail?[" Questions? Write to ",e("a",{href:`mailto:${n.supportEmail}`},n.supportEmail),"."]:""))}function Ba(n){let t=n.slice(1);t.length===3&&(t=t.split("").map(r=>r+r).join(""));let a=[0,2,4].map(r=>parseInt(t.slice(r,r+2),16)),s=r=>r.map(l=>{let d=l/255;return d<=.03928?d/12.92:Math.pow((d+.055)/1.055,2.4)}).reduce((l,d,m)=>l+d*[.2126,.7152,.0722][m],0),i=s(a);if((i+.05)/.05>=4.5&&(i+.05)/.05>1.05/(i+.05))return[n,"#000000"];for(let r=0;r<40&&1.05/(s(a)+.05)<4.5;r++)a=a.map(l=>Math.floor(l*.94));return[`#${a.map(r=>r.toString(16).padStart(2,"0")).join("")}`,"#ffffff"]}function Le(n,t,...a){v(W),document.getElementById("app-nav")?.remove(),W.append(e("section",{class:"panel state",id:n,"aria-labelledby":`${n}-h`},e("h1",{id:`${n}-h`},t),...a))}function je(){if(Re)return;Re=!0,sessionStorage.removeItem(Je);let n=document.body.dataset.partner||"your provider",t=e("p",{hidden:!0,role:"status"},`Return to ${n} and open the tax portal from there: it signs you in with a new link.`),a=e("button",{type:"button",id:"sign-in-again",onclick:()=>{window.parent!==window&&window.parent.postMessage({type:"taxd:portal:session-expired"},"*"),t.hidden=!1}},"Sign in again");Le("state-expired","Your session has expired",e("p",{},`For your security the tax portal signs you out after a while. Sign in again from ${n}.`),a,t),W.focus()}function Na(){Le("state-signed-out","Sign in to your tax portal",e("p",{},"Open the tax portal from your provider\u2019s website or app: it signs you in automatically."))}var Ma=[["","Overview"],["transactions","Transactions"],["review","Review"],["portfolio","Portfolio"],["tax","Taxes"]];async function Mn(n){v(W),W.append(M("your tax portal"));let t,a;try{[t,a]=await Promise.all([K(n,"GET","/user"),me(n,Ht).then(r=>r.getMyActiveClient)])}catch(r){if(Re)return;if(r instanceof V&&r.status===404)return Le("state-not-found","We could not find your account",e("p",{},"This sign-in link does not belong to an account here. Open the tax portal again from your provider."));v(W),W.append(e("section",{class:"panel state",id:"state-error"},e("h1",{},"The tax portal could not open"),e("p",{},J(r)),e("button",{type:"button",onclick:()=>Mn(n)},"Try again")));return}Nn(t.partner),st(a.currency),n.email=n.email||t.email||void 0;let s=new Te(n,a,t.partner);s.labels().then(r=>{s.labelCache=r}).catch(()=>{}),s.accounts().then(r=>{s.accountCache=r}).catch(()=>{}),s.onChange(()=>{s.accounts().then(r=>{s.accountCache=r}).catch(()=>{})});let i=new Se(s);qa(s,i),i.refresh(),window.parent!==window&&window.parent.postMessage({type:"taxd:portal:ready"},"*")}var ae,Fn=!0;function qa(n,t){let a=Ma.map(([m,g])=>e("li",{},e("a",{href:`#/${m}`,"data-route":m,id:`nav-${m||"overview"}`},g,m==="review"?e("span",{class:"count",id:"review-count",hidden:!0}):""))),s=e("nav",{class:"tabs",id:"app-nav","aria-label":"Tax portal"},e("ul",{},...a));document.getElementById("app-nav")?.remove(),Ke.after(s);let i=e("div",{class:"bar"},t.el),r=e("div",{id:"view"});v(W),W.append(i,r);let l={app:n,recalc:t,reviewCount:m=>qn(m)},d=()=>{if(Re)return;typeof ae=="function"&&ae();let[m,g]=location.hash.replace(/^#\/?/,"").split("?"),c=m.split("/").filter(Boolean).map(decodeURIComponent),f=new URLSearchParams(g||""),o=c[0]||"";for(let u of s.querySelectorAll("a"))u.dataset.route===o?u.setAttribute("aria-current","page"):u.removeAttribute("aria-current");switch(v(r),window.scrollTo(0,0),o){case"transactions":ae=c[1]?xn(l,r,c[1]):$n(l,r,f);break;case"review":ae=Dn(l,r,f);break;case"portfolio":ae=En(l,r);break;case"tax":ae=Ln(l,r,f);break;default:ae=bn(l,r)}if(!Fn){let u=r.querySelector("h1");u&&(u.setAttribute("tabindex","-1"),u.focus())}Fn=!1};window.addEventListener("hashchange",d),d(),Bn(n),n.onChange(()=>Bn(n))}async function Bn(n){try{let t=await n.q(Z,{limit:1});qn(t.getClientReviewQueue.totalCount)}catch{}}function qn(n){let t=document.getElementById("review-count");t&&(t.hidden=n===0,t.textContent=String(n),t.setAttribute("aria-label",`${n} to review`))}async function Va(){ze.brand&&Nn(ze.brand);let n=new URLSearchParams(location.search);if(n.get("report")&&n.get("signature"))return gn(W,n,ze.download);et(je);let t=null;if(n.get("token")&&n.get("code"))t={code:n.get("code"),token:n.get("token"),email:n.get("email")||void 0,clientId:""};else if(n.get("link")){We(null);try{let s=await at(n.get("link"));t={code:s.referenceId,token:s.accessToken,partnerId:s.partnerId,clientId:""}}catch(s){return Le("state-link-invalid","This link does not work",e("p",{},J(s)))}}else t=Fa();if(!t)return We(null),Na();let a=Ra(t.token);return t.partnerId=t.partnerId||a.pid,t.clientId=a.sub||"",La(t),We(t),a.exp&&a.exp*1e3<=Date.now()?je():(a.exp&&setTimeout(je,Math.min(a.exp*1e3-Date.now(),2**31-1)),Mn(t))}Va();})();
