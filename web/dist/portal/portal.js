"use strict";(()=>{var Xe=document.querySelector('meta[name="taxd-api"]')?.content||"/api",Un=document.querySelector('meta[name="taxd-graphql"]')?.content||"/graphql",j=class extends Error{},H=class extends Error{constructor(a,s,r=""){super(s);this.status=a;this.code=r}},Ze=()=>{};function et(n){Ze=n}function Le(){throw Ze(),new j("session expired")}async function J(n,t,a,s){let r;try{r=await fetch(`${Xe}/users/${encodeURIComponent(n.code)}${a}`,{method:t,headers:{Authorization:`Bearer ${n.token}`,...s===void 0?{}:{"Content-Type":"application/json"}},body:s===void 0?void 0:JSON.stringify(s)})}catch{throw ue()}if(r.status===401&&Le(),!r.ok)throw new H(r.status,await tt(r));return(await r.json()).data}async function tt(n){try{let t=await n.json();if(t&&typeof t.message=="string")return Fe(t.message)}catch{}return Be(n.status)}function Be(n){return n===404?"We could not find this. It may have been removed.":n===429?"Too many requests in a short time. Wait a minute, then try again.":n===503?"The service is busy or under maintenance. Try again in a minute.":"Something went wrong on our side. Try again in a moment."}function ue(){return new H(0,"The portal could not reach the server. Check your internet connection and try again.","OFFLINE")}async function pe(n,t,a){let s=t.toString(),r;try{r=await fetch(Un,{method:"POST",headers:{Authorization:`Bearer ${n.token}`,"Content-Type":"application/json"},body:JSON.stringify({query:s,variables:a??{}})})}catch{throw ue()}r.status===401&&Le();let i;try{i=await r.json()}catch{throw new H(r.status,Be(r.status))}let l=i.errors?.[0];if(l){let c=l.extensions?.code||"";throw c==="UNAUTHENTICATED"&&Le(),new H(r.status,On(c,l.message),c)}return i.data}function On(n,t){switch(n){case"BAD_USER_INPUT":return Fe(t);case"NOT_FOUND":return"We could not find this. It may have been merged, deleted or changed meanwhile; reload the page.";case"CONFLICT":return`This could not be done: ${Hn(Fe(t))}`;case"TAXES_LOCKED":return"This falls in a tax period that is locked because it was filed. Ask your provider to unlock it first.";case"FORBIDDEN":return"Your sign-in does not allow this.";case"RATE_LIMITED":return"Too many requests in a short time. Wait a minute, then try again.";case"TIMEOUT":return"This took too long to answer. Try again, or narrow the filters.";default:return"Something went wrong on our side. Try again in a moment."}}function Hn(n){return n.charAt(0).toLowerCase()+n.slice(1)}function Fe(n){let t=n.replace(/^[\w.[\]]+: /,"");return/regular expression|doesn't match|format "/.test(t)?"That value is not in the expected format.":(t=t.replace(/\s+/g," ").trim(),t?t.charAt(0).toUpperCase()+t.slice(1)+(/[.!?]$/.test(t)?"":"."):"That value is not valid.")}function K(n){return n instanceof H?n.message:"Something went wrong in the portal. Reload the page and try again."}async function nt(n,t,a,s){let r;try{r=await fetch(`${Xe}/users/${encodeURIComponent(n)}/reports/${encodeURIComponent(t)}/download`,{method:"POST",headers:{"Content-Type":"application/json"},body:JSON.stringify({expires:a,signature:s})})}catch{throw ue()}if(r.status===401)return"expired";if(r.status===404)return"gone";if(!r.ok)throw new H(r.status,Be(r.status));return _n(await r.blob(),Gn(r,"report")),"ok"}function Gn(n,t){let a=n.headers.get("Content-Disposition")||"",s=/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(a);return s?decodeURIComponent(s[1]):t}function _n(n,t){let a=URL.createObjectURL(n),s=document.createElement("a");s.href=a,s.download=t,s.hidden=!0,document.body.append(s),s.click(),s.remove(),setTimeout(()=>URL.revokeObjectURL(a),6e4)}async function at(n){let t;try{t=await fetch("/portal/link-session",{method:"POST",headers:{"Content-Type":"application/json"},body:JSON.stringify({link:n})})}catch{throw ue()}if(t.status===404)throw new H(404,"This link is not valid any more. Ask your provider for a new one.");if(!t.ok)throw new H(t.status,await tt(t));return t.json()}function e(n,t={},...a){let r=Qn.has(n)?document.createElementNS("http://www.w3.org/2000/svg",n):document.createElement(n);for(let[i,l]of Object.entries(t))l==null||l===!1||(i.startsWith("on")&&typeof l=="function"?r.addEventListener(i.slice(2),l):l===!0?r.setAttribute(i,""):r.setAttribute(i,String(l)));for(let i of a.flat())i==null||i===!1||i===""||r.append(typeof i=="number"?String(i):i);return r}var Qn=new Set(["svg","g","rect","line","text","title","desc","path","polyline","circle"]);function D(n){n.replaceChildren()}function _(n){let t=me(n);return t?t.toLocaleString("en-US",{dateStyle:"medium",timeStyle:"short"}):"\u2014"}function q(n){let t=me(n);return t?t.toLocaleDateString("en-US",{dateStyle:"medium"}):"\u2014"}function me(n){if(!n)return null;let t=new Date(n);return isNaN(t.getTime())||t.getUTCFullYear()<1971?null:t}var Ne="USD";function st(n){Ne=n||"USD"}function b(n){return n==null?"\u2014":(n/100).toLocaleString("en-US",{style:"currency",currency:Ne})}function E(n){return n==null?"\u2014":n>0?`+${b(n)}`:n<0?`\u2212${b(-n)}`:b(0)}function Me(n){return(n/100).toLocaleString("en-US",{style:"currency",currency:Ne,notation:"compact",maximumFractionDigits:1})}function R(n){if(!n)return"\u2014";let t=Number(n);return isFinite(t)?t.toLocaleString("en-US",{maximumFractionDigits:Math.abs(t)>=1e3?2:8}):n}function re(n){return n==null||!isFinite(n)?"\u2014":`${n>0?"+":n<0?"\u2212":""}${Math.abs(n).toLocaleString("en-US",{maximumFractionDigits:1})}%`}function X(n){return n.length>16?`${n.slice(0,6)}\u2026${n.slice(-4)}`:n}function ae(n){let t=document.getElementById("announcer");t||(t=e("div",{id:"announcer",class:"sr-only",role:"status","aria-live":"polite"}),document.body.append(t)),t.textContent="",setTimeout(()=>{t.textContent=n},50)}function W(n){return new Promise(t=>setTimeout(t,n))}function M(n){return e("p",{class:"loading",role:"status"},e("span",{class:"spinner","aria-hidden":"true"}),`Loading ${n}\u2026`)}function U(n,t,...a){return e("div",{class:"empty",id:t},e("p",{},n),...a)}function B(n,t,a,s=""){return a.id=n,e("div",{class:`field ${s}`},e("label",{for:n},t),a)}function O(n,t,a){let s=e("select",{name:n},...t.map(([r,i])=>e("option",{value:r},i)));return a!==void 0&&(s.value=a),s}function N(n,t,a="",s={}){return e("button",{type:"button",class:a,onclick:t,...s},n)}async function G(n,t,a){let s=n.textContent;n.disabled=!0,n.textContent=t,n.setAttribute("aria-busy","true");try{return await a()}finally{n.disabled=!1,n.textContent=s,n.removeAttribute("aria-busy")}}var A=class extends String{constructor(t,a){super(t),this.value=t,this.__meta__=a}toString(){return this.value}},it=new A(`
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
    `,{fragmentName:"PortalTxRow"}),rt=new A(`
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
    query PortalInsights($clientId: ID!) {
  getClientInsights(clientId: $clientId, status: OPEN, limit: 100) {
    id
    patternId
    type
    severity
    title
    description
    transactionCount
    assetId
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
    `),Pt=new A(`
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
    `),St=new A(`
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
    `),xt=new A(`
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
    `),wt=new A(`
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
    `),Ht=new A(`
    query PortalDownloadUrl($id: ID!) {
  getReportDownloadUrl(reportId: $id) {
    url
    fileName
  }
}
    `);var zn={"\nfragment PortalTxRow on Transaction {\n  id createdAt label accountId provider isHidden isMissingBasis hasNegativeBalance isInternalTransfer isDirty isSpam\n  fiatValueCents capGainsSumSigned incomeSum\n  transfers { id direction isFee amountExact assetId asset { id symbol } fiatValueCents }\n}":it,"\nfragment PortalTxDetail on Transaction {\n  id createdAt txnHash accountId provider explorerUrl label labelSource notes isHidden isReviewed isDirty isMissingBasis\n  hasNegativeBalance isInternalTransfer isEdited isSpam isOffChain linkType linkId linkedTransactionId\n  fiatValueCents feeFiatValueCents capGainsSumSigned incomeSum\n  classification { rule confidence explanation }\n  transfers {\n    id ordering assetId asset { id symbol name pricingKey } amountExact fromAccountId toAccountId fromAddress toAddress\n    direction isFee isHidden fiatValueCents basisFiatValueCents isFiatValueOverridden capGainsSumSigned incomeSum\n    saleTerm uncoveredAmountExact\n  }\n}":rt,"\nquery PortalClient {\n  getMyActiveClient {\n    id name currency timezone fiscalYearStart costBasisAlgorithm lockTaxesUntil\n    jurisdictionRules {\n      jurisdiction name taxYearStart taxYearLabelFormat hasHoldingTerms hasForm8949 hasForm1099DA reportTypes text matchingText\n      words { proceeds cost gains losses netGain taxableGain deniedLosses holding shortTerm longTerm taxableIncome threshold }\n    }\n  }\n}":ot,"\nquery PortalTaxYears($clientId: ID!) { getTaxYears(clientId: $clientId) }":lt,"\nquery PortalYear($clientId: ID!, $year: String!) {\n  getIncomeAndCapGains(clientId: $clientId, year: $year) {\n    year startDate endDate proceedsCents costBasisCents shortTermCapGainsCents longTermCapGainsCents capGainsCents\n    futuresCents incomeCents incomeByLabel { label name incomeCents transactionCount } disposalCount transactionCount\n    isStale computedAt jurisdiction taxYearLabel gainsCents lossesCents deniedLossesCents taxableCapitalGainsCents\n    gainThresholdCents taxableIncomeCents incomeThresholdCents discountGainsCents lossesBroughtForwardCents discountCents lossesCarriedForwardCents\n  }\n}":ct,"\nquery PortalDirty($clientId: ID!) { countDirty(clientId: $clientId) }":dt,"\nquery PortalActiveJob($clientId: ID!) {\n  getActiveRecalculateJob(clientId: $clientId) { id status progress attempt }\n}":ut,"\nquery PortalLastRun { getMyActiveClient { id lastRecalculatedAt } }":pt,"\nmutation PortalRecalculate($clientId: ID!) { rerunGraph(clientId: $clientId) }":mt,"\nquery PortalInsights($clientId: ID!) {\n  getClientInsights(clientId: $clientId, status: OPEN, limit: 100) {\n    id patternId type severity title description transactionCount assetId\n  }\n}":gt,"\nquery PortalAccounts($clientId: String!) {\n  getClientAccounts(clientId: $clientId) {\n    id name type provider address status transactionCount lastSyncedAt lastSyncError\n  }\n}":yt,"\nquery PortalAssets($clientId: ID!) {\n  getClientAssets(clientId: $clientId, hideSpamAssets: true) { assets { id symbol name pricingKey } }\n}":ht,"\nquery PortalLabels($clientId: ID) {\n  getLabels(clientId: $clientId) { value name description category isIncome isDisposal isNonTaxable }\n}":It,"\nquery PortalTransactions($clientId: ID!, $page: Int, $limit: Int, $search: String, $startDate: Date, $endDate: Date,\n    $assetIds: [String!], $accountIds: [ID!], $labels: [String!], $labelFilterMode: String, $insightPatternId: ID,\n    $includeHidden: Boolean, $onlyTransactionIds: [String!]) {\n  getClientTransactions(clientId: $clientId, page: $page, limit: $limit, skipTotal: true, search: $search,\n      startDate: $startDate, endDate: $endDate, assetIds: $assetIds, accountIds: $accountIds, labels: $labels,\n      labelFilterMode: $labelFilterMode, insightPatternId: $insightPatternId, includeHidden: $includeHidden,\n      onlyTransactionIds: $onlyTransactionIds) {\n    transactions { ...PortalTxRow }\n    page limit hasNextPage\n  }\n}":ft,"\nquery PortalTransaction($clientId: ID!, $id: ID!) {\n  getTransaction(clientId: $clientId, transactionId: $id, includeAllTransfers: true) { ...PortalTxDetail }\n}":bt,"\nquery PortalTransactionLots($clientId: ID!, $key: String!, $id: ID) {\n  getTaxLots(clientId: $clientId, assetPricingKey: $key, transactionId: $id) {\n    costBasisAlgorithm\n    disposals {\n      transferId amountExact proceedsCents costBasisCents gainCents term box lotAcquiredAt lotTransactionId\n      isUncovered isMissingBasis match deniedLossExact\n    }\n    lots { id acquiredAt amountExact originalAmountExact costBasisCents term isMissingBasis }\n  }\n}":Ct,"\nquery PortalLabelOptions($clientId: ID!, $id: ID!) {\n  getTransactionTypeOptions(clientId: $clientId, transactionId: $id) {\n    options { value name description } recommended { value } currentLabel\n  }\n}":$t,"\nquery PortalAudit($clientId: ID!, $ids: [ID!]) {\n  getClientAuditLogs(clientId: $clientId, transactionIds: $ids, limit: 25, page: 0) {\n    auditLogs { id createdAt actorType action entityType field oldValue newValue undoneAt canUndo source }\n    total\n  }\n}":Tt,"\nquery PortalPairs($clientId: ID!, $id: ID, $limit: Int) {\n  getTransferPairSuggestions(clientId: $clientId, transactionId: $id, limit: $limit) {\n    fromTransactionId toTransactionId fromAccountId toAccountId sentAmountExact receivedAmountExact feeAmountExact\n    sentAt receivedAt asset { symbol }\n  }\n}":Pt,'\nmutation PortalLabel($clientId: ID!, $ids: [ID!]!, $label: String, $wipe: Boolean) {\n  labelTransactions(clientId: $clientId, transactionIds: $ids, label: $label, wipeLabel: $wipe, source: "portal") { id label }\n}':St,"\nmutation PortalHide($clientId: ID!, $id: ID!, $hidden: Boolean!) {\n  hideTransaction(clientId: $clientId, transactionId: $id, isHidden: $hidden) { id isHidden }\n}":xt,'\nmutation PortalReviewed($clientId: ID!, $id: ID!, $reviewed: Boolean!) {\n  updateTransaction(clientId: $clientId, transactionId: $id, createDefaultRule: false, source: "portal",\n      updates: { isReviewed: $reviewed }) { transaction { id isReviewed } }\n}':At,"\nmutation PortalSetPrice($clientId: ID!, $ids: [ID!]!, $assetId: ID, $price: Float) {\n  saveReceivePriceForTransactions(clientId: $clientId, transactionIds: $ids, assetId: $assetId, fiatValue: $price) { id }\n}":Dt,'\nmutation PortalSetValue($clientId: ID!, $tx: ID!, $transfer: ID!, $value: Float, $basis: Float, $reset: Boolean) {\n  updateTransfer(clientId: $clientId, transactionId: $tx, transferId: $transfer, fiatValue: $value, basisFiatValue: $basis,\n      resetFiatValue: $reset, source: "portal") { id }\n}':wt,"\nmutation PortalPair($clientId: ID!, $from: ID!, $to: ID!) {\n  markInternalTransfer(clientId: $clientId, fromTransactionId: $from, toTransactionId: $to)\n}":vt,"\nmutation PortalUnpair($clientId: ID!, $from: ID!, $to: ID!) {\n  unmarkInternalTransfer(clientId: $clientId, fromTransactionId: $from, toTransactionId: $to)\n}":Et,'\nmutation PortalUndo($clientId: ID!, $ids: [ID!]!) {\n  undoAuditLogs(clientId: $clientId, auditLogIds: $ids, source: "portal") { id }\n}':Rt,"\nmutation PortalAcceptBasis($clientId: ID!, $ids: [ID!]!, $override: Boolean!) {\n  updateMultiTransactionsCostBasis(clientId: $clientId, transactionIds: $ids, isMissingBasis: false, overrideIsMissingBasis: $override) { id }\n}":Lt,"\nmutation PortalMarkSpam($assetId: ID!, $spam: Boolean) {\n  updateAsset(assetId: $assetId, isSpam: $spam) { id isSpam }\n}":Ft,"\nquery PortalPortfolio($clientId: ID!) {\n  getPortfolioV2(clientId: $clientId, limit: 100, sort: VALUE) {\n    positions {\n      assetId asset { symbol name } amountExact price valueCents costBasisCents unrealizedGainCents\n      unrealizedGainPercent portfolioPercent isReceipt defiPosition { id name }\n    }\n    total totalValueCents totalCostBasisCents totalUnrealizedGainCents isStale computedAt\n  }\n}":Bt,"\nquery PortalChart($clientId: ID!, $interval: HistoricalBalanceIntervalEnum!) {\n  getChart(clientId: $clientId, interval: $interval) {\n    points { date valueCents costBasisCents } startValueCents endValueCents changeCents changePercent isStale\n  }\n}":Nt,"\nquery PortalHarvest($clientId: ID!, $date: Date!) {\n  getHarvestableLosses(clientId: $clientId, date: $date) {\n    totalUnrealizedLossCents shortTermUnrealizedLossCents longTermUnrealizedLossCents\n    assets {\n      assetId asset { symbol name } amountExact price marketValueCents costBasisCents unrealizedGainCents\n      shortTermUnrealizedGainCents longTermUnrealizedGainCents hasRecentAcquisition\n    }\n    unpricedAssetIds isStale\n  }\n}":Mt,"\nquery PortalForm8949($clientId: ID!, $year: Int!, $box: Form8949BoxEnum, $page: Int) {\n  getForm8949PreviewForYear(clientId: $clientId, year: $year, box: $box, page: $page, limit: 25) {\n    boxes { box term rowCount proceedsCents costBasisCents adjustmentCents gainOrLossCents }\n    rows { transactionId description dateAcquired dateSold proceedsCents costBasisCents gainOrLossCents box }\n    total page limit isStale\n  }\n}":qt,'\nquery PortalTaxForms($clientId: ID!, $year: Int!) {\n  getTaxFormStatuses(clientId: $clientId, year: $year, formType: "FORM_1099_DA") {\n    taxForms { id brokerName status statusMessage rowCount uploadedAt }\n  }\n}':Vt,"\nquery PortalReconciliation($clientId: ID!, $formId: ID!) {\n  getTaxFormReconciliation(clientId: $clientId, taxFormId: $formId) {\n    brokerProceedsCents computedProceedsCents proceedsDifferenceCents brokerCostBasisCents computedCostBasisCents\n    matchedCount mismatchedCount missingInLedgerCount missingOnFormCount\n    rows {\n      id status transactionId assetSymbol amountExact dateSold brokerProceedsCents computedProceedsCents\n      proceedsDifferenceCents brokerCostBasisCents computedCostBasisCents\n    }\n  }\n}":kt,"\nquery PortalReports($clientId: ID!) {\n  getReports(clientId: $clientId) { id type status year fileName isStale error createdAt completedAt }\n}":Ut,"\nquery PortalRequestReport($clientId: ID!, $type: ReportExportTypeEnum!, $year: String!, $email: String) {\n  getReportExportV2(clientId: $clientId, type: $type, dateQueryType: TAX_YEAR, year: $year, email: $email) {\n    report { id status } isCached emailQueued\n  }\n}":Ot,"\nquery PortalDownloadUrl($id: ID!) { getReportDownloadUrl(reportId: $id) { url fileName } }":Ht};function w(n){return zn[n]??{}}var Oa=w(`
fragment PortalTxRow on Transaction {
  id createdAt label accountId provider isHidden isMissingBasis hasNegativeBalance isInternalTransfer isDirty isSpam
  fiatValueCents capGainsSumSigned incomeSum
  transfers { id direction isFee amountExact assetId asset { id symbol } fiatValueCents }
}`),Ha=w(`
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
}`),Gt=w(`
query PortalClient {
  getMyActiveClient {
    id name currency timezone fiscalYearStart costBasisAlgorithm lockTaxesUntil
    jurisdictionRules {
      jurisdiction name taxYearStart taxYearLabelFormat hasHoldingTerms hasForm8949 hasForm1099DA reportTypes text matchingText
      words { proceeds cost gains losses netGain taxableGain deniedLosses holding shortTerm longTerm taxableIncome threshold }
    }
  }
}`),_t=w(`
query PortalTaxYears($clientId: ID!) { getTaxYears(clientId: $clientId) }`),oe=w(`
query PortalYear($clientId: ID!, $year: String!) {
  getIncomeAndCapGains(clientId: $clientId, year: $year) {
    year startDate endDate proceedsCents costBasisCents shortTermCapGainsCents longTermCapGainsCents capGainsCents
    futuresCents incomeCents incomeByLabel { label name incomeCents transactionCount } disposalCount transactionCount
    isStale computedAt jurisdiction taxYearLabel gainsCents lossesCents deniedLossesCents taxableCapitalGainsCents
    gainThresholdCents taxableIncomeCents incomeThresholdCents discountGainsCents lossesBroughtForwardCents discountCents lossesCarriedForwardCents
  }
}`),Qt=w(`
query PortalDirty($clientId: ID!) { countDirty(clientId: $clientId) }`),qe=w(`
query PortalActiveJob($clientId: ID!) {
  getActiveRecalculateJob(clientId: $clientId) { id status progress attempt }
}`),Yt=w(`
query PortalLastRun { getMyActiveClient { id lastRecalculatedAt } }`),zt=w(`
mutation PortalRecalculate($clientId: ID!) { rerunGraph(clientId: $clientId) }`),se=w(`
query PortalInsights($clientId: ID!) {
  getClientInsights(clientId: $clientId, status: OPEN, limit: 100) {
    id patternId type severity title description transactionCount assetId
  }
}`),jt=w(`
query PortalAccounts($clientId: String!) {
  getClientAccounts(clientId: $clientId) {
    id name type provider address status transactionCount lastSyncedAt lastSyncError
  }
}`),Wt=w(`
query PortalAssets($clientId: ID!) {
  getClientAssets(clientId: $clientId, hideSpamAssets: true) { assets { id symbol name pricingKey } }
}`),Jt=w(`
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
}`),Kt=w(`
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
}`),le=w(`
mutation PortalHide($clientId: ID!, $id: ID!, $hidden: Boolean!) {
  hideTransaction(clientId: $clientId, transactionId: $id, isHidden: $hidden) { id isHidden }
}`),Ce=w(`
mutation PortalReviewed($clientId: ID!, $id: ID!, $reviewed: Boolean!) {
  updateTransaction(clientId: $clientId, transactionId: $id, createDefaultRule: false, source: "portal",
      updates: { isReviewed: $reviewed }) { transaction { id isReviewed } }
}`),Xt=w(`
mutation PortalSetPrice($clientId: ID!, $ids: [ID!]!, $assetId: ID, $price: Float) {
  saveReceivePriceForTransactions(clientId: $clientId, transactionIds: $ids, assetId: $assetId, fiatValue: $price) { id }
}`),Ve=w(`
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
}`),ce=w(`
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
      unrealizedGainPercent portfolioPercent isReceipt defiPosition { id name }
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
}`),ke=w(`
query PortalReports($clientId: ID!) {
  getReports(clientId: $clientId) { id type status year fileName isStale error createdAt completedAt }
}`),cn=w(`
query PortalRequestReport($clientId: ID!, $type: ReportExportTypeEnum!, $year: String!, $email: String) {
  getReportExportV2(clientId: $clientId, type: $type, dateQueryType: TAX_YEAR, year: $year, email: $email) {
    report { id status } isCached emailQueued
  }
}`),dn=w(`
query PortalDownloadUrl($id: ID!) { getReportDownloadUrl(reportId: $id) { url fileName } }`);var Te=class{constructor(t,a,s){this.s=t;this.client=a;this.brand=s;this.changed=[];this.labelCache=[];this.accountCache=[]}q(t,a){return pe(this.s,t,{clientId:this.client.id,...a})}accounts(){return this.accountsP||(this.accountsP=this.q(jt).then(t=>t.getClientAccounts.filter(a=>!!a))),this.accountsP.catch(()=>{this.accountsP=void 0}),this.accountsP}assets(){return this.assetsP||(this.assetsP=this.q(Wt).then(t=>t.getClientAssets.assets)),this.assetsP.catch(()=>{this.assetsP=void 0}),this.assetsP}labels(){return this.labelsP||(this.labelsP=this.q(Jt).then(t=>t.getLabels)),this.labelsP.catch(()=>{this.labelsP=void 0}),this.labelsP}years(){return this.yearsP||(this.yearsP=this.q(_t).then(t=>[...t.getTaxYears].reverse())),this.yearsP.catch(()=>{this.yearsP=void 0}),this.yearsP}async defaultYear(){let t=await this.years();return t.length?t[0]:new Date().getUTCFullYear()}labelName(t){if(!t)return"Unlabeled";let a=this.labelCache.find(s=>s.value===t);return a?a.name:t.replace(/_/g," ").replace(/^./,s=>s.toUpperCase())}accountName(t,a=this.accountCache){if(!t)return"Outside your accounts";let s=a.find(r=>r.id===t);return s?Z(s):"A removed account"}onChange(t){return this.changed.push(t),()=>{this.changed=this.changed.filter(a=>a!==t)}}ledgerChanged(t){t==="accounts"&&(this.accountsP=void 0,this.assetsP=void 0,this.yearsP=void 0),t==="results"&&(this.yearsP=void 0);for(let a of[...this.changed])a(t)}};function Z(n){let t=(n.name||"").trim();return t&&t!==n.address?t:n.address?`${Pe(n.provider)} wallet ${n.address.length>16?`${n.address.slice(0,6)}\u2026${n.address.slice(-4)}`:n.address}`:Pe(n.provider)}var jn={ethereum:"Ethereum",bitcoin:"Bitcoin",solana:"Solana",base:"Base",arbitrum:"Arbitrum",optimism:"Optimism",polygon:"Polygon",bsc:"BNB Smart Chain",coinbase:"Coinbase",kraken:"Kraken",generic:"File",file:"File"};function Pe(n){return jn[n]||n.charAt(0).toUpperCase()+n.slice(1)}function x(n,t,...a){return n instanceof j?e("span"):e("div",{class:"notice error",role:"alert"},e("p",{},K(n)),...a,t?N("Try again",t,"secondary small"):"")}function V(n,t,...a){let s=e("div",{class:"section-body"},...a);return{el:e("section",{class:"panel",id:n,"aria-labelledby":`${n}-h`},e("h2",{id:`${n}-h`},t),s),body:s}}function Wn(n,t){let a=new Intl.DateTimeFormat("en-US",{timeZone:n,hourCycle:"h23",year:"numeric",month:"2-digit",day:"2-digit",hour:"2-digit",minute:"2-digit",second:"2-digit"}).formatToParts(t),s=r=>Number(a.find(i=>i.type===r)?.value||0);return Date.UTC(s("year"),s("month")-1,s("day"),s("hour"),s("minute"),s("second"))-Math.floor(t.getTime()/1e3)*1e3}function un(n,t,a,s){let r=Date.UTC(n,t-1,a);for(let i=0;i<2;i++)try{r=Date.UTC(n,t-1,a)-Wn(s,new Date(r))}catch{return new Date(Date.UTC(n,t-1,a))}return new Date(r)}function pn(n,t){let[a,s]=(n.fiscalYearStart||"01-01").split("-").map(Number);return[un(t,a||1,s||1,n.timezone).toISOString(),un(t+1,a||1,s||1,n.timezone).toISOString()]}function Y(n,t){let a=n.jurisdictionRules.taxYearLabelFormat;return a.length===7?`${t}${a[4]}${String((t+1)%100).padStart(2,"0")}`:String(t)}function ee(n,t,a=!1){let s=n.jurisdictionRules.words,r=t==="SHORT_TERM"?s.shortTerm||"Short-term":t==="LONG_TERM"?s.longTerm||"Long-term":t;return a?r.charAt(0).toLowerCase()+r.slice(1):r}var mn=1e3,Se=class{constructor(t){this.app=t;this.el=e("div",{id:"recalc-status",class:"status-bar","aria-live":"polite"});this.state="settled";this.following=!1;this.listeners=[];t.onChange(a=>{a!=="results"&&this.refresh()})}onState(t){return this.listeners.push(t),()=>{this.listeners=this.listeners.filter(a=>a!==t)}}async refresh(){if(!this.following)try{let[t,a,s,r]=await Promise.all([this.app.q(Qt),this.app.q(qe),this.app.q(Yt),this.app.accounts()]);if(a.getActiveRecalculateJob)return this.follow(a.getActiveRecalculateJob);let i=!s.getMyActiveClient.lastRecalculatedAt&&r.length>0;this.show(t.countDirty>0||i?"dirty":"settled",t.countDirty,void 0,i)}catch(t){this.el.replaceChildren(x(t,()=>this.refresh()))}}async start(){if(!this.following)try{let t=(await this.app.q(zt)).rerunGraph;await this.follow({id:t,status:"QUEUED",progress:0,attempt:1})}catch(t){this.el.replaceChildren(x(t,()=>this.start()))}}async follow(t){this.following=!0;let a=t;try{for(;a;){this.show("recalculating",0,a),await W(mn);try{a=(await this.app.q(qe)).getActiveRecalculateJob}catch(s){if(s instanceof j)return;await W(mn*3)}}}finally{this.following=!1}ae("Recalculation finished: your figures are up to date."),this.app.ledgerChanged("results"),await this.refresh()}show(t,a,s,r=!1){if(this.state=t,this.el.dataset.state=t,t==="recalculating"&&s){let i=s.status==="QUEUED";this.el.replaceChildren(e("div",{class:"status recalculating",id:"recalc-running"},e("span",{class:"spinner","aria-hidden":"true"}),e("span",{},i?"Recalculation queued\u2026":`Recalculating your taxes\u2026 ${s.progress}%`),e("progress",{max:100,value:s.progress,"aria-label":"Recalculation progress"})))}else t==="dirty"?this.el.replaceChildren(e("div",{class:"status dirty",id:"recalc-dirty"},e("span",{},r?"Your taxes have not been calculated yet.":a===1?"1 change is not in your figures yet.":`${a.toLocaleString("en-US")} changes are not in your figures yet.`),N(r?"Calculate":"Recalculate",()=>this.start(),"small",{id:"recalculate"}))):this.el.replaceChildren(e("div",{class:"status settled",id:"recalc-settled"},e("span",{class:"check","aria-hidden":"true"},"\u2713"),e("span",{},"Your figures are up to date.")));for(let i of this.listeners)i(t)}};var Jn={"tax-forms":"tax forms","form-8949-csv":"Form 8949","form-8949-pdf":"Form 8949","schedule-d-csv":"Schedule D","schedule-d-pdf":"Schedule D","schedule-1-pdf":"Schedule 1","capital-gains-csv":"capital gains report","income-csv":"income report","transaction-history-csv":"transaction history","turbotax-csv":"TurboTax file","taxact-csv":"TaxAct file","holdings-csv":"year-end holdings"};function gn(n,t,a){let s=t.get("code")||"",r=t.get("report")||"",i=Number(t.get("expires")),l=t.get("signature")||"",c=()=>history.replaceState(null,"",location.pathname);document.readyState==="complete"?c():window.addEventListener("load",c,{once:!0});let d=(p,...m)=>{D(n),n.append(e("section",{class:"panel state",id:"state-download","data-state":a?.state||"unchecked","aria-labelledby":"dl-h"},e("h1",{id:"dl-h"},p),...m))},u="Request the report again in the tax portal of your provider: it e-mails you a new link.";switch(a?.state){case"expired":return d("This download link has expired",e("p",{id:"download-expired"},`For your security, download links work for a limited time. ${u}`));case"invalid":return d("This download link does not work",e("p",{id:"download-invalid"},`The link is incomplete or was changed. Open the whole link from the e-mail, or: ${u.charAt(0).toLowerCase()}${u.slice(1)}`));case"gone":return d("This report is no longer available",e("p",{id:"download-gone"},u))}let o=e("div",{id:"download-message",role:"status","aria-live":"polite"}),y=e("button",{type:"button",id:"download-report",onclick:async()=>{y.disabled=!0,o.replaceChildren(e("p",{},"Preparing your download\u2026"));try{let p=await nt(s,r,i,l);o.replaceChildren(p==="ok"?e("p",{class:"notice ok",id:"download-started"},"Your download has started."):p==="expired"?e("p",{class:"notice error",role:"alert",id:"download-expired"},`This link has expired. ${u}`):e("p",{class:"notice error",role:"alert",id:"download-gone"},`This report is no longer available. ${u}`))}catch(p){o.replaceChildren(e("p",{class:"notice error",role:"alert"},p instanceof H?p.message:K(p)))}finally{y.disabled=!1}}},"Download");if(a?.state==="ready"){let p=Jn[a.reportType||""]||"tax report",m=`${a.year?`${a.year} `:""}${p}`;return d(`Your ${m} ${p==="tax forms"?"are":"is"} ready`,e("p",{},a.fileName?`The file ${a.fileName} is ready to download.`:"The file is ready to download.",a.expiresAt?` This link works until ${_(a.expiresAt)}.`:""),y,o)}return d("Download your tax report",e("p",{},i?`This link works until ${_(new Date(i*1e3).toISOString())}.`:""),y,o)}var k=240,xe=16,de=52;function yn(n){return Math.max(280,Math.min(720,Math.floor(n.clientWidth||640)))}function hn(n,t){let a=t.flatMap(T=>[T.capitalGainsCents,T.incomeCents]),s=Math.max(0,...a),r=Math.min(0,...a);if(s===0&&r===0)return e("p",{class:"empty",id:"chart-empty"},"No gains or income yet: the chart fills in once your taxes are calculated.");let i=yn(n),l=60,c=8,d=s-r||1,u=k-xe-de,o=i-l-c,y=T=>xe+(s-T)/d*u,p=o/t.length,m=Math.min(28,p/3),I=[s,(s+r)/2,r].filter((T,P,L)=>L.indexOf(T)===P),$=t.map(T=>`${T.year}: gains ${b(T.capitalGainsCents)}, income ${b(T.incomeCents)}`).join("; ");return e("svg",{viewBox:`0 0 ${i} ${k}`,width:i,height:k,role:"img","aria-labelledby":"chart-title chart-desc",class:"chart-svg"},e("title",{id:"chart-title"},"Capital gains and income by tax year"),e("desc",{id:"chart-desc"},$),...I.map(T=>e("g",{},e("line",{x1:l,x2:i-c,y1:y(T),y2:y(T),class:"grid"}),e("text",{x:l-6,y:y(T)+4,"text-anchor":"end",class:"axis"},Me(Math.round(T))))),e("line",{x1:l,x2:i-c,y1:y(0),y2:y(0),class:"zero"}),...t.map((T,P)=>{let L=l+p*P+p/2,C=(h,g,f,S)=>e("rect",{x:g,width:m,y:Math.min(y(h),y(0)),height:Math.max(1,Math.abs(y(h)-y(0))),class:f,"data-year":T.year,"data-cents":h},e("title",{},`${T.year} ${S}: ${b(h)}`));return e("g",{},C(T.capitalGainsCents,L-m-1,"bar gains","capital gains"),C(T.incomeCents,L+1,"bar income","income"),e("text",{x:L,y:k-de+18,"text-anchor":"middle",class:"axis"},String(T.year)))}),e("g",{class:"legend"},e("rect",{x:l,y:k-14,width:12,height:12,class:"bar gains"}),e("text",{x:l+16,y:k-4,class:"axis"},"Capital gains"),e("rect",{x:l+120,y:k-14,width:12,height:12,class:"bar income"}),e("text",{x:l+136,y:k-4,class:"axis"},"Income")))}function In(n,t,a){if(t.length<2||t.every(g=>g.valueCents===0&&g.costBasisCents===0))return e("p",{class:"empty",id:"value-chart-empty"},"Nothing to chart for this range yet.");let s=yn(n),r=64,i=8,l=t.flatMap(g=>[g.valueCents,g.costBasisCents]),c=Math.max(...l,0),d=Math.min(...l,0),u=c-d||1,o=k-xe-de,y=s-r-i,p=g=>r+y*g/(t.length-1),m=g=>xe+(c-g)/u*o,I=g=>t.map((f,S)=>`${p(S).toFixed(1)},${m(g(f)).toFixed(1)}`).join(" "),$=`M${p(0).toFixed(1)},${m(0).toFixed(1)} L${I(g=>g.valueCents).replace(/ /g," L")} L${p(t.length-1).toFixed(1)},${m(0).toFixed(1)} Z`,T=[c,(c+d)/2,d].filter((g,f,S)=>S.indexOf(g)===f),P=new Date(t[0].date),L=new Date(t[t.length-1].date),C=g=>g.toLocaleDateString("en-US",{month:"short",year:"numeric"}),h=t[t.length-1];return e("svg",{viewBox:`0 0 ${s} ${k}`,width:s,height:k,role:"img","aria-labelledby":"value-title value-desc",class:"chart-svg"},e("title",{id:"value-title"},a),e("desc",{id:"value-desc"},`From ${C(P)} to ${C(L)}: value now ${b(h.valueCents)}, cost basis ${b(h.costBasisCents)}.`),...T.map(g=>e("g",{},e("line",{x1:r,x2:s-i,y1:m(g),y2:m(g),class:"grid"}),e("text",{x:r-6,y:m(g)+4,"text-anchor":"end",class:"axis"},Me(Math.round(g))))),e("path",{d:$,class:"area"}),e("polyline",{points:I(g=>g.valueCents),class:"value-line"}),e("polyline",{points:I(g=>g.costBasisCents),class:"basis-line"}),e("text",{x:r,y:k-de+18,class:"axis"},C(P)),e("text",{x:s-i,y:k-de+18,"text-anchor":"end",class:"axis"},C(L)),e("g",{class:"legend"},e("rect",{x:r,y:k-14,width:12,height:12,class:"swatch-value"}),e("text",{x:r+16,y:k-4,class:"axis"},"Value"),e("line",{x1:r+80,x2:r+100,y1:k-8,y2:k-8,class:"basis-line"}),e("text",{x:r+106,y:k-4,class:"axis"},"Cost basis")))}var Ue=10,fn=1e3,Kn=[["ethereum","Ethereum"],["bitcoin","Bitcoin"],["solana","Solana"],["base","Base"],["arbitrum","Arbitrum"],["optimism","Optimism"],["polygon","Polygon"],["bsc","BNB Smart Chain"]],Xn={ACTIVE:"Up to date",SYNCING:"Syncing",ERROR:"Sync failed",NEEDS_REAUTHENTICATION:"Needs new credentials",RETIRED:"Retired",DELETING:"Being removed"},Zn={WALLET:"Wallet",EXCHANGE:"Exchange",BANK:"Bank",FILE:"File import",MANUAL:"Manual",VIRTUAL:"Position"},Ae=class{constructor(t,a){this.app=t;this.accounts=[];this.syncing=!1;this.list=e("div",{id:"wallet-list"},M("your accounts"));this.count=e("p",{id:"wallet-count",class:"muted"});this.msg=e("div",{id:"wallet-message",role:"status","aria-live":"polite"});this.progress=e("div",{id:"sync-progress","aria-live":"polite"});this.syncButton=e("button",{type:"button",id:"sync-wallets",onclick:()=>this.startSync()},"Sync wallets");this.alive=!0;let s=e("input",{name:"address",required:!0,autocomplete:"off",spellcheck:!1,placeholder:"0x\u2026 , bc1\u2026 or a Solana address"}),r=e("input",{name:"name",maxlength:100,autocomplete:"off",placeholder:"e.g. Cold storage"});this.form=e("form",{id:"add-wallet",class:"inline-form",onsubmit:i=>{i.preventDefault(),this.add()}},B("wallet-address","Wallet address",s,"grow"),B("wallet-chain","Chain",O("chain",Kn)),B("wallet-name","Name (optional)",r),e("button",{type:"submit",id:"add-wallet-button"},"Add wallet")),a.append(this.count,this.list,e("details",{class:"add-wallet"},e("summary",{},"Add a wallet"),this.form,this.msg),e("div",{class:"actions"},this.syncButton),this.progress)}stop(){this.alive=!1}async load(){try{this.accounts=await this.app.accounts(),this.render();let a=(await J(this.app.s,"GET","/account_syncs")).syncs.find(s=>s.status==="queued"||s.status==="running");a&&this.follow(a)}catch(t){D(this.list),this.list.append(x(t,()=>this.load()))}}render(){D(this.list);let t=this.accounts.length,a=this.accounts.filter(r=>r.type==="WALLET").length;this.count.textContent=`${t===1?"1 account":`${t} accounts`} \xB7 ${a} of ${Ue} wallets`;let s=a>=Ue;if(this.form.querySelectorAll("input,select,button").forEach(r=>r.disabled=s),s&&this.msg.replaceChildren(e("p",{class:"notice"},`You have reached the limit of ${Ue} wallets.`)),this.syncButton.disabled=a===0||this.syncing,this.syncButton.hidden=a===0,t===0){this.list.append(U("No accounts yet. Add the address of a wallet you own, then sync it to import its transactions.","wallets-empty"));return}this.list.append(e("table",{class:"table cards"},e("caption",{class:"sr-only"},"Your accounts"),e("thead",{},e("tr",{},...["Account","Kind","Transactions","Status","Last synced"].map(r=>e("th",{scope:"col"},r)))),e("tbody",{},...this.accounts.map(r=>e("tr",{"data-account":r.id},e("td",{"data-label":"Account"},e("strong",{},Z(r)),r.address&&Z(r)===r.name?e("div",{class:"mono muted small",title:r.address},X(r.address)):""),e("td",{"data-label":"Kind"},`${Zn[r.type]||r.type}${r.type==="WALLET"?` \xB7 ${Pe(r.provider)}`:""}`),e("td",{"data-label":"Transactions",class:"num"},r.transactionCount.toLocaleString("en-US")),e("td",{"data-label":"Status"},e("span",{class:`badge ${r.status.toLowerCase()}`},Xn[r.status]||r.status),r.lastSyncError?e("div",{class:"muted small"},r.lastSyncError):""),e("td",{"data-label":"Last synced"},r.type==="FILE"?"Imported file":_(r.lastSyncedAt)))))))}async add(){let t=new FormData(this.form),a={address:String(t.get("address")).trim(),chain:String(t.get("chain"))},s=String(t.get("name")||"").trim();s&&(a.name=s),this.msg.replaceChildren(e("p",{},"Adding the wallet\u2026"));try{let r=await J(this.app.s,"POST","/accounts",{wallets:[a]});this.form.reset();let i=r.skipped.map(l=>`${X(l.address)} was not added: ${l.reason==="already_added"?"you have it already":l.reason.replace(/_/g," ")}.`);this.msg.replaceChildren(...r.accounts.length?[e("p",{class:"notice ok"},"Wallet added. Sync it to import its transactions.")]:[],...i.map(l=>e("p",{class:"notice"},l))),this.app.ledgerChanged("accounts"),this.accounts=await this.app.accounts(),this.render()}catch(r){if(r instanceof H&&r.status===400){this.msg.replaceChildren(e("p",{class:"notice error",role:"alert",id:"wallet-error"},r.message)),document.getElementById("wallet-address").focus();return}this.msg.replaceChildren(x(r))}}async startSync(){this.syncButton.disabled=!0;try{this.follow(await J(this.app.s,"POST","/account_syncs",{}))}catch(t){this.syncButton.disabled=!1,this.progress.replaceChildren(x(t))}}async follow(t){for(this.syncing=!0,this.syncButton.disabled=!0;this.showSync(t),!(t.status==="completed"||t.status==="failed"||!this.alive);){await W(fn);try{t=await J(this.app.s,"GET",`/account_syncs/${t.id}`)}catch(a){if(a instanceof j)return;this.progress.replaceChildren(e("p",{class:"notice"},"Lost contact with the server; trying again\u2026")),await W(fn*3)}}if(this.syncing=!1,this.syncButton.disabled=!1,!!this.alive){this.app.ledgerChanged("accounts");try{this.accounts=await this.app.accounts(),this.render()}catch(a){this.list.replaceChildren(x(a,()=>this.load()))}}}showSync(t){let a=t.status==="completed"?"Sync complete":t.status==="failed"?"Sync failed":t.status==="queued"?"Sync queued":"Syncing",s=t.accounts.filter(r=>r.status==="syncing"&&r.nextAttemptAt);this.progress.replaceChildren(e("div",{class:`sync ${t.status}`,id:"sync-status","data-status":t.status},e("p",{},e("strong",{},`${a}: ${t.progress}%`)),e("progress",{max:100,value:t.progress,"aria-label":"Sync progress"}),s.length?e("p",{class:"notice",id:"sync-retrying"},"A wallet\u2019s blockchain source did not answer; the sync is retrying automatically."):"",t.error?e("p",{class:"notice error"},t.error):"",e("ul",{class:"sync-accounts"},...t.accounts.map(r=>{let i=this.accounts.find(l=>l.id===r.accountId);return e("li",{},`${i?Z(i):"A wallet"}: ${r.status} (${r.progress}%)`,r.message?e("span",{class:"muted"},` \u2013 ${r.message}`):"")}))))}};function bn(n,t){let{app:a}=n;t.append(e("h1",{class:"welcome"},"Your crypto taxes"),a.s.email?e("p",{class:"muted",id:"signed-in-as"},`Signed in as ${a.s.email}`):"");let s=e("div",{class:"cards-row",id:"summary-cards","aria-live":"polite"},M("your figures")),r=e("figure",{id:"gains-chart",class:"chart"}),i=V("gains","Gains and income by year",r),l=V("wallets","Accounts and wallets");t.append(s,i.el,l.el);let c=new Ae(a,l.body);c.load();let d=async()=>{try{let o=await a.years(),y=o.length?o[0]:new Date().getUTCFullYear(),[p,m,I]=await Promise.all([a.q(oe,{year:String(y)}).then(g=>g.getIncomeAndCapGains),a.q($e).then(g=>g.getPortfolioV2),a.q(se).then(g=>g.getClientInsights)]),$=I.reduce((g,f)=>g+f.transactionCount,0);n.reviewCount($);let T=(g,f,S,F,v)=>e("a",{class:"card",href:f,"data-figure":g},e("span",{class:"card-title"},S),e("span",{class:"card-value"},F),e("span",{class:"card-sub"},v)),P=(g,f)=>{let S=g.filter(v=>v.valueCents!==null&&v.valueCents!==void 0);if(g.length===0)return T("portfolio","#/portfolio","Portfolio value",b(0),"You hold nothing yet");if(S.length===0)return T("portfolio","#/portfolio","Portfolio value","No prices","Prices are not available right now");let F=S.reduce((v,kn)=>v+(kn.unrealizedGainCents||0),0);return T("portfolio","#/portfolio","Portfolio value",b(f),`Unrealized ${E(F)}${S.length<g.length?` \xB7 ${g.length-S.length} without a price`:""}`)};D(s),o.length===0?s.append(e("div",{class:"empty wide",id:"overview-empty"},e("p",{},"No tax figures yet. Add your wallets and exchanges below and sync them; your taxes are calculated from their transactions."))):s.append(T("capital-gains",`#/tax?year=${y}`,`${Y(a.client,y)} capital gains`,E(p.capGainsCents),a.client.jurisdictionRules.hasHoldingTerms?`${ee(a.client,"SHORT_TERM")} ${E(p.shortTermCapGainsCents)} \xB7 ${ee(a.client,"LONG_TERM")} ${E(p.longTermCapGainsCents)}`:a.client.jurisdictionRules.words.netGain),T("income",`#/tax?year=${y}`,`${Y(a.client,y)} income`,b(p.incomeCents),"Staking, rewards and other income")),s.append(P(m.positions.filter(g=>!g.isReceipt),m.totalValueCents),T("review","#/review","To review",$===0?"All clear":String($),$===0?"Nothing needs your attention":`${$===1?"transaction needs":"transactions need"} a look`));let L=[...o].slice(0,6).reverse(),C=await Promise.all(L.map(g=>a.q(oe,{year:String(g)}).then(f=>({year:g,capitalGainsCents:f.getIncomeAndCapGains.capGainsCents,incomeCents:f.getIncomeAndCapGains.incomeCents})))),h=hn(r,C);r.replaceChildren(h,h.tagName==="svg"?e("figcaption",{},`Capital gains and income by tax year (${a.client.currency})`):"")}catch(o){s.replaceChildren(x(o,d))}};d();let u=a.onChange(d);return()=>{u(),c.stop()}}function ie(n){return`${R(n.amountExact)} ${n.asset?.symbol||"?"}`}var ea={sell:"Sold",gift_sent:"Gave away",donation:"Donated",lost:"Lost",payment:"Paid with",fee:"Paid a fee of"},ta={buy:"Bought",staking_reward:"Earned",mining:"Mined",airdrop:"Received an airdrop of",interest:"Earned interest of",reward:"Earned",income:"Was paid",gift_received:"Was given"};function te(n){let t=n.transfers.filter(l=>!l.isFee),a=t.filter(l=>l.direction==="OUTGOING"),s=t.filter(l=>l.direction==="INCOMING"),r=t.filter(l=>l.direction==="INTERNAL");if(t.length===0)return n.transfers.length?`Fee of ${ie(n.transfers[0])}`:"No transfers";if(a.length&&s.length)return`${a.map(ie).join(" + ")} \u2192 ${s.map(ie).join(" + ")}`;if(r.length&&!a.length&&!s.length)return`Moved ${r.map(ie).join(" + ")}`;let i=n.label||"";return a.length?`${ea[i]||"Sent"} ${a.map(ie).join(" + ")}`:`${ta[i]||"Received"} ${s.map(ie).join(" + ")}`}function De(n){let t=[],a=(s,r)=>t.push(e("span",{class:`badge ${s}`},r));return n.isMissingBasis&&a("critical","Missing cost basis"),n.hasNegativeBalance&&a("warning","Negative balance"),n.isInternalTransfer&&a("info","Internal transfer"),n.isHidden&&a("muted","Hidden"),n.isSpam&&a("muted","Spam"),n.isDirty&&a("info","Changed; recalculate"),t}function Oe(n){return!!n.isMissingBasis&&!n.fiatValueCents}function Cn(n){if(Oe(n)&&!Number(n.capGainsSumSigned??0)&&!n.incomeSum)return e("span",{class:"badge critical"},"No price");if(n.capGainsSumSigned!==null&&n.capGainsSumSigned!==void 0){let t=Number(n.capGainsSumSigned);return e("span",{class:t<0?"loss":"gain"},`${t<0?"Loss":"Gain"} ${E(t)}`)}return n.incomeSum?e("span",{class:"income"},`Income ${b(n.incomeSum)}`):""}var na=()=>window.matchMedia("(max-width: 40rem)").matches?25:50,aa=[["","Everything"],["missing-basis","Missing cost basis"],["uncovered-disposals","Sold more than held"],["negative-balance","Negative balance"],["unlabeled","Unlabeled"],["possible-internal-transfer","Possible move between your accounts"]];function $n(n,t,a){let{app:s}=n,r=Math.max(0,Number(a.get("page"))||0),i={q:a.get("q")||"",year:a.get("year")||"",asset:a.get("asset")||"",account:a.get("account")||"",label:a.get("label")||"",review:a.get("review")||"",hidden:a.get("hidden")==="1"},l=C=>{let h=new URLSearchParams,g={q:i.q,year:i.year,asset:i.asset,account:i.account,label:i.label,review:i.review,hidden:i.hidden?"1":"",page:"",...C};for(let[f,S]of Object.entries(g))S&&h.set(f,S);location.hash=`#/transactions${h.toString()?`?${h}`:""}`},c=!!(i.q||i.year||i.asset||i.account||i.label||i.review||i.hidden),d=e("input",{type:"search",name:"q",value:i.q,placeholder:"Hash, note, address or asset",autocomplete:"off"}),u=O("year",[["","All years"]],i.year),o=O("asset",[["","All assets"]],i.asset),y=O("account",[["","All accounts"]],i.account),p=O("label",[["","All labels"],["unlabeled","Unlabeled"]],i.label),m=O("review",aa,i.review),I=e("input",{type:"checkbox",name:"hidden",id:"f-hidden",checked:i.hidden}),$=e("form",{class:"filters",id:"tx-filters",role:"search","aria-label":"Filter transactions",onsubmit:C=>{C.preventDefault(),l({q:d.value.trim()})}},e("div",{class:"search-row"},B("f-q","Search",d,"grow"),e("button",{type:"submit",id:"f-search"},"Search")),e("div",{class:"filter-row"},B("f-year","Tax year",u),B("f-asset","Asset",o),B("f-account","Account",y),B("f-label","Label",p),B("f-review","Needs review",m),e("div",{class:"field check"},I,e("label",{for:"f-hidden"},"Include hidden"))),c?N("Clear filters",()=>{location.hash="#/transactions"},"link",{id:"f-clear"}):""),T=(C,h)=>C.addEventListener("change",()=>l({[h]:C instanceof HTMLInputElement&&C.type==="checkbox"?C.checked?"1":"":C.value}));T(u,"year"),T(o,"asset"),T(y,"account"),T(p,"label"),T(m,"review"),T(I,"hidden");let P=e("div",{id:"tx-list","aria-live":"polite"},M("transactions"));t.append(e("h1",{},"Transactions"),$,P),Promise.all([s.years(),s.assets(),s.accounts(),s.labels()]).then(([C,h,g,f])=>{u.append(...C.map(S=>e("option",{value:S},Y(s.client,S)))),o.append(...h.map(S=>e("option",{value:S.id},S.name&&S.name!==S.symbol?`${S.symbol} \xB7 ${S.name}`:S.symbol))),y.append(...g.map(S=>e("option",{value:S.id},Z(S)))),p.append(...f.map(S=>e("option",{value:S.value},S.name))),u.value=i.year,o.value=i.asset,y.value=i.account,p.value=i.label}).catch(()=>{});let L=async()=>{let C={page:r,limit:na(),includeHidden:i.hidden||void 0};i.q&&(C.search=i.q),i.year&&([C.startDate,C.endDate]=pn(s.client,Number(i.year))),i.asset&&(C.assetIds=[i.asset]),i.account&&(C.accountIds=[i.account]),i.label==="unlabeled"?C.labelFilterMode="unlabeled":i.label&&(C.labels=[i.label]),i.review&&(C.insightPatternId=i.review);try{let[h]=await Promise.all([s.q(ge,C),s.accounts().then(f=>{s.accountCache=f}),s.labels().then(f=>{s.labelCache=f})]),g=h.getClientTransactions;if(D(P),g.transactions.length===0){P.append(r>0?U("No more transactions on this page.","tx-empty",e("a",{href:"#",onclick:f=>{f.preventDefault(),l({page:""})}},"Back to the first page")):c?U("No transaction matches these filters.","tx-empty",N("Clear filters",()=>{location.hash="#/transactions"},"secondary")):U("No transactions yet. Add your wallets and exchanges on the Overview page and sync them.","tx-empty"));return}P.append(e("table",{class:"table cards tx-table"},e("caption",{class:"sr-only"},`Transactions, page ${r+1}`),e("thead",{},e("tr",{},...["Date","Type","What happened","Value","Gain or income",""].map(f=>e("th",{scope:"col"},f)))),e("tbody",{},...g.transactions.map(f=>e("tr",{"data-tx":f.id,class:f.isHidden?"hidden-tx":"",onclick:S=>{S.target.closest("a, button")||(location.hash=`#/transactions/${f.id}`)}},e("td",{"data-label":"Date"},e("a",{href:`#/transactions/${f.id}`,class:"tx-link"},q(f.createdAt))),e("td",{"data-label":"Type"},s.labelName(f.label)),e("td",{"data-label":"What happened"},te(f),e("div",{class:"muted small"},s.accountName(f.accountId))),e("td",{"data-label":"Value",class:"num"},Oe(f)?e("span",{class:"badge critical"},"No price"):b(f.fiatValueCents)),e("td",{"data-label":"Gain or income",class:"num"},Cn(f)),e("td",{"data-label":"State",class:"flags"},...De(f))))))),P.append(e("nav",{class:"pager","aria-label":"Pages"},r>0?N("Previous page",()=>l({page:r>1?String(r-1):""}),"secondary",{id:"tx-prev"}):"",e("span",{class:"muted"},`Page ${r+1}`),g.hasNextPage?N("Next page",()=>l({page:String(r+1)}),"secondary",{id:"tx-next"}):""))}catch(h){P.replaceChildren(x(h,L))}};return L(),s.onChange(L)}function sa(n,t){let a=Math.round((new Date(t).getTime()-new Date(n).getTime())/6e4);if(a<1)return"at once";if(a<120)return`${a} minute${a===1?"":"s"} later`;let s=Math.round(a/60);return s<48?`${s} hours later`:`${Math.round(s/24)} days later`}function we(n,t,a){let s=t.asset?.symbol||"",r=e("div",{role:"status"}),i=Number(t.feeAmountExact),l=e("button",{type:"button",class:"small","data-pair":`${t.fromTransactionId}:${t.toTransactionId}`,onclick:async()=>{try{await G(l,"Pairing\u2026",()=>n.q(Zt,{from:t.fromTransactionId,to:t.toTransactionId})),await a()}catch(c){r.replaceChildren(x(c))}}},"Pair as a move between my accounts");return e("div",{class:"pair-card","data-pair-card":`${t.fromTransactionId}:${t.toTransactionId}`},e("p",{},e("a",{href:`#/transactions/${t.fromTransactionId}`},`Sent ${R(t.sentAmountExact)} ${s}`),` from ${n.accountName(t.fromAccountId)} on ${q(t.sentAt)}, and `,e("a",{href:`#/transactions/${t.toTransactionId}`},`received ${R(t.receivedAmountExact)} ${s}`),` in ${n.accountName(t.toAccountId)} ${sa(t.sentAt,t.receivedAt)}`,i>0?` (${R(t.feeAmountExact)} ${s} went to fees).`:"."),e("p",{class:"muted small"},`Unpaired, the first counts as a sale on ${_(t.sentAt)} and the second as a new purchase. If both accounts are yours, pair them: the coins keep their cost basis and nothing is taxed.`),l,r)}function Sn(n,t,a){let{app:s}=n,r=e("div",{id:"tx-detail"},M("the transaction"));t.append(e("p",{class:"back"},e("a",{href:"#/transactions"},"\u2190 All transactions")),r);let i=!0,l=async o=>{try{let[y]=await Promise.all([s.q(ye,{id:a}),s.accounts().then(p=>{s.accountCache=p}),s.labels().then(p=>{s.labelCache=p})]);if(!i)return;d(y.getTransaction,o)}catch(y){D(r),r.append(e("h1",{},"Transaction"),x(y,()=>l()))}},c=async o=>{s.ledgerChanged("edit"),n.recalc.refresh(),await l(o),ae(o)},d=(o,y)=>{D(r);let p=`${s.labelName(o.label)} \xB7 ${q(o.createdAt)}`,m=e("div",{id:"tx-message",role:"status","aria-live":"polite"},y?e("p",{class:"notice ok"},y,n.recalc.state!=="recalculating"?" Recalculate to update your figures.":""):"");r.append(e("h1",{id:"tx-title"},p),e("p",{class:"lead"},te(o)),e("p",{class:"muted"},`${s.accountName(o.accountId)} \xB7 ${_(o.createdAt)}`,o.txnHash?[" \xB7 ",o.explorerUrl&&/^https:\/\//.test(o.explorerUrl)?e("a",{href:o.explorerUrl,target:"_blank",rel:"noopener noreferrer"},`View on explorer (${X(o.txnHash)})`):e("span",{class:"mono",title:o.txnHash},X(o.txnHash))]:""),e("div",{class:"flags"},...De(o)),ra(o),m,oa(o),la(s,o,c));let I=V("why","Why these figures",M("the lots behind this transaction"));r.append(I.el),xn(s,o,I.body),r.append(ua(n,o,c));let $=V("history","History of changes",M("the history"));r.append($.el),An(s,o,$.body,c)};l();let u=s.onChange(()=>{n.recalc.state==="settled"&&l()});return()=>{i=!1,u()}}var ia={HIGH:"high confidence",MEDIUM:"medium confidence",LOW:"low confidence"};function ra(n){let t=n.classification;if(!t)return"";let a=t.confidence==="LOW"&&!n.isReviewed&&!n.isEdited;return e("div",{class:"classification",id:"tx-classification","data-rule":t.rule,"data-confidence":t.confidence},e("p",{},"Read by the rule ",e("strong",{},t.rule),` (${ia[t.confidence]||t.confidence}): ${t.explanation}.`,a?[" ",e("span",{class:"badge warning"},"Needs review")]:""),e("p",{class:"muted small"},n.isEdited?"You changed this transaction: your edit stays, whatever the rules say later.":"Change the label below if this reading is wrong: your edit always wins over the rules."))}function oa(n){let t=n.capGainsSumSigned!==null&&n.capGainsSumSigned!==void 0?Number(n.capGainsSumSigned):null,a=[["value","Value",b(n.fiatValueCents)],["fees","Fees",b(n.feeFiatValueCents)]];return t!==null&&a.push(["gain",t<0?"Capital loss":"Capital gain",E(t)]),n.incomeSum&&a.push(["income","Income",b(n.incomeSum)]),e("dl",{class:"figures",id:"tx-figures"},...a.map(([s,r,i])=>e("div",{class:"figure","data-figure":s},e("dt",{},r),e("dd",{},i))))}function Tn(n,t,a){return t?n.accountName(t):a?X(a):"Outside your accounts"}function la(n,t,a){let s=V("transfers","Transfers"),r=t.transfers.map(i=>{let l=i.capGainsSumSigned!==null&&i.capGainsSumSigned!==void 0?Number(i.capGainsSumSigned):null,c=e("div",{class:"transfer-edit",id:`edit-${i.id}`}),d=e("tr",{class:"edit-row",hidden:!0},e("td",{colspan:6},c)),u=N("Edit value",()=>{d.hidden=!d.hidden,u.setAttribute("aria-expanded",String(!d.hidden)),d.hidden||c.querySelector("input")?.focus()},"link small",{"aria-expanded":"false","aria-controls":`edit-${i.id}`,"data-edit-transfer":i.id});return ca(n,t,i,c,a),[e("tr",{"data-transfer":i.id,class:i.isHidden?"hidden-tx":""},e("td",{"data-label":"Transfer"},e("strong",{},`${i.direction==="OUTGOING"?"\u2212":i.direction==="INCOMING"?"+":""}${R(i.amountExact)} ${i.asset?.symbol||""}`),i.isFee?e("span",{class:"badge muted"},"Fee"):"",i.isHidden?e("span",{class:"badge muted"},"Hidden"):""),e("td",{"data-label":"From \u2192 to"},`${Tn(n,i.fromAccountId,i.fromAddress)} \u2192 ${Tn(n,i.toAccountId,i.toAddress)}`),e("td",{"data-label":"Market value",class:"num"},i.fiatValueCents===null||i.fiatValueCents===void 0?e("span",{class:"badge critical"},"No price"):b(i.fiatValueCents),i.isFiatValueOverridden?e("div",{class:"muted small"},"set by you"):""),e("td",{"data-label":"Cost basis",class:"num"},b(i.basisFiatValueCents)),e("td",{"data-label":"Gain or income",class:"num"},l!==null?`${E(l)}${i.saleTerm?` (${ee(n.client,i.saleTerm,!0)})`:""}`:i.incomeSum?`Income ${b(i.incomeSum)}`:"\u2014",i.uncoveredAmountExact?e("div",{class:"muted small"},`${R(i.uncoveredAmountExact)} ${i.asset?.symbol||""} not covered by your lots`):""),e("td",{"data-label":"Change"},u)),d]});return s.body.append(e("table",{class:"table cards"},e("caption",{class:"sr-only"},"Transfers of this transaction"),e("thead",{},e("tr",{},...["Transfer","From \u2192 to","Market value","Cost basis","Gain or income",""].map(i=>e("th",{scope:"col"},i)))),e("tbody",{},...r.flat()))),s.el}function ca(n,t,a,s,r){let i=a.asset?.symbol||"units",l=e("input",{type:"number",min:"0",step:"0.01",inputmode:"decimal",value:a.fiatValueCents!=null?(a.fiatValueCents/100).toFixed(2):""}),c=e("input",{type:"number",min:"0",step:"any",inputmode:"decimal"}),d=e("input",{type:"number",min:"0",step:"0.01",inputmode:"decimal",value:a.basisFiatValueCents!=null?(a.basisFiatValueCents/100).toFixed(2):""}),u=e("div",{role:"status"}),o=a.direction==="INCOMING",y=l.value,p=d.value;c.addEventListener("input",()=>{let $=Number(c.value);c.value&&isFinite($)&&(l.value=($*Number(a.amountExact)).toFixed(2))});let m=e("button",{type:"submit"},"Save value"),I=e("form",{class:"inline-form","data-value-form":a.id,onsubmit:async $=>{$.preventDefault();let T=l.value===""||l.value===y?void 0:Number(l.value),P=o&&d.value!==""&&d.value!==p?Number(d.value):void 0;if(T===void 0&&P===void 0){u.replaceChildren(e("p",{class:"notice error"},l.value===""?"Enter a value.":"Change the value or the cost basis."));return}try{await G(m,"Saving\u2026",()=>n.q(Ve,{tx:t.id,transfer:a.id,value:T,basis:P})),await r(`Saved the value of ${R(a.amountExact)} ${i}.`)}catch(L){u.replaceChildren(x(L))}}},B(`per-unit-${a.id}`,`Price per ${i} (${n.client.currency})`,c),B(`value-${a.id}`,`${o?"Market value":a.isFee?"Fee value":"Proceeds"} (${n.client.currency})`,l),o?B(`basis-${a.id}`,`Cost basis (${n.client.currency})`,d):"",m,a.isFiatValueOverridden?N("Back to the imported value",async $=>{try{await G($.currentTarget,"Resetting\u2026",()=>n.q(Ve,{tx:t.id,transfer:a.id,reset:!0})),await r("The imported value is back.")}catch(T){u.replaceChildren(x(T))}},"secondary"):"");s.append(I,u)}async function xn(n,t,a){let s=t.transfers.filter(c=>c.capGainsSumSigned!==null&&c.capGainsSumSigned!==void 0),r=t.transfers.filter(c=>c.incomeSum),i=t.transfers.filter(c=>c.direction==="INCOMING"&&!c.incomeSum&&!t.isInternalTransfer),l=[...new Set([...s,...i].map(c=>c.asset?.pricingKey).filter(c=>!!c))];try{let c=await Promise.all(l.map(u=>n.q(he,{key:u,id:t.id}).then(o=>({key:u,...o.getTaxLots}))));D(a);let d=[];t.isHidden&&d.push(e("p",{},"This transaction is hidden: it does not count in your taxes.")),t.isInternalTransfer&&d.push(e("p",{},"A move between your own accounts: the coins keep their cost basis and purchase date, and nothing is taxed."));for(let u of s){let o=c.flatMap(P=>P.disposals).filter(P=>P.transferId===u.id),y=c.find(P=>P.key===u.asset?.pricingKey)?.costBasisAlgorithm||n.client.costBasisAlgorithm,p=u.asset?.symbol||"",m=Number(u.capGainsSumSigned),I=u.basisFiatValueCents??o.reduce((P,L)=>P+L.costBasisCents,0),$=I+m,T=(u.fiatValueCents??$)-$;d.push(e("div",{class:"why","data-why-transfer":u.id},e("h3",{},`${u.isFee?"Fee paid with":"Disposal of"} ${R(u.amountExact)} ${p}`),e("p",{class:"equation"},`Proceeds ${b($)} \u2212 cost basis ${b(I)} = `,e("strong",{},`${m<0?"loss":"gain"} ${E(m)}`)),T>0?e("p",{class:"muted small"},`The proceeds are the market value of ${b(u.fiatValueCents)} less ${b(T)} of fees.`):"",e("p",{class:"muted small"},n.client.jurisdictionRules.matchingText||`Lots are taken ${da(y)}. Each piece below is the part of this disposal one lot covered.`),e("ul",{class:"pieces"},...o.map(P=>e("li",{"data-piece":P.lotTransactionId||"uncovered","data-match":P.match||""},P.isUncovered?[e("strong",{},`${R(P.amountExact)} ${p} not covered by any ${n.client.jurisdictionRules.words.holding}`),": counted with a zero cost basis. Add the account or transaction it came from, or pair the move that brought it."]:P.match&&P.match!=="LOT"?ma(P,p):[`${R(P.amountExact)} ${p} from the lot acquired `,P.lotTransactionId?e("a",{href:`#/transactions/${P.lotTransactionId}`},q(P.lotAcquiredAt)):q(P.lotAcquiredAt),`: proceeds ${b(P.proceedsCents)} \u2212 basis ${b(P.costBasisCents)} = ${E(P.gainCents)}, ${ee(n.client,P.term,!0)}${P.box?`, Form 8949 box ${P.box}`:""}`,P.isMissingBasis?e("span",{class:"badge critical"},"Basis unknown"):""]))),o.length===0?e("p",{class:"muted"},"The lots behind this disposal appear once your taxes are recalculated."):""))}for(let u of r)d.push(e("div",{class:"why"},e("h3",{},`Income: ${R(u.amountExact)} ${u.asset?.symbol||""}`),e("p",{},`Counted as income of ${b(u.incomeSum)}, its market value when received. That value is also the cost basis of the coins, for when you sell them.`)));for(let u of i){let o=c.filter(p=>p.key===u.asset?.pricingKey).flatMap(p=>p.lots),y=u.asset?.symbol||"";d.push(e("div",{class:"why"},e("h3",{},`Acquisition of ${R(u.amountExact)} ${y}`),u.basisFiatValueCents===null||u.basisFiatValueCents===void 0?e("p",{},"No price is known for this receipt, so its coins have an unknown cost basis: a later sale of them counts in full as a gain. Set its value above."):e("p",{},`Cost basis ${b(u.basisFiatValueCents)}: what was paid or given for it, fees included.`),o.length?e("p",{class:"muted"},`Still held from it: ${o.map(p=>`${R(p.amountExact)} of ${R(p.originalAmountExact)} ${y} (basis ${b(p.costBasisCents)}, ${ee(n.client,p.term,!0)} if sold now)`).join("; ")}.`):e("p",{class:"muted"},"Nothing of it is held any more: it was sold, spent or moved on.")))}d.length===0&&d.push(e("p",{class:"muted"},"This transaction has no tax effect: nothing was sold, spent or earned.")),a.append(...d)}catch(c){a.replaceChildren(x(c,()=>xn(n,t,a)))}}function da(n){return{FIFO:"first in, first out (FIFO)",LIFO:"last in, first out (LIFO)",HIFO:"highest cost first (HIFO)",LOFO:"lowest cost first (LOFO)",AVERAGE_COST:"at their average cost"}[n]||n}function ua(n,t,a){let{app:s}=n,r=V("fix","Change this transaction"),i=e("div",{role:"status","aria-live":"polite"}),l=O("label",[["","Loading labels\u2026"]]);l.disabled=!0;let c=e("button",{type:"submit",id:"save-label"},"Save label"),d=e("p",{class:"muted small",id:"label-help"});s.q(Ie,{id:t.id}).then(m=>{let I=m.getTransactionTypeOptions,$=new Set(I.recommended.map(P=>P.value));l.replaceChildren(e("option",{value:""},"No label"),...I.options.map(P=>e("option",{value:P.value},$.has(P.value)?`${P.name} (suggested)`:P.name))),l.value=t.label||"",l.disabled=!1;let T=()=>{d.textContent=I.options.find(P=>P.value===l.value)?.description||"Without a label, what leaves is taxed as a sale and what arrives as a purchase."};l.addEventListener("change",T),T()}).catch(m=>i.replaceChildren(x(m)));let u=e("form",{class:"inline-form",id:"label-form",onsubmit:async m=>{m.preventDefault();let I=l.value;try{await G(c,"Saving\u2026",()=>s.q(be,I?{ids:[t.id],label:I}:{ids:[t.id],wipe:!0})),await a(I?`Labeled as ${s.labelName(I)}.`:"Label removed.")}catch($){i.replaceChildren(x($))}}},B("tx-label","Label",l,"grow"),c),o=e("div",{class:"actions",id:"tx-actions"}),y=(m,I,$,T,P,L="secondary")=>N(m,async C=>{try{await G(C.currentTarget,$,T),await a(P)}catch(h){i.replaceChildren(x(h))}},L,{id:I});o.append(t.isHidden?y("Unhide","unhide-tx","Unhiding\u2026",()=>s.q(le,{id:t.id,hidden:!1}),"The transaction counts again."):y("Hide","hide-tx","Hiding\u2026",()=>s.q(le,{id:t.id,hidden:!0}),"Hidden: the transaction no longer counts in your taxes."),y(t.isReviewed?"Mark as not reviewed":"Mark as reviewed","review-tx","Saving\u2026",()=>s.q(Ce,{id:t.id,reviewed:!t.isReviewed}),t.isReviewed?"Marked as not reviewed.":"Marked as reviewed.")),t.isMissingBasis&&o.append(y("Accept a zero cost basis","accept-basis","Saving\u2026",()=>s.q(ce,{ids:[t.id],override:!0}),"Accepted: this transaction is no longer flagged for its missing cost basis."));let p=e("div",{id:"tx-pair"});if(t.isInternalTransfer&&t.linkedTransactionId){let m=t.transfers.some(T=>T.direction==="OUTGOING"||T.fromAccountId&&!T.isFee),[I,$]=m?[t.id,t.linkedTransactionId]:[t.linkedTransactionId,t.id];p.append(e("p",{},`Paired ${t.linkType==="BRIDGE"?"as a bridge":t.linkType==="CROSS_CHAIN_SWAP"?"as a cross-chain swap":"as a move between your own accounts"} with `,e("a",{href:`#/transactions/${t.linkedTransactionId}`},"the other side"),"."),y("Unpair","unpair-tx","Unpairing\u2026",()=>s.q(en,{from:I,to:$}),"Unpaired: both sides count on their own again."))}else s.q(fe,{id:t.id,limit:1}).then(m=>{let I=m.getTransferPairSuggestions[0];I&&p.append(we(s,I,async()=>{await a("Paired as a move between your own accounts.")}))}).catch(m=>p.append(x(m)));return r.body.append(u,d,p,o,i),r.el}var pa={label:"Label",isHidden:"Hidden",isReviewed:"Reviewed",notes:"Notes",fiatValue:"Value",basisFiatValue:"Cost basis",internalTransferTo:"Paired as internal transfer",bridgeTo:"Paired as bridge",crossChainSwapTo:"Paired as cross-chain swap",isMissingBasisOverride:"Missing cost basis accepted",createdAt:"Date",amount:"Quantity",quantity:"Quantity",assetId:"Asset"};function Pn(n,t){return t==null||t===""?n==="label"?"no label":"nothing":typeof t=="boolean"?t?"yes":"no":n==="label"&&typeof t=="string"?t.replace(/_/g," "):(n==="fiatValue"||n==="basisFiatValue")&&(typeof t=="string"||typeof t=="number")?b(Math.round(Number(t)*100)):typeof t=="string"?t.length>40?`${t.slice(0,37)}\u2026`:t:JSON.stringify(t).slice(0,40)}async function An(n,t,a,s){try{let r=await n.q(Kt,{ids:[t.id]}),i=r.getClientAuditLogs.auditLogs;if(D(a),i.length===0){a.append(e("p",{class:"muted",id:"history-empty"},"No changes since it was imported."));return}let l=e("div",{role:"status"});a.append(e("ul",{class:"history",id:"history-list"},...i.map(c=>{let d=c.field?`${pa[c.field]||c.field}: ${Pn(c.field,c.oldValue)} \u2192 ${Pn(c.field,c.newValue)}`:c.action.replace(/^\w+\./,"").replace(/_/g," "),u=c.actorType==="USER"?"you":c.actorType==="API_KEY"?"an app":c.actorType==="STAFF"?"support":`${n.brand.name} or an import`;return e("li",{"data-audit":c.id,class:c.undoneAt?"undone":""},e("span",{},e("strong",{},d),e("span",{class:"muted small"},` \xB7 ${_(c.createdAt)} \xB7 by ${u}`),c.undoneAt?e("span",{class:"badge muted"},"Undone"):""),c.canUndo?N("Undo",async o=>{try{await G(o.currentTarget,"Undoing\u2026",()=>n.q(tn,{ids:[c.id]})),await s(`Undone: ${d}.`)}catch(y){l.replaceChildren(x(y))}},"secondary small",{"data-undo":c.id}):"")})),l,r.getClientAuditLogs.total>i.length?e("p",{class:"muted small"},`The latest ${i.length} of ${r.getClientAuditLogs.total} changes.`):"")}catch(r){a.replaceChildren(x(r,()=>An(n,t,a,s)))}}function ma(n,t){let a=n.lotTransactionId?e("a",{href:`#/transactions/${n.lotTransactionId}`},q(n.lotAcquiredAt)):q(n.lotAcquiredAt),s=n.match==="SAME_DAY"?[`${R(n.amountExact)} ${t} matched with the same day\u2019s acquisitions`]:n.match==="THIRTY_DAY"?[`${R(n.amountExact)} ${t} matched with the acquisition of `,a," (within 30 days)"]:n.match==="POOL"?[`${R(n.amountExact)} ${t} from the section 104 pool, at its average cost`]:[`${R(n.amountExact)} ${t} at the adjusted cost base`],r=n.deniedLossExact?Math.round(Number(n.deniedLossExact)*100):0;return[...s,`: proceeds ${b(n.proceedsCents)} \u2212 cost ${b(n.costBasisCents)} = ${E(n.gainCents)}`,r?e("span",{class:"badge warning","data-denied":r},`Superficial loss denied: ${b(r)}`):""]}var ga={CRITICAL:"Makes figures wrong",WARNING:"Likely wrong",INFO:"Worth a look"},He=5,ya={MISSING_BASIS:"These sales use coins whose purchase price is unknown, so their whole value counts as a gain. Give the receipt a price, or accept a zero cost basis if you really paid nothing.",UNCOVERED_DISPOSALS:"These transactions send or sell more than your accounts held at the time. Usually an account or a purchase is missing: add it, or pair the move that brought the coins.",NEGATIVE_BALANCE:"An account sent more of an asset than it held. Add the missing account or transaction, or hide a duplicate.",UNLABELED_TRANSACTIONS:"Without a label, what leaves an account counts as a sale and what arrives as a purchase. Label income, gifts and fees as such.",POSSIBLE_INTERNAL_TRANSFER:"A withdrawal followed by a deposit of nearly the same amount into another of your accounts. Unpaired, the first counts as a sale and the second as a purchase.",POSSIBLE_SPAM:"A token whose name advertises a website or a claim, as airdropped spam does. Never visit the site; mark the token as spam to leave it out of your figures.",NEEDS_REVIEW_CLASSIFICATION:"No rule recognised these on-chain transactions with confidence, so what arrived counts as a purchase and what left as a sale. Open each one to see what was read, then label it, or confirm that the reading is right."},ha=new Set(["MISSING_BASIS","UNCOVERED_DISPOSALS","NEGATIVE_BALANCE"]);function wn(n,t,a){let{app:s}=n,r=e("div",{class:"recalc-box",id:"review-recalc"}),i=e("div",{id:"review-queue","aria-live":"polite"},M("what needs review"));t.append(e("h1",{},"Needs review"),e("p",{class:"lead"},"What can make your tax figures wrong, most serious first. Fix each item here; the counts fall as you go."),r,i);let l=new Set,c=()=>{let p=n.recalc.state;p==="settled"&&l.clear(),r.dataset.state=p,r.replaceChildren(e("p",{},p==="settled"?"Your figures include every change.":p==="dirty"?"Some fixes are not in your figures yet: prices, pairs and labels change your taxes once they are recalculated.":"Recalculating your taxes with your fixes\u2026"),p==="dirty"?N("Recalculate now",()=>n.recalc.start(),"",{id:"review-recalculate"}):"")};c();let d=n.recalc.onState(c),u=async p=>{ae(p),s.ledgerChanged("edit"),await n.recalc.refresh()},o=async()=>{try{let m=(await s.q(se)).getClientInsights,I=m.reduce(($,T)=>$+T.transactionCount,0);if(n.reviewCount(I),D(i),m.length===0){i.append(U("Nothing needs your attention: your transactions are labeled, priced and paired.","review-empty"));return}i.append(e("p",{id:"review-total","data-count":I},I===1?"1 item to review.":`${I} items to review.`));for(let $ of m)i.append(Ia(n,$,l,u))}catch(p){i.replaceChildren(x(p,o))}};o();let y=s.onChange(o);return()=>{y(),d()}}function Ia(n,t,a,s){let r=e("div",{class:"items"},M("the items")),i=e("section",{class:`insight ${t.severity.toLowerCase()}`,"data-insight":t.patternId,"aria-labelledby":`ins-${t.id}`},e("div",{class:"insight-head"},e("span",{class:`badge ${t.severity.toLowerCase()}`},ga[t.severity]||t.severity),e("h2",{id:`ins-${t.id}`},t.title),e("span",{class:"insight-count","data-insight-count":t.transactionCount},String(t.transactionCount))),e("p",{},ya[t.type]||t.description),ha.has(t.type)?e("p",{class:"muted small"},"This list changes when your taxes are recalculated after a fix."):"",r,t.type!=="POSSIBLE_SPAM"?e("p",{},e("a",{href:`#/transactions?review=${encodeURIComponent(t.patternId)}`},t.transactionCount>He?`See all ${t.transactionCount} in Transactions`:"See them in Transactions")):"");return fa(n,t,r,a,s).catch(l=>r.replaceChildren(x(l))),i}async function fa(n,t,a,s,r){let{app:i}=n;if(t.type==="POSSIBLE_INTERNAL_TRANSFER"){let u=await i.q(fe,{limit:He});D(a);for(let o of u.getTransferPairSuggestions){let y=we(i,o,async()=>{y.replaceChildren(e("p",{class:"notice ok"},"Paired. Recalculate to update your figures.")),await r("Paired as a move between your accounts.")});a.append(y)}return}let l=t.assetId;if(t.type==="POSSIBLE_SPAM"&&l){D(a);let u=e("div",{role:"status"}),o=N("Mark as spam",async()=>{try{await G(o,"Marking\u2026",()=>i.q(nn,{assetId:l,spam:!0})),a.replaceChildren(e("p",{class:"notice ok"},"Marked as spam: its transactions are left out of your figures.")),await r("Marked as spam.")}catch(y){u.replaceChildren(x(y))}},"small",{"data-spam":t.assetId});a.append(o,u);return}let c=await i.q(ge,{insightPatternId:t.patternId,limit:He});await i.accounts().then(u=>{i.accountCache=u}),D(a);let d=e("ul",{class:"review-items"});a.append(d);for(let u of c.getClientTransactions.transactions){let o=e("li",{"data-review-item":u.id}),y=m=>async()=>{s.add(u.id),o.replaceChildren(e("p",{class:"notice ok"},m)),await r(m)};if(s.has(u.id)){o.append(e("p",{class:"notice ok"},`${q(u.createdAt)} \xB7 ${te(u)}: fixed. Recalculate to update your figures.`)),d.append(o);continue}o.append(e("p",{},e("a",{href:`#/transactions/${u.id}`},`${q(u.createdAt)} \xB7 ${i.labelName(u.label)}`),` \xB7 ${te(u)} \xB7 ${i.accountName(u.accountId)}`));let p=e("div",{class:"fix"});switch(o.append(p),d.append(o),t.type){case"UNLABELED_TRANSACTIONS":Dn(i,u,p,y);break;case"NEEDS_REVIEW_CLASSIFICATION":Dn(i,u,p,y),ba(i,u,p,y);break;case"MISSING_BASIS":Ca(i,u,p,y);break;case"UNCOVERED_DISPOSALS":$a(i,u,p,y);break;case"NEGATIVE_BALANCE":Ta(i,u,p,y);break;default:break}}}function ve(n,t,a,s,r){n.addEventListener("click",async()=>{try{await G(n,t,s),await r()}catch(i){a.replaceChildren(x(i))}})}function Dn(n,t,a,s){let r=O("label",[["","Choose a label"]]),i=e("button",{type:"submit",class:"small"},"Save label"),l=e("div",{role:"status"});n.q(Ie,{id:t.id}).then(d=>{let u=new Set(d.getTransactionTypeOptions.recommended.map(o=>o.value));r.append(...d.getTransactionTypeOptions.options.map(o=>e("option",{value:o.value},u.has(o.value)?`${o.name} (suggested)`:o.name)))}).catch(d=>l.replaceChildren(x(d)));let c=`label-${t.id}`;a.append(e("form",{class:"inline-form","data-label-form":t.id,onsubmit:async d=>{if(d.preventDefault(),!r.value){l.replaceChildren(e("p",{class:"notice error"},"Choose a label first."));return}try{await G(i,"Saving\u2026",()=>n.q(be,{ids:[t.id],label:r.value})),await s(`Labeled as ${n.labelName(r.value)}.`)()}catch(u){l.replaceChildren(x(u))}}},B(c,"Label",r),i),l)}function ba(n,t,a,s){let r=e("button",{type:"button",class:"small secondary","data-confirm":t.id},"The reading is right"),i=e("div",{role:"status"});ve(r,"Saving\u2026",i,()=>n.q(Ce,{id:t.id,reviewed:!0}),s("Marked as reviewed.")),a.append(r,i)}async function Ca(n,t,a,s){let r=e("div",{role:"status"});try{let c=(await n.q(ye,{id:t.id})).getTransaction.transfers.filter(o=>o.capGainsSumSigned!==null&&o.capGainsSumSigned!==void 0&&o.asset),d=[...new Set(c.map(o=>o.asset.pricingKey))],u=[];for(let o of d){let y=await n.q(he,{key:o,id:t.id});for(let p of y.getTaxLots.disposals){let m=c.find(I=>I.id===p.transferId);p.isMissingBasis&&!p.isUncovered&&p.lotTransactionId&&m&&!u.some(I=>I.tx===p.lotTransactionId)&&u.push({tx:p.lotTransactionId,at:p.lotAcquiredAt||"",symbol:m.asset.symbol,assetId:m.assetId,amount:p.amountExact})}}for(let o of u){let y=e("input",{type:"number",min:"0",step:"any",inputmode:"decimal",required:!0}),p=e("button",{type:"submit",class:"small"},"Save price");a.append(e("form",{class:"inline-form","data-price-form":o.tx,onsubmit:async m=>{m.preventDefault();let I=Number(y.value);if(!y.value||!isFinite(I)||I<0){r.replaceChildren(e("p",{class:"notice error"},"Enter the price per unit, for example 1.85."));return}try{await G(p,"Saving\u2026",()=>n.q(Xt,{ids:[o.tx],assetId:o.assetId,price:I})),await s(`Saved the price of the ${o.symbol} received on ${q(o.at)}.`)()}catch($){r.replaceChildren(x($))}}},e("p",{class:"small"},`The ${R(o.amount)} ${o.symbol} it sold came from `,e("a",{href:`#/transactions/${o.tx}`},`a receipt on ${q(o.at)}`)," without a price."),B(`price-${o.tx}`,`Price per ${o.symbol} when received (${n.client.currency})`,y),p))}}catch(l){r.replaceChildren(x(l))}let i=N("Accept a zero cost basis",()=>{},"secondary small");ve(i,"Saving\u2026",r,()=>n.q(ce,{ids:[t.id],override:!0}),s("Accepted a zero cost basis.")),a.append(i,r)}function $a(n,t,a,s){let r=e("div",{role:"status"}),i=N("Accept a zero cost basis",()=>{},"secondary small");ve(i,"Saving\u2026",r,()=>n.q(ce,{ids:[t.id],override:!0}),s("Accepted a zero cost basis.")),a.append(e("a",{href:`#/transactions/${t.id}`,class:"button-link small"},"Open and pair or edit"),i,r)}function Ta(n,t,a,s){let r=e("div",{role:"status"}),i=N("Hide (a duplicate)",()=>{},"secondary small");ve(i,"Hiding\u2026",r,()=>n.q(le,{id:t.id,hidden:!0}),s("Hidden: it no longer counts.")),a.append(e("a",{href:`#/transactions/${t.id}`,class:"button-link small"},"Open"),i,r)}var _e=n=>n.isReceipt||!!n.defiPosition,Ge=n=>n.asset?.symbol||"?";function vn(n,t){D(n);let a=new Map,s=[];for(let r of t.filter(_e)){if(!r.defiPosition){s.push(r);continue}let i=a.get(r.defiPosition.id)||{name:r.defiPosition.name,coins:[],receipts:[]};(r.isReceipt?i.receipts:i.coins).push(r),a.set(r.defiPosition.id,i)}if(a.size===0&&s.length===0)return!1;n.append(e("p",{},"Coins you put into a pool, a lending market or staking are still yours for tax: moving them in or out is not a sale, and they keep what you paid for them. The tokens you got back for them (LP tokens, aTokens, stETH and the like) stand for these coins, so they are not counted again."));for(let[r,i]of a){let l=e("h3",{},i.name),c=e("div",{class:"defi-position","data-position":r},l);i.coins.length?c.append(e("table",{class:"table cards"},e("caption",{class:"sr-only"},`Coins in the ${i.name}`),e("thead",{},e("tr",{},...["Asset","Quantity","Value","Cost basis","Unrealized"].map(d=>e("th",{scope:"col"},d)))),e("tbody",{},...i.coins.map(d=>e("tr",{"data-asset":d.assetId},e("td",{"data-label":"Asset"},e("strong",{},Ge(d))),e("td",{"data-label":"Quantity",class:"num"},R(d.amountExact)),e("td",{"data-label":"Value",class:"num"},d.valueCents===null||d.valueCents===void 0?e("span",{class:"badge muted"},"No price"):b(d.valueCents)),e("td",{"data-label":"Cost basis",class:"num"},b(d.costBasisCents)),e("td",{"data-label":"Unrealized",class:"num"},d.unrealizedGainCents===null||d.unrealizedGainCents===void 0?"\u2014":e("span",{class:d.unrealizedGainCents<0?"loss":"gain"},`${E(d.unrealizedGainCents)} (${re(d.unrealizedGainPercent)})`))))))):c.append(e("p",{class:"muted small"},"Your last calculation shows no coins in this position. Recalculate if you deposited recently.")),i.receipts.length&&c.append(e("p",{class:"muted small"},`Receipt held: ${i.receipts.map(d=>`${R(d.amountExact)} ${Ge(d)}`).join(", ")}. Its value is the coins above.`)),n.append(c)}return s.length&&n.append(e("p",{class:"muted small",id:"defi-receipts"},`Other receipt tokens held: ${s.map(r=>`${R(r.amountExact)} ${Ge(r)}`).join(", ")}. They stand for coins in a position or for a loan, so they have no value of their own here.`)),!0}var En=[["ONE_MONTH","1 month"],["THREE_MONTHS","3 months"],["YEAR_TO_DATE","This year"],["ONE_YEAR","1 year"],["ALL_TIME","All time"]];function Rn(n,t){let{app:a}=n,s=e("div",{class:"cards-row",id:"portfolio-totals","aria-live":"polite"},M("your holdings")),r=e("figure",{class:"chart",id:"value-chart"}),i="ALL_TIME",l=e("div",{class:"segmented",role:"radiogroup","aria-label":"Chart range"},...En.map(([m,I])=>{let $=`range-${m.toLowerCase()}`,T=e("input",{type:"radio",name:"range",id:$,value:m,checked:m===i,onchange:()=>{i=m,o()}});return e("span",{},T,e("label",{for:$},I))})),c=V("holdings","Holdings",M("your holdings")),d=V("harvest","Tax-loss harvesting",M("losses you could harvest")),u=V("defi","DeFi positions");u.el.hidden=!0,t.append(e("h1",{},"Portfolio"),s,V("value","Value over time",l,r).el,c.el,u.el,d.el);let o=async()=>{r.replaceChildren(M("the chart"));try{let I=(await a.q(an,{interval:i})).getChart,$=In(r,I.points,`Portfolio value and cost basis, ${En.find(([T])=>T===i)?.[1].toLowerCase()}`);r.replaceChildren($,$.tagName==="svg"?e("figcaption",{},`Change over the range: ${E(I.changeCents)}${I.changePercent===null||I.changePercent===void 0?"":` (${re(I.changePercent)})`}. Coins without a price on a day add nothing to that day.`):"")}catch(m){r.replaceChildren(x(m,o))}},y=async()=>{try{let m=(await a.q($e)).getPortfolioV2,I={...m,positions:m.positions.filter(h=>!_e(h))},$=(h,g,f,S="")=>e("div",{class:"card","data-figure":h},e("span",{class:"card-title"},g),e("span",{class:"card-value"},f),S?e("span",{class:"card-sub"},S):""),T=m.positions.filter(h=>!h.isReceipt),P=T.filter(h=>h.valueCents!==null&&h.valueCents!==void 0),L=T.length-P.length,C=P.reduce((h,g)=>h+(g.unrealizedGainCents||0),0);s.replaceChildren($("value","Value",P.length||!L?b(I.totalValueCents):"No prices",L?`${L} holding${L===1?"":"s"} without a price today, left out`:"At today\u2019s prices"),$("basis","Cost basis",b(I.totalCostBasisCents),I.isStale?"Recalculate to include recent changes":"What you paid for what you hold"),$("unrealized","Unrealized gain",P.length||!L?E(C):"No prices",L?"Of the holdings with a price":"If you sold everything today")),D(c.body),m.positions.length===0?c.body.append(U("You hold nothing yet: add and sync your wallets and exchanges on the Overview page.","holdings-empty")):I.positions.length===0?c.body.append(U("Everything you hold is in the DeFi positions below.","holdings-empty")):(c.body.append(e("table",{class:"table cards",id:"holdings-table"},e("caption",{class:"sr-only"},"Your holdings"),e("thead",{},e("tr",{},...["Asset","Quantity","Price","Value","Cost basis","Unrealized","Share"].map(h=>e("th",{scope:"col"},h)))),e("tbody",{},...I.positions.map(h=>{let g=h.amountExact.startsWith("-");return e("tr",{"data-asset":h.assetId},e("td",{"data-label":"Asset"},e("strong",{},h.asset?.symbol||"?"),h.asset?.name&&h.asset.name!==h.asset.symbol?e("div",{class:"muted small"},h.asset.name):"",g?e("span",{class:"badge warning"},"Negative balance"):""),e("td",{"data-label":"Quantity",class:"num"},R(h.amountExact)),e("td",{"data-label":"Price",class:"num"},h.price===null||h.price===void 0?e("span",{class:"badge muted"},"No price"):b(Math.round(h.price*100))),e("td",{"data-label":"Value",class:"num"},b(h.valueCents)),e("td",{"data-label":"Cost basis",class:"num"},b(h.costBasisCents)),e("td",{"data-label":"Unrealized",class:"num"},h.unrealizedGainCents===null||h.unrealizedGainCents===void 0?"\u2014":e("span",{class:h.unrealizedGainCents<0?"loss":"gain"},`${E(h.unrealizedGainCents)} (${re(h.unrealizedGainPercent)})`)),e("td",{"data-label":"Share",class:"num"},h.portfolioPercent===null||h.portfolioPercent===void 0?"\u2014":`${h.portfolioPercent.toFixed(1)}%`))})))),m.total>m.positions.length&&c.body.append(e("p",{class:"muted small"},`The ${m.positions.length} largest of ${m.total} holdings and positions.`))),u.el.hidden=!vn(u.body,m.positions)}catch(m){s.replaceChildren(x(m,y)),D(c.body),D(u.body)}p()},p=async()=>{try{let m=new Date().toISOString().slice(0,10),I=(await a.q(sn,{date:m})).getHarvestableLosses;D(d.body),d.body.append(e("p",{},"Selling holdings worth less than you paid realizes a loss that offsets your gains. These lots are below their cost basis at today\u2019s prices.")),I.assets.length===0?d.body.append(U("None of your holdings is worth less than its cost basis today.","harvest-empty")):d.body.append(e("p",{id:"harvest-total"},e("strong",{},`Up to ${b(-I.totalUnrealizedLossCents)} of losses`),` (short-term ${b(-I.shortTermUnrealizedLossCents)}, long-term ${b(-I.longTermUnrealizedLossCents)}).`),e("table",{class:"table cards",id:"harvest-table"},e("caption",{class:"sr-only"},"Holdings you could sell at a loss"),e("thead",{},e("tr",{},...["Asset","Held at a loss","Value","Cost basis","Loss",""].map($=>e("th",{scope:"col"},$)))),e("tbody",{},...I.assets.map($=>e("tr",{"data-harvest":$.assetId},e("td",{"data-label":"Asset"},e("strong",{},$.asset?.symbol||"?")),e("td",{"data-label":"Held at a loss",class:"num"},R($.amountExact)),e("td",{"data-label":"Value",class:"num"},b($.marketValueCents)),e("td",{"data-label":"Cost basis",class:"num"},b($.costBasisCents)),e("td",{"data-label":"Loss",class:"num"},e("span",{class:"loss"},E($.unrealizedGainCents)),e("div",{class:"muted small"},`short-term ${E($.shortTermUnrealizedGainCents)} \xB7 long-term ${E($.longTermUnrealizedGainCents)}`)),e("td",{"data-label":"Note"},$.hasRecentAcquisition?e("span",{class:"badge info"},"Bought in the last 30 days"):"")))))),I.unpricedAssetIds.length&&d.body.append(e("p",{class:"muted small"},`${I.unpricedAssetIds.length} holding${I.unpricedAssetIds.length===1?" has":"s have"} no price today and ${I.unpricedAssetIds.length===1?"is":"are"} left out.`)),d.body.append(e("p",{class:"muted small"},"This is information, not advice: check with a tax professional before you sell."))}catch(m){d.body.replaceChildren(x(m,p))}};return y(),o(),a.onChange(()=>{y(),o()})}var Pa={A:"Short-term, on Form 1099-B with basis reported",B:"Short-term, on Form 1099-B without basis",C:"Short-term, not on Form 1099-B",D:"Long-term, on Form 1099-B with basis reported",E:"Long-term, on Form 1099-B without basis",F:"Long-term, not on Form 1099-B",G:"Short-term digital assets, on Form 1099-DA with basis reported",H:"Short-term digital assets, on Form 1099-DA without basis",I:"Short-term digital assets, not on Form 1099-DA",J:"Long-term digital assets, on Form 1099-DA with basis reported",K:"Long-term digital assets, on Form 1099-DA without basis",L:"Long-term digital assets, not on Form 1099-DA"},Sa={TAX_FORMS:"Tax forms (ZIP of PDFs)",FORM_8949_PDF:"Form 8949 (PDF)",FORM_8949_CSV:"Form 8949 (CSV)",SCHEDULE_D_PDF:"Schedule D (PDF)",SCHEDULE_1_PDF:"Schedule 1, income (PDF)",CAPITAL_GAINS_CSV:"Capital gains (CSV)",INCOME_CSV:"Income (CSV)",TRANSACTION_HISTORY_CSV:"Transaction history (CSV)",TURBOTAX_CSV:"TurboTax import (CSV)",TAXACT_CSV:"TaxAct import (CSV)",END_OF_YEAR_HOLDINGS_CSV:"Holdings at year end (CSV)",UK_CAPITAL_GAINS_SUMMARY_PDF:"UK capital gains summary, SA108 figures (PDF)",UK_CAPITAL_GAINS_SUMMARY_CSV:"UK capital gains summary (CSV)",DE_ANLAGE_SO_PDF:"Anlage SO, private disposals and other income (PDF)",DE_ANLAGE_SO_CSV:"Anlage SO rows (CSV)",AU_CGT_SCHEDULE_PDF:"CGT schedule summary (PDF)",AU_CGT_SCHEDULE_CSV:"CGT schedule events (CSV)",CA_SCHEDULE_3_PDF:"Schedule 3 summary (PDF)",CA_SCHEDULE_3_CSV:"Schedule 3 summary (CSV)"},xa={QUEUED:"Waiting",GENERATING:"Being made",READY:"Ready",FAILED:"Failed"};function Fn(n,t,a){let{app:s}=n,r=O("year",[]),i=e("div",{id:"tax-figures","aria-live":"polite"},M("the year\u2019s figures")),l=V("income","Income by kind"),c=V("form-8949","Form 8949 preview"),d=e("div",{id:"reconciliation"}),u=V("reports","Reports");t.append(e("h1",{},"Taxes"),e("div",{class:"toolbar"},B("tax-year","Tax year",r)),i,l.el,c.el,d,u.el);let o=0,y=async()=>{try{let C=await s.years(),h=C.length?C[0]:new Date().getUTCFullYear(),g=Number(a.get("year"));o=g&&g>1900?g:h;let f=[...new Set([...C,o,new Date().getUTCFullYear()])].sort((S,F)=>F-S);r.replaceChildren(...f.map(S=>e("option",{value:S},Y(s.client,S)))),r.value=String(o),await Promise.all([I(),$(0,""),T()])}catch(C){i.replaceChildren(x(C,y))}};r.addEventListener("change",()=>{location.hash=`#/tax?year=${r.value}`});let p=s.client.jurisdictionRules,m=()=>Y(s.client,o),I=async()=>{try{let C=(await s.q(oe,{year:String(o)})).getIncomeAndCapGains,h=Aa(C,p);C.futuresCents&&h.push(["futures","Futures",C.futuresCents,E]),D(i),i.append(C.isStale?e("p",{class:"notice",id:"preview-stale"},"Your ledger changed since these figures were calculated. Recalculate to bring them up to date."):"",C.transactionCount===0?U(`No transactions in ${m()}.`,"year-empty"):"",C.jurisdiction&&p.text?e("p",{class:"muted small",id:"tax-rules","data-jurisdiction":p.jurisdiction},p.text):"",e("dl",{class:"figures","data-year":C.year,"data-year-label":C.taxYearLabel||C.year},...h.map(([g,f,S,F])=>e("div",{class:"figure","data-figure":g,"data-cents":S},e("dt",{},f),e("dd",{},F(S))))),e("p",{class:"muted small"},`${C.disposalCount} transaction${C.disposalCount===1?"":"s"} with a sale or other disposal, ${C.transactionCount} in all`,me(C.computedAt)?`; calculated ${_(C.computedAt)}.`:"; not calculated yet.")),D(l.body),C.incomeByLabel.length===0?l.body.append(U(`No income in ${m()}.`,"income-empty")):l.body.append(e("table",{class:"table",id:"income-table"},e("caption",{class:"sr-only"},`Income in ${m()} by kind`),e("thead",{},e("tr",{},...["Kind","Transactions","Income"].map(g=>e("th",{scope:"col"},g)))),e("tbody",{},...C.incomeByLabel.map(g=>e("tr",{"data-income":g.label},e("td",{},e("a",{href:`#/transactions?year=${o}&label=${encodeURIComponent(g.label)}`},g.name)),e("td",{class:"num"},String(g.transactionCount)),e("td",{class:"num"},b(g.incomeCents))))),e("tfoot",{},e("tr",{},e("th",{scope:"row"},"Total"),e("td",{}),e("td",{class:"num"},b(C.incomeCents)))))),P.setYear(o)}catch(C){i.replaceChildren(x(C,I))}},$=async(C,h,g=!1)=>{if(!p.hasForm8949){c.el.hidden=!0;return}try{let f=(await s.q(rn,{year:o,box:h||void 0,page:C})).getForm8949PreviewForYear;if(D(c.body),f.boxes.length===0){c.body.append(U(`No sales or other disposals in ${o}: nothing goes on Form 8949.`,"f8949-empty"));return}let S=O("box",[["","All boxes"],...f.boxes.map(v=>[v.box,`Box ${v.box}`])],h);S.addEventListener("change",()=>$(0,S.value,!0));let F=e("details",{class:"rows",id:"f8949-details",open:g});c.body.append(e("p",{},"How your sales will be reported on Form 8949, box by box. Generate the form itself under Reports."),e("table",{class:"table cards",id:"f8949-boxes"},e("caption",{class:"sr-only"},`Form 8949 boxes of ${o}`),e("thead",{},e("tr",{},...["Box","Rows","Proceeds","Cost basis","Adjustments","Gain or loss"].map(v=>e("th",{scope:"col"},v)))),e("tbody",{},...f.boxes.map(v=>e("tr",{"data-box":v.box},e("td",{"data-label":"Box"},e("strong",{},`Box ${v.box}`),e("div",{class:"muted small"},Pa[v.box]||"")),e("td",{"data-label":"Rows",class:"num"},String(v.rowCount)),e("td",{"data-label":"Proceeds",class:"num"},b(v.proceedsCents)),e("td",{"data-label":"Cost basis",class:"num"},b(v.costBasisCents)),e("td",{"data-label":"Adjustments",class:"num"},b(v.adjustmentCents)),e("td",{"data-label":"Gain or loss",class:"num"},E(v.gainOrLossCents)))))),F),F.append(e("summary",{},`The ${f.total} row${f.total===1?"":"s"}${h?` of box ${h}`:""}, as on the form`),e("div",{class:"toolbar"},B("f8949-box","Show the rows of",S)),e("table",{class:"table cards",id:"f8949-rows"},e("caption",{class:"sr-only"},"Form 8949 rows"),e("thead",{},e("tr",{},...["Box","(a) Description","(b) Acquired","(c) Sold","(d) Proceeds","(e) Cost basis","(h) Gain or loss"].map(v=>e("th",{scope:"col"},v)))),e("tbody",{},...f.rows.map(v=>e("tr",{},e("td",{"data-label":"Box"},v.box),e("td",{"data-label":"Description"},v.transactionId?e("a",{href:`#/transactions/${v.transactionId}`},v.description):v.description),e("td",{"data-label":"Acquired"},v.dateAcquired?q(v.dateAcquired):"Various"),e("td",{"data-label":"Sold"},q(v.dateSold)),e("td",{"data-label":"Proceeds",class:"num"},b(v.proceedsCents)),e("td",{"data-label":"Cost basis",class:"num"},b(v.costBasisCents)),e("td",{"data-label":"Gain or loss",class:"num"},E(v.gainOrLossCents)))))),e("nav",{class:"pager","aria-label":"Form 8949 pages"},f.page>0?N("Previous rows",()=>$(f.page-1,h,!0),"secondary"):"",e("span",{class:"muted"},`Rows ${f.page*f.limit+1}\u2013${f.page*f.limit+f.rows.length} of ${f.total}`),(f.page+1)*f.limit<f.total?N("Next rows",()=>$(f.page+1,h,!0),"secondary"):""))}catch(f){c.body.replaceChildren(x(f,()=>$(C,h)))}},T=async()=>{if(D(d),!!p.hasForm1099DA)try{let C=(await s.q(on,{year:o})).getTaxFormStatuses.taxForms;if(C.length===0)return;let h=V("reconciliation-panel","Form 1099-DA reconciliation");d.append(h.el),h.body.append(e("p",{},"Your broker reported these sales to the IRS on Form 1099-DA. Here they are compared with your own figures: differences need a look before you file."));for(let g of C){let f=(await s.q(ln,{formId:g.id})).getTaxFormReconciliation,S=f.rows.filter(F=>F.status!=="MATCHED").slice(0,20);h.body.append(e("div",{class:"recon","data-form":g.id},e("h3",{},`${g.brokerName}: ${g.rowCount} row${g.rowCount===1?"":"s"}`),e("dl",{class:"figures"},...[["Broker proceeds",b(f.brokerProceedsCents)],["Your proceeds",b(f.computedProceedsCents)],["Difference",E(f.proceedsDifferenceCents)],["Matched",String(f.matchedCount)],["Different",String(f.mismatchedCount)],["Missing in your ledger",String(f.missingInLedgerCount)],["Not on the form",String(f.missingOnFormCount)]].map(([F,v])=>e("div",{class:"figure"},e("dt",{},F),e("dd",{},v)))),S.length===0?e("p",{class:"notice ok"},"Every row matches your figures."):e("table",{class:"table cards"},e("caption",{class:"sr-only"},"Rows that differ"),e("thead",{},e("tr",{},...["Sold","Asset","Broker","Yours","Difference",""].map(F=>e("th",{scope:"col"},F)))),e("tbody",{},...S.map(F=>e("tr",{},e("td",{"data-label":"Sold"},q(F.dateSold)),e("td",{"data-label":"Asset"},`${F.amountExact} ${F.assetSymbol}`),e("td",{"data-label":"Broker",class:"num"},b(F.brokerProceedsCents)),e("td",{"data-label":"Yours",class:"num"},b(F.computedProceedsCents)),e("td",{"data-label":"Difference",class:"num"},E(F.proceedsDifferenceCents)),e("td",{"data-label":"Status"},F.status==="MISSING_IN_LEDGER"?"Not in your ledger":F.status==="MISSING_ON_FORM"?"Not on the form":F.transactionId?e("a",{href:`#/transactions/${F.transactionId}`},"Different: open"):"Different")))))))}}catch(C){d.replaceChildren(x(C,T))}},P=new Ye(s,u.body,s.client);P.load(),y();let L=s.onChange(()=>{s.years().then(()=>{I(),$(0,"")})});return()=>{P.stop(),L()}}var Ye=class{constructor(t,a,s){this.app=t;this.client=s;this.list=e("div",{id:"report-list","aria-live":"polite"},M("your reports"));this.msg=e("div",{id:"report-message",role:"status"});this.yearSel=O("year",[]);this.polling=!1;this.alive=!0;let r=e("input",{name:"email",type:"email",autocomplete:"email",value:t.s.email||""}),i=e("button",{type:"submit",id:"request-report-button"},"Request report");this.form=e("form",{id:"request-report",class:"inline-form",onsubmit:l=>{l.preventDefault(),this.request(i)}},B("report-year","Tax year",this.yearSel),B("report-type","Report",O("type",s.jurisdictionRules.reportTypes.map(l=>[l,Qe(l)])),"grow"),B("report-email","E-mail me a link (optional)",r,"grow"),i),a.append(e("p",{},"Reports are made from your calculated figures. They are ready in a few seconds; you can also get a link by e-mail."),this.form,this.msg,this.list)}stop(){this.alive=!1}async setYear(t){let a=await this.app.years(),s=[...new Set([...a,t])].sort((r,i)=>i-r);this.yearSel.replaceChildren(...s.map(r=>e("option",{value:r},Y(this.client,r)))),this.yearSel.value=String(t)}async load(){try{let t=(await this.app.q(ke)).getReports;this.render(t),t.some(Ln)&&this.poll()}catch(t){this.list.replaceChildren(x(t,()=>this.load()))}}render(t){if(D(this.list),t.length===0){this.list.append(U("No reports yet. Choose a year and a report above.","reports-empty"));return}this.list.append(e("table",{class:"table cards"},e("caption",{class:"sr-only"},"Your reports"),e("thead",{},e("tr",{},...["Year","Report","Status","Requested",""].map(a=>e("th",{scope:"col"},a)))),e("tbody",{},...t.map(a=>e("tr",{"data-report":a.id,"data-type":a.type,"data-status":a.status},e("td",{"data-label":"Year"},a.year?Y(this.client,Number(a.year)):"\u2014"),e("td",{"data-label":"Report"},Qe(a.type),a.isStale?e("div",{class:"muted small"},"Your figures changed since; request it again for current ones."):""),e("td",{"data-label":"Status"},e("span",{class:`badge ${a.status.toLowerCase()}`},xa[a.status]||a.status),a.error?e("div",{class:"muted small"},a.error):""),e("td",{"data-label":"Requested"},_(a.createdAt)),e("td",{"data-label":"File"},a.status==="READY"?N("Download",s=>this.download(a,s.currentTarget),"secondary small download",{"aria-label":`Download ${a.year||""} ${Qe(a.type)}`}):""))))))}async request(t){let a=new FormData(this.form),s=String(a.get("email")||"").trim();try{let i=(await G(t,"Requesting\u2026",()=>this.app.q(cn,{year:String(a.get("year")),type:String(a.get("type")),email:s||void 0}))).getReportExportV2;this.msg.replaceChildren(e("p",{class:"notice ok"},i.isCached?"You have this report already, up to date: it is in the list below.":`Report requested. It appears below when it is ready${s?`, and we e-mail a link to ${s}`:""}.`)),await this.load()}catch(r){this.msg.replaceChildren(x(r))}}async poll(){if(!this.polling){this.polling=!0;try{for(;this.alive;){await W(1e3);let t=(await this.app.q(ke)).getReports;if(!this.alive||(this.render(t),!t.some(Ln)))return}}catch(t){this.list.replaceChildren(x(t,()=>this.load()))}finally{this.polling=!1}}}async download(t,a){try{let s=await G(a,"Preparing\u2026",()=>this.app.q(dn,{id:t.id})),r=e("a",{href:s.getReportDownloadUrl.url,download:s.getReportDownloadUrl.fileName,hidden:!0});document.body.append(r),r.click(),r.remove(),this.msg.replaceChildren(e("p",{class:"notice ok",id:"download-started"},`Downloading ${s.getReportDownloadUrl.fileName}.`))}catch(s){this.msg.replaceChildren(x(s))}}},Ln=n=>n.status==="QUEUED"||n.status==="GENERATING";function Qe(n){return Sa[n]||n.replace(/_/g," ").toLowerCase()}function Aa(n,t){let a=t.words,s=[["proceeds",a.proceeds,n.proceedsCents,b],["cost-basis",a.cost,n.costBasisCents,b]];return t.hasHoldingTerms&&s.push(["short-term",`${a.shortTerm||"Short-term"} gains`,n.shortTermCapGainsCents,E],["long-term",`${a.longTerm||"Long-term"} gains`,n.longTermCapGainsCents,E]),(!t.hasHoldingTerms||n.gainsCents!==null&&n.gainsCents!==void 0)&&s.push(["gains",a.gains,n.gainsCents??0,b],["losses",a.losses,-(n.lossesCents??0),b]),a.deniedLosses&&s.push(["denied-losses",a.deniedLosses,n.deniedLossesCents??0,b]),s.push(["capital-gains",a.netGain,n.capGainsCents,E]),n.lossesBroughtForwardCents!=null&&s.push(["losses-brought-forward","Net capital losses brought forward",n.lossesBroughtForwardCents,b]),n.discountCents!=null&&s.push(["discount","CGT discount applied",n.discountCents,b]),n.gainThresholdCents!=null&&s.push(["threshold",`${a.threshold||"Threshold"} (taxed in full from this amount)`,n.gainThresholdCents,b]),a.taxableGain&&s.push(["taxable-gains",a.taxableGain,n.taxableCapitalGainsCents??0,E]),n.lossesCarriedForwardCents!=null&&s.push(["losses-carried-forward","Net capital losses carried forward",n.lossesCarriedForwardCents,b]),s.push(["income","Income",n.incomeCents,b]),a.taxableIncome&&n.taxableIncomeCents!=null&&s.push(["taxable-income",a.taxableIncome,n.taxableIncomeCents,b]),s}var Ke="taxd.portal.session",ze=(()=>{try{return JSON.parse(document.getElementById("taxd-page")?.textContent||"{}")}catch{return{}}})(),z=document.getElementById("main"),Je=document.getElementById("top"),Ee=!1;function Da(n){try{let t=n.split(".")[1].replace(/-/g,"+").replace(/_/g,"/");return JSON.parse(atob(t))}catch{return{}}}function wa(n){sessionStorage.setItem(Ke,JSON.stringify(n))}function va(){try{let n=JSON.parse(sessionStorage.getItem(Ke)||"null");return n&&n.code&&n.token?n:null}catch{return null}}function je(n){let t=n?.partnerId?`?partner=${encodeURIComponent(n.partnerId)}`:"",a=()=>history.replaceState(null,"",location.pathname+t+location.hash);document.readyState==="complete"?a():window.addEventListener("load",a,{once:!0})}function Mn(n){if(document.body.dataset.partner=n.name,document.title=`${n.name} \xB7 Crypto tax portal`,n.primaryColor&&/^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(n.primaryColor)){let[a,s]=Ea(n.primaryColor),r=document.documentElement.style;r.setProperty("--brand",a),r.setProperty("--on-brand",s)}D(Je),Je.append(e("div",{class:"brand"},n.logoUrl&&/^https:\/\//.test(n.logoUrl)?e("img",{src:n.logoUrl,alt:`${n.name} logo`,class:"logo"}):"",e("span",{class:"partner-name"},n.name),e("span",{class:"product"},"Crypto tax portal")));let t=document.getElementById("foot");t||(t=e("footer",{id:"foot",class:"foot"}),document.body.append(t)),t.replaceChildren(e("p",{},`The tax portal of ${n.name}.`,n.supportEmail?[" Questions? Write to ",e("a",{href:`mailto:${n.supportEmail}`},n.supportEmail),"."]:""))}function Ea(n){let t=n.slice(1);t.length===3&&(t=t.split("").map(i=>i+i).join(""));let a=[0,2,4].map(i=>parseInt(t.slice(i,i+2),16)),s=i=>i.map(l=>{let c=l/255;return c<=.03928?c/12.92:Math.pow((c+.055)/1.055,2.4)}).reduce((l,c,d)=>l+c*[.2126,.7152,.0722][d],0),r=s(a);if((r+.05)/.05>=4.5&&(r+.05)/.05>1.05/(r+.05))return[n,"#000000"];for(let i=0;i<40&&1.05/(s(a)+.05)<4.5;i++)a=a.map(l=>Math.floor(l*.94));return[`#${a.map(i=>i.toString(16).padStart(2,"0")).join("")}`,"#ffffff"]}function Re(n,t,...a){D(z),document.getElementById("app-nav")?.remove(),z.append(e("section",{class:"panel state",id:n,"aria-labelledby":`${n}-h`},e("h1",{id:`${n}-h`},t),...a))}function We(){if(Ee)return;Ee=!0,sessionStorage.removeItem(Ke);let n=document.body.dataset.partner||"your provider",t=e("p",{hidden:!0,role:"status"},`Return to ${n} and open the tax portal from there: it signs you in with a new link.`),a=e("button",{type:"button",id:"sign-in-again",onclick:()=>{window.parent!==window&&window.parent.postMessage({type:"taxd:portal:session-expired"},"*"),t.hidden=!1}},"Sign in again");Re("state-expired","Your session has expired",e("p",{},`For your security the tax portal signs you out after a while. Sign in again from ${n}.`),a,t),z.focus()}function Ra(){Re("state-signed-out","Sign in to your tax portal",e("p",{},"Open the tax portal from your provider\u2019s website or app: it signs you in automatically."))}var La=[["","Overview"],["transactions","Transactions"],["review","Review"],["portfolio","Portfolio"],["tax","Taxes"]];async function qn(n){D(z),z.append(M("your tax portal"));let t,a;try{[t,a]=await Promise.all([J(n,"GET","/user"),pe(n,Gt).then(i=>i.getMyActiveClient)])}catch(i){if(Ee)return;if(i instanceof H&&i.status===404)return Re("state-not-found","We could not find your account",e("p",{},"This sign-in link does not belong to an account here. Open the tax portal again from your provider."));D(z),z.append(e("section",{class:"panel state",id:"state-error"},e("h1",{},"The tax portal could not open"),e("p",{},K(i)),e("button",{type:"button",onclick:()=>qn(n)},"Try again")));return}Mn(t.partner),st(a.currency),n.email=n.email||t.email||void 0;let s=new Te(n,a,t.partner);s.labels().then(i=>{s.labelCache=i}).catch(()=>{}),s.accounts().then(i=>{s.accountCache=i}).catch(()=>{}),s.onChange(()=>{s.accounts().then(i=>{s.accountCache=i}).catch(()=>{})});let r=new Se(s);Fa(s,r),r.refresh(),window.parent!==window&&window.parent.postMessage({type:"taxd:portal:ready"},"*")}var ne,Bn=!0;function Fa(n,t){let a=La.map(([d,u])=>e("li",{},e("a",{href:`#/${d}`,"data-route":d,id:`nav-${d||"overview"}`},u,d==="review"?e("span",{class:"count",id:"review-count",hidden:!0}):""))),s=e("nav",{class:"tabs",id:"app-nav","aria-label":"Tax portal"},e("ul",{},...a));document.getElementById("app-nav")?.remove(),Je.after(s);let r=e("div",{class:"bar"},t.el),i=e("div",{id:"view"});D(z),z.append(r,i);let l={app:n,recalc:t,reviewCount:d=>Vn(d)},c=()=>{if(Ee)return;typeof ne=="function"&&ne();let[d,u]=location.hash.replace(/^#\/?/,"").split("?"),o=d.split("/").filter(Boolean).map(decodeURIComponent),y=new URLSearchParams(u||""),p=o[0]||"";for(let m of s.querySelectorAll("a"))m.dataset.route===p?m.setAttribute("aria-current","page"):m.removeAttribute("aria-current");switch(D(i),window.scrollTo(0,0),p){case"transactions":ne=o[1]?Sn(l,i,o[1]):$n(l,i,y);break;case"review":ne=wn(l,i,y);break;case"portfolio":ne=Rn(l,i);break;case"tax":ne=Fn(l,i,y);break;default:ne=bn(l,i)}if(!Bn){let m=i.querySelector("h1");m&&(m.setAttribute("tabindex","-1"),m.focus())}Bn=!1};window.addEventListener("hashchange",c),c(),Nn(n),n.onChange(()=>Nn(n))}async function Nn(n){try{let t=await n.q(se);Vn(t.getClientInsights.reduce((a,s)=>a+s.transactionCount,0))}catch{}}function Vn(n){let t=document.getElementById("review-count");t&&(t.hidden=n===0,t.textContent=String(n),t.setAttribute("aria-label",`${n} to review`))}async function Ba(){ze.brand&&Mn(ze.brand);let n=new URLSearchParams(location.search);if(n.get("report")&&n.get("signature"))return gn(z,n,ze.download);et(We);let t=null;if(n.get("token")&&n.get("code"))t={code:n.get("code"),token:n.get("token"),email:n.get("email")||void 0,clientId:""};else if(n.get("link")){je(null);try{let s=await at(n.get("link"));t={code:s.referenceId,token:s.accessToken,partnerId:s.partnerId,clientId:""}}catch(s){return Re("state-link-invalid","This link does not work",e("p",{},K(s)))}}else t=va();if(!t)return je(null),Ra();let a=Da(t.token);return t.partnerId=t.partnerId||a.pid,t.clientId=a.sub||"",wa(t),je(t),a.exp&&a.exp*1e3<=Date.now()?We():(a.exp&&setTimeout(We,Math.min(a.exp*1e3-Date.now(),2**31-1)),qn(t))}Ba();})();
