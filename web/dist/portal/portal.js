"use strict";(()=>{var Je=document.querySelector('meta[name="taxd-api"]')?.content||"/api",qn=document.querySelector('meta[name="taxd-graphql"]')?.content||"/graphql",j=class extends Error{},O=class extends Error{constructor(a,s,i=""){super(s);this.status=a;this.code=i}},Ke=()=>{};function Xe(n){Ke=n}function Le(){throw Ke(),new j("session expired")}async function J(n,t,a,s){let i;try{i=await fetch(`${Je}/users/${encodeURIComponent(n.code)}${a}`,{method:t,headers:{Authorization:`Bearer ${n.token}`,...s===void 0?{}:{"Content-Type":"application/json"}},body:s===void 0?void 0:JSON.stringify(s)})}catch{throw de()}if(i.status===401&&Le(),!i.ok)throw new O(i.status,await Ze(i));return(await i.json()).data}async function Ze(n){try{let t=await n.json();if(t&&typeof t.message=="string")return Fe(t.message)}catch{}return Be(n.status)}function Be(n){return n===404?"We could not find this. It may have been removed.":n===429?"Too many requests in a short time. Wait a minute, then try again.":n===503?"The service is busy or under maintenance. Try again in a minute.":"Something went wrong on our side. Try again in a moment."}function de(){return new O(0,"The portal could not reach the server. Check your internet connection and try again.","OFFLINE")}async function ue(n,t,a){let s=t.toString(),i;try{i=await fetch(qn,{method:"POST",headers:{Authorization:`Bearer ${n.token}`,"Content-Type":"application/json"},body:JSON.stringify({query:s,variables:a??{}})})}catch{throw de()}i.status===401&&Le();let r;try{r=await i.json()}catch{throw new O(i.status,Be(i.status))}let c=r.errors?.[0];if(c){let d=c.extensions?.code||"";throw d==="UNAUTHENTICATED"&&Le(),new O(i.status,Vn(d,c.message),d)}return r.data}function Vn(n,t){switch(n){case"BAD_USER_INPUT":return Fe(t);case"NOT_FOUND":return"We could not find this. It may have been merged, deleted or changed meanwhile; reload the page.";case"CONFLICT":return`This could not be done: ${kn(Fe(t))}`;case"TAXES_LOCKED":return"This falls in a tax period that is locked because it was filed. Ask your provider to unlock it first.";case"FORBIDDEN":return"Your sign-in does not allow this.";case"RATE_LIMITED":return"Too many requests in a short time. Wait a minute, then try again.";case"TIMEOUT":return"This took too long to answer. Try again, or narrow the filters.";default:return"Something went wrong on our side. Try again in a moment."}}function kn(n){return n.charAt(0).toLowerCase()+n.slice(1)}function Fe(n){let t=n.replace(/^[\w.[\]]+: /,"");return/regular expression|doesn't match|format "/.test(t)?"That value is not in the expected format.":(t=t.replace(/\s+/g," ").trim(),t?t.charAt(0).toUpperCase()+t.slice(1)+(/[.!?]$/.test(t)?"":"."):"That value is not valid.")}function K(n){return n instanceof O?n.message:"Something went wrong in the portal. Reload the page and try again."}async function et(n,t,a,s){let i;try{i=await fetch(`${Je}/users/${encodeURIComponent(n)}/reports/${encodeURIComponent(t)}/download`,{method:"POST",headers:{"Content-Type":"application/json"},body:JSON.stringify({expires:a,signature:s})})}catch{throw de()}if(i.status===401)return"expired";if(i.status===404)return"gone";if(!i.ok)throw new O(i.status,Be(i.status));return On(await i.blob(),Un(i,"report")),"ok"}function Un(n,t){let a=n.headers.get("Content-Disposition")||"",s=/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(a);return s?decodeURIComponent(s[1]):t}function On(n,t){let a=URL.createObjectURL(n),s=document.createElement("a");s.href=a,s.download=t,s.hidden=!0,document.body.append(s),s.click(),s.remove(),setTimeout(()=>URL.revokeObjectURL(a),6e4)}async function tt(n){let t;try{t=await fetch("/portal/link-session",{method:"POST",headers:{"Content-Type":"application/json"},body:JSON.stringify({link:n})})}catch{throw de()}if(t.status===404)throw new O(404,"This link is not valid any more. Ask your provider for a new one.");if(!t.ok)throw new O(t.status,await Ze(t));return t.json()}function e(n,t={},...a){let i=_n.has(n)?document.createElementNS("http://www.w3.org/2000/svg",n):document.createElement(n);for(let[r,c]of Object.entries(t))c==null||c===!1||(r.startsWith("on")&&typeof c=="function"?i.addEventListener(r.slice(2),c):c===!0?i.setAttribute(r,""):i.setAttribute(r,String(c)));for(let r of a.flat())r==null||r===!1||r===""||i.append(typeof r=="number"?String(r):r);return i}var _n=new Set(["svg","g","rect","line","text","title","desc","path","polyline","circle"]);function v(n){n.replaceChildren()}function G(n){let t=pe(n);return t?t.toLocaleString("en-US",{dateStyle:"medium",timeStyle:"short"}):"\u2014"}function q(n){let t=pe(n);return t?t.toLocaleDateString("en-US",{dateStyle:"medium"}):"\u2014"}function pe(n){if(!n)return null;let t=new Date(n);return isNaN(t.getTime())||t.getUTCFullYear()<1971?null:t}var Ne="USD";function nt(n){Ne=n||"USD"}function b(n){return n==null?"\u2014":(n/100).toLocaleString("en-US",{style:"currency",currency:Ne})}function E(n){return n==null?"\u2014":n>0?`+${b(n)}`:n<0?`\u2212${b(-n)}`:b(0)}function Me(n){return(n/100).toLocaleString("en-US",{style:"currency",currency:Ne,notation:"compact",maximumFractionDigits:1})}function F(n){if(!n)return"\u2014";let t=Number(n);return isFinite(t)?t.toLocaleString("en-US",{maximumFractionDigits:Math.abs(t)>=1e3?2:8}):n}function qe(n){return n==null||!isFinite(n)?"\u2014":`${n>0?"+":n<0?"\u2212":""}${Math.abs(n).toLocaleString("en-US",{maximumFractionDigits:1})}%`}function X(n){return n.length>16?`${n.slice(0,6)}\u2026${n.slice(-4)}`:n}function se(n){let t=document.getElementById("announcer");t||(t=e("div",{id:"announcer",class:"sr-only",role:"status","aria-live":"polite"}),document.body.append(t)),t.textContent="",setTimeout(()=>{t.textContent=n},50)}function W(n){return new Promise(t=>setTimeout(t,n))}function M(n){return e("p",{class:"loading",role:"status"},e("span",{class:"spinner","aria-hidden":"true"}),`Loading ${n}\u2026`)}function _(n,t,...a){return e("div",{class:"empty",id:t},e("p",{},n),...a)}function B(n,t,a,s=""){return a.id=n,e("div",{class:`field ${s}`},e("label",{for:n},t),a)}function k(n,t,a){let s=e("select",{name:n},...t.map(([i,r])=>e("option",{value:i},r)));return a!==void 0&&(s.value=a),s}function N(n,t,a="",s={}){return e("button",{type:"button",class:a,onclick:t,...s},n)}async function H(n,t,a){let s=n.textContent;n.disabled=!0,n.textContent=t,n.setAttribute("aria-busy","true");try{return await a()}finally{n.disabled=!1,n.textContent=s,n.removeAttribute("aria-busy")}}var A=class extends String{constructor(t,a){super(t),this.value=t,this.__meta__=a}toString(){return this.value}},at=new A(`
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
    `,{fragmentName:"PortalTxRow"}),st=new A(`
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
    `,{fragmentName:"PortalTxDetail"}),rt=new A(`
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
    `),it=new A(`
    query PortalTaxYears($clientId: ID!) {
  getTaxYears(clientId: $clientId)
}
    `),ot=new A(`
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
    `),lt=new A(`
    query PortalDirty($clientId: ID!) {
  countDirty(clientId: $clientId)
}
    `),ct=new A(`
    query PortalActiveJob($clientId: ID!) {
  getActiveRecalculateJob(clientId: $clientId) {
    id
    status
    progress
    attempt
  }
}
    `),dt=new A(`
    query PortalLastRun {
  getMyActiveClient {
    id
    lastRecalculatedAt
  }
}
    `),ut=new A(`
    mutation PortalRecalculate($clientId: ID!) {
  rerunGraph(clientId: $clientId)
}
    `),pt=new A(`
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
    `),mt=new A(`
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
    `),gt=new A(`
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
    `),yt=new A(`
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
    `),ht=new A(`
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
}`),It=new A(`
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
}`),ft=new A(`
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
    `),bt=new A(`
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
    `),Ct=new A(`
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
    `),$t=new A(`
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
    `),Tt=new A(`
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
    `),St=new A(`
    mutation PortalHide($clientId: ID!, $id: ID!, $hidden: Boolean!) {
  hideTransaction(clientId: $clientId, transactionId: $id, isHidden: $hidden) {
    id
    isHidden
  }
}
    `),xt=new A(`
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
    `),Pt=new A(`
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
    `),At=new A(`
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
    `),Dt=new A(`
    mutation PortalPair($clientId: ID!, $from: ID!, $to: ID!) {
  markInternalTransfer(
    clientId: $clientId
    fromTransactionId: $from
    toTransactionId: $to
  )
}
    `),wt=new A(`
    mutation PortalUnpair($clientId: ID!, $from: ID!, $to: ID!) {
  unmarkInternalTransfer(
    clientId: $clientId
    fromTransactionId: $from
    toTransactionId: $to
  )
}
    `),vt=new A(`
    mutation PortalUndo($clientId: ID!, $ids: [ID!]!) {
  undoAuditLogs(clientId: $clientId, auditLogIds: $ids, source: "portal") {
    id
  }
}
    `),Et=new A(`
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
    `),Rt=new A(`
    mutation PortalMarkSpam($assetId: ID!, $spam: Boolean) {
  updateAsset(assetId: $assetId, isSpam: $spam) {
    id
    isSpam
  }
}
    `),Lt=new A(`
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
    `),Ft=new A(`
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
    `),Bt=new A(`
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
    `),Nt=new A(`
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
    `),Mt=new A(`
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
    `),qt=new A(`
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
    `),Vt=new A(`
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
    `),kt=new A(`
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
    `),Ut=new A(`
    query PortalDownloadUrl($id: ID!) {
  getReportDownloadUrl(reportId: $id) {
    url
    fileName
  }
}
    `);var Gn={"\nfragment PortalTxRow on Transaction {\n  id createdAt label accountId provider isHidden isMissingBasis hasNegativeBalance isInternalTransfer isDirty isSpam\n  fiatValueCents capGainsSumSigned incomeSum\n  transfers { id direction isFee amountExact assetId asset { id symbol } fiatValueCents }\n}":at,"\nfragment PortalTxDetail on Transaction {\n  id createdAt txnHash accountId provider explorerUrl label labelSource notes isHidden isReviewed isDirty isMissingBasis\n  hasNegativeBalance isInternalTransfer isEdited isSpam isOffChain linkType linkId linkedTransactionId\n  fiatValueCents feeFiatValueCents capGainsSumSigned incomeSum\n  classification { rule confidence explanation }\n  transfers {\n    id ordering assetId asset { id symbol name pricingKey } amountExact fromAccountId toAccountId fromAddress toAddress\n    direction isFee isHidden fiatValueCents basisFiatValueCents isFiatValueOverridden capGainsSumSigned incomeSum\n    saleTerm uncoveredAmountExact\n  }\n}":st,"\nquery PortalClient {\n  getMyActiveClient {\n    id name currency timezone fiscalYearStart costBasisAlgorithm lockTaxesUntil\n    jurisdictionRules {\n      jurisdiction name taxYearStart taxYearLabelFormat hasHoldingTerms hasForm8949 hasForm1099DA reportTypes text matchingText\n      words { proceeds cost gains losses netGain taxableGain deniedLosses holding shortTerm longTerm taxableIncome threshold }\n    }\n  }\n}":rt,"\nquery PortalTaxYears($clientId: ID!) { getTaxYears(clientId: $clientId) }":it,"\nquery PortalYear($clientId: ID!, $year: String!) {\n  getIncomeAndCapGains(clientId: $clientId, year: $year) {\n    year startDate endDate proceedsCents costBasisCents shortTermCapGainsCents longTermCapGainsCents capGainsCents\n    futuresCents incomeCents incomeByLabel { label name incomeCents transactionCount } disposalCount transactionCount\n    isStale computedAt jurisdiction taxYearLabel gainsCents lossesCents deniedLossesCents taxableCapitalGainsCents\n    gainThresholdCents taxableIncomeCents incomeThresholdCents discountGainsCents lossesBroughtForwardCents discountCents lossesCarriedForwardCents\n  }\n}":ot,"\nquery PortalDirty($clientId: ID!) { countDirty(clientId: $clientId) }":lt,"\nquery PortalActiveJob($clientId: ID!) {\n  getActiveRecalculateJob(clientId: $clientId) { id status progress attempt }\n}":ct,"\nquery PortalLastRun { getMyActiveClient { id lastRecalculatedAt } }":dt,"\nmutation PortalRecalculate($clientId: ID!) { rerunGraph(clientId: $clientId) }":ut,"\nquery PortalReviewQueue($clientId: ID!, $patternId: ID, $limit: Int) {\n  getClientReviewQueue(clientId: $clientId, patternId: $patternId, limit: $limit) {\n    totalCount\n    groups { patternId type severity title count assetId }\n    items { transactionId patternId type problems }\n  }\n}":pt,"\nquery PortalAccounts($clientId: String!) {\n  getClientAccounts(clientId: $clientId) {\n    id name type provider address status transactionCount lastSyncedAt lastSyncError\n  }\n}":mt,"\nquery PortalAssets($clientId: ID!) {\n  getClientAssets(clientId: $clientId, hideSpamAssets: true) { assets { id symbol name pricingKey } }\n}":gt,"\nquery PortalLabels($clientId: ID) {\n  getLabels(clientId: $clientId) { value name description category isIncome isDisposal isNonTaxable }\n}":yt,"\nquery PortalTransactions($clientId: ID!, $page: Int, $limit: Int, $search: String, $startDate: Date, $endDate: Date,\n    $assetIds: [String!], $accountIds: [ID!], $labels: [String!], $labelFilterMode: String, $insightPatternId: ID,\n    $includeHidden: Boolean, $onlyTransactionIds: [String!]) {\n  getClientTransactions(clientId: $clientId, page: $page, limit: $limit, skipTotal: true, search: $search,\n      startDate: $startDate, endDate: $endDate, assetIds: $assetIds, accountIds: $accountIds, labels: $labels,\n      labelFilterMode: $labelFilterMode, insightPatternId: $insightPatternId, includeHidden: $includeHidden,\n      onlyTransactionIds: $onlyTransactionIds) {\n    transactions { ...PortalTxRow }\n    page limit hasNextPage\n  }\n}":ht,"\nquery PortalTransaction($clientId: ID!, $id: ID!) {\n  getTransaction(clientId: $clientId, transactionId: $id, includeAllTransfers: true) { ...PortalTxDetail }\n}":It,"\nquery PortalTransactionLots($clientId: ID!, $key: String!, $id: ID) {\n  getTaxLots(clientId: $clientId, assetPricingKey: $key, transactionId: $id) {\n    costBasisAlgorithm\n    disposals {\n      transferId amountExact proceedsCents costBasisCents gainCents term box lotAcquiredAt lotTransactionId\n      isUncovered isMissingBasis match deniedLossExact\n    }\n    lots { id acquiredAt amountExact originalAmountExact costBasisCents term isMissingBasis }\n  }\n}":ft,"\nquery PortalLabelOptions($clientId: ID!, $id: ID!) {\n  getTransactionTypeOptions(clientId: $clientId, transactionId: $id) {\n    options { value name description } recommended { value } currentLabel\n  }\n}":bt,"\nquery PortalAudit($clientId: ID!, $ids: [ID!]) {\n  getClientAuditLogs(clientId: $clientId, transactionIds: $ids, limit: 25, page: 0) {\n    auditLogs { id createdAt actorType action entityType field oldValue newValue undoneAt canUndo source }\n    total\n  }\n}":Ct,"\nquery PortalPairs($clientId: ID!, $id: ID, $limit: Int) {\n  getTransferPairSuggestions(clientId: $clientId, transactionId: $id, limit: $limit) {\n    fromTransactionId toTransactionId fromAccountId toAccountId sentAmountExact receivedAmountExact feeAmountExact\n    sentAt receivedAt asset { symbol }\n  }\n}":$t,'\nmutation PortalLabel($clientId: ID!, $ids: [ID!]!, $label: String, $wipe: Boolean) {\n  labelTransactions(clientId: $clientId, transactionIds: $ids, label: $label, wipeLabel: $wipe, source: "portal") { id label }\n}':Tt,"\nmutation PortalHide($clientId: ID!, $id: ID!, $hidden: Boolean!) {\n  hideTransaction(clientId: $clientId, transactionId: $id, isHidden: $hidden) { id isHidden }\n}":St,'\nmutation PortalReviewed($clientId: ID!, $id: ID!, $reviewed: Boolean!) {\n  updateTransaction(clientId: $clientId, transactionId: $id, createDefaultRule: false, source: "portal",\n      updates: { isReviewed: $reviewed }) { transaction { id isReviewed } }\n}':xt,"\nmutation PortalSetPrice($clientId: ID!, $ids: [ID!]!, $assetId: ID, $price: Float) {\n  saveReceivePriceForTransactions(clientId: $clientId, transactionIds: $ids, assetId: $assetId, fiatValue: $price) { id }\n}":Pt,'\nmutation PortalSetValue($clientId: ID!, $tx: ID!, $transfer: ID!, $value: Float, $basis: Float, $reset: Boolean) {\n  updateTransfer(clientId: $clientId, transactionId: $tx, transferId: $transfer, fiatValue: $value, basisFiatValue: $basis,\n      resetFiatValue: $reset, source: "portal") { id }\n}':At,"\nmutation PortalPair($clientId: ID!, $from: ID!, $to: ID!) {\n  markInternalTransfer(clientId: $clientId, fromTransactionId: $from, toTransactionId: $to)\n}":Dt,"\nmutation PortalUnpair($clientId: ID!, $from: ID!, $to: ID!) {\n  unmarkInternalTransfer(clientId: $clientId, fromTransactionId: $from, toTransactionId: $to)\n}":wt,'\nmutation PortalUndo($clientId: ID!, $ids: [ID!]!) {\n  undoAuditLogs(clientId: $clientId, auditLogIds: $ids, source: "portal") { id }\n}':vt,"\nmutation PortalAcceptBasis($clientId: ID!, $ids: [ID!]!, $override: Boolean!) {\n  updateMultiTransactionsCostBasis(clientId: $clientId, transactionIds: $ids, isMissingBasis: false, overrideIsMissingBasis: $override) { id }\n}":Et,"\nmutation PortalMarkSpam($assetId: ID!, $spam: Boolean) {\n  updateAsset(assetId: $assetId, isSpam: $spam) { id isSpam }\n}":Rt,"\nquery PortalPortfolio($clientId: ID!) {\n  getPortfolioV2(clientId: $clientId, limit: 100, sort: VALUE) {\n    positions {\n      assetId asset { symbol name } amountExact price valueCents costBasisCents unrealizedGainCents\n      unrealizedGainPercent portfolioPercent\n    }\n    total totalValueCents totalCostBasisCents totalUnrealizedGainCents isStale computedAt\n  }\n}":Lt,"\nquery PortalChart($clientId: ID!, $interval: HistoricalBalanceIntervalEnum!) {\n  getChart(clientId: $clientId, interval: $interval) {\n    points { date valueCents costBasisCents } startValueCents endValueCents changeCents changePercent isStale\n  }\n}":Ft,"\nquery PortalHarvest($clientId: ID!, $date: Date!) {\n  getHarvestableLosses(clientId: $clientId, date: $date) {\n    totalUnrealizedLossCents shortTermUnrealizedLossCents longTermUnrealizedLossCents\n    assets {\n      assetId asset { symbol name } amountExact price marketValueCents costBasisCents unrealizedGainCents\n      shortTermUnrealizedGainCents longTermUnrealizedGainCents hasRecentAcquisition\n    }\n    unpricedAssetIds isStale\n  }\n}":Bt,"\nquery PortalForm8949($clientId: ID!, $year: Int!, $box: Form8949BoxEnum, $page: Int) {\n  getForm8949PreviewForYear(clientId: $clientId, year: $year, box: $box, page: $page, limit: 25) {\n    boxes { box term rowCount proceedsCents costBasisCents adjustmentCents gainOrLossCents }\n    rows { transactionId description dateAcquired dateSold proceedsCents costBasisCents gainOrLossCents box }\n    total page limit isStale\n  }\n}":Nt,'\nquery PortalTaxForms($clientId: ID!, $year: Int!) {\n  getTaxFormStatuses(clientId: $clientId, year: $year, formType: "FORM_1099_DA") {\n    taxForms { id brokerName status statusMessage rowCount uploadedAt }\n  }\n}':Mt,"\nquery PortalReconciliation($clientId: ID!, $formId: ID!) {\n  getTaxFormReconciliation(clientId: $clientId, taxFormId: $formId) {\n    brokerProceedsCents computedProceedsCents proceedsDifferenceCents brokerCostBasisCents computedCostBasisCents\n    matchedCount mismatchedCount missingInLedgerCount missingOnFormCount\n    rows {\n      id status transactionId assetSymbol amountExact dateSold brokerProceedsCents computedProceedsCents\n      proceedsDifferenceCents brokerCostBasisCents computedCostBasisCents\n    }\n  }\n}":qt,"\nquery PortalReports($clientId: ID!) {\n  getReports(clientId: $clientId) { id type status year fileName isStale error createdAt completedAt }\n}":Vt,"\nquery PortalRequestReport($clientId: ID!, $type: ReportExportTypeEnum!, $year: String!, $email: String) {\n  getReportExportV2(clientId: $clientId, type: $type, dateQueryType: TAX_YEAR, year: $year, email: $email) {\n    report { id status } isCached emailQueued\n  }\n}":kt,"\nquery PortalDownloadUrl($id: ID!) { getReportDownloadUrl(reportId: $id) { url fileName } }":Ut};function D(n){return Gn[n]??{}}var Ua=D(`
fragment PortalTxRow on Transaction {
  id createdAt label accountId provider isHidden isMissingBasis hasNegativeBalance isInternalTransfer isDirty isSpam
  fiatValueCents capGainsSumSigned incomeSum
  transfers { id direction isFee amountExact assetId asset { id symbol } fiatValueCents }
}`),Oa=D(`
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
}`),Ot=D(`
query PortalClient {
  getMyActiveClient {
    id name currency timezone fiscalYearStart costBasisAlgorithm lockTaxesUntil
    jurisdictionRules {
      jurisdiction name taxYearStart taxYearLabelFormat hasHoldingTerms hasForm8949 hasForm1099DA reportTypes text matchingText
      words { proceeds cost gains losses netGain taxableGain deniedLosses holding shortTerm longTerm taxableIncome threshold }
    }
  }
}`),_t=D(`
query PortalTaxYears($clientId: ID!) { getTaxYears(clientId: $clientId) }`),ie=D(`
query PortalYear($clientId: ID!, $year: String!) {
  getIncomeAndCapGains(clientId: $clientId, year: $year) {
    year startDate endDate proceedsCents costBasisCents shortTermCapGainsCents longTermCapGainsCents capGainsCents
    futuresCents incomeCents incomeByLabel { label name incomeCents transactionCount } disposalCount transactionCount
    isStale computedAt jurisdiction taxYearLabel gainsCents lossesCents deniedLossesCents taxableCapitalGainsCents
    gainThresholdCents taxableIncomeCents incomeThresholdCents discountGainsCents lossesBroughtForwardCents discountCents lossesCarriedForwardCents
  }
}`),Ht=D(`
query PortalDirty($clientId: ID!) { countDirty(clientId: $clientId) }`),Ve=D(`
query PortalActiveJob($clientId: ID!) {
  getActiveRecalculateJob(clientId: $clientId) { id status progress attempt }
}`),Gt=D(`
query PortalLastRun { getMyActiveClient { id lastRecalculatedAt } }`),Qt=D(`
mutation PortalRecalculate($clientId: ID!) { rerunGraph(clientId: $clientId) }`),Z=D(`
query PortalReviewQueue($clientId: ID!, $patternId: ID, $limit: Int) {
  getClientReviewQueue(clientId: $clientId, patternId: $patternId, limit: $limit) {
    totalCount
    groups { patternId type severity title count assetId }
    items { transactionId patternId type problems }
  }
}`),Yt=D(`
query PortalAccounts($clientId: String!) {
  getClientAccounts(clientId: $clientId) {
    id name type provider address status transactionCount lastSyncedAt lastSyncError
  }
}`),zt=D(`
query PortalAssets($clientId: ID!) {
  getClientAssets(clientId: $clientId, hideSpamAssets: true) { assets { id symbol name pricingKey } }
}`),jt=D(`
query PortalLabels($clientId: ID) {
  getLabels(clientId: $clientId) { value name description category isIncome isDisposal isNonTaxable }
}`),me=D(`
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
}`),ge=D(`
query PortalTransaction($clientId: ID!, $id: ID!) {
  getTransaction(clientId: $clientId, transactionId: $id, includeAllTransfers: true) { ...PortalTxDetail }
}`),ye=D(`
query PortalTransactionLots($clientId: ID!, $key: String!, $id: ID) {
  getTaxLots(clientId: $clientId, assetPricingKey: $key, transactionId: $id) {
    costBasisAlgorithm
    disposals {
      transferId amountExact proceedsCents costBasisCents gainCents term box lotAcquiredAt lotTransactionId
      isUncovered isMissingBasis match deniedLossExact
    }
    lots { id acquiredAt amountExact originalAmountExact costBasisCents term isMissingBasis }
  }
}`),he=D(`
query PortalLabelOptions($clientId: ID!, $id: ID!) {
  getTransactionTypeOptions(clientId: $clientId, transactionId: $id) {
    options { value name description } recommended { value } currentLabel
  }
}`),Wt=D(`
query PortalAudit($clientId: ID!, $ids: [ID!]) {
  getClientAuditLogs(clientId: $clientId, transactionIds: $ids, limit: 25, page: 0) {
    auditLogs { id createdAt actorType action entityType field oldValue newValue undoneAt canUndo source }
    total
  }
}`),Ie=D(`
query PortalPairs($clientId: ID!, $id: ID, $limit: Int) {
  getTransferPairSuggestions(clientId: $clientId, transactionId: $id, limit: $limit) {
    fromTransactionId toTransactionId fromAccountId toAccountId sentAmountExact receivedAmountExact feeAmountExact
    sentAt receivedAt asset { symbol }
  }
}`),fe=D(`
mutation PortalLabel($clientId: ID!, $ids: [ID!]!, $label: String, $wipe: Boolean) {
  labelTransactions(clientId: $clientId, transactionIds: $ids, label: $label, wipeLabel: $wipe, source: "portal") { id label }
}`),oe=D(`
mutation PortalHide($clientId: ID!, $id: ID!, $hidden: Boolean!) {
  hideTransaction(clientId: $clientId, transactionId: $id, isHidden: $hidden) { id isHidden }
}`),be=D(`
mutation PortalReviewed($clientId: ID!, $id: ID!, $reviewed: Boolean!) {
  updateTransaction(clientId: $clientId, transactionId: $id, createDefaultRule: false, source: "portal",
      updates: { isReviewed: $reviewed }) { transaction { id isReviewed } }
}`),Jt=D(`
mutation PortalSetPrice($clientId: ID!, $ids: [ID!]!, $assetId: ID, $price: Float) {
  saveReceivePriceForTransactions(clientId: $clientId, transactionIds: $ids, assetId: $assetId, fiatValue: $price) { id }
}`),ke=D(`
mutation PortalSetValue($clientId: ID!, $tx: ID!, $transfer: ID!, $value: Float, $basis: Float, $reset: Boolean) {
  updateTransfer(clientId: $clientId, transactionId: $tx, transferId: $transfer, fiatValue: $value, basisFiatValue: $basis,
      resetFiatValue: $reset, source: "portal") { id }
}`),Kt=D(`
mutation PortalPair($clientId: ID!, $from: ID!, $to: ID!) {
  markInternalTransfer(clientId: $clientId, fromTransactionId: $from, toTransactionId: $to)
}`),Xt=D(`
mutation PortalUnpair($clientId: ID!, $from: ID!, $to: ID!) {
  unmarkInternalTransfer(clientId: $clientId, fromTransactionId: $from, toTransactionId: $to)
}`),Zt=D(`
mutation PortalUndo($clientId: ID!, $ids: [ID!]!) {
  undoAuditLogs(clientId: $clientId, auditLogIds: $ids, source: "portal") { id }
}`),le=D(`
mutation PortalAcceptBasis($clientId: ID!, $ids: [ID!]!, $override: Boolean!) {
  updateMultiTransactionsCostBasis(clientId: $clientId, transactionIds: $ids, isMissingBasis: false, overrideIsMissingBasis: $override) { id }
}`),en=D(`
mutation PortalMarkSpam($assetId: ID!, $spam: Boolean) {
  updateAsset(assetId: $assetId, isSpam: $spam) { id isSpam }
}`),Ce=D(`
query PortalPortfolio($clientId: ID!) {
  getPortfolioV2(clientId: $clientId, limit: 100, sort: VALUE) {
    positions {
      assetId asset { symbol name } amountExact price valueCents costBasisCents unrealizedGainCents
      unrealizedGainPercent portfolioPercent
    }
    total totalValueCents totalCostBasisCents totalUnrealizedGainCents isStale computedAt
  }
}`),tn=D(`
query PortalChart($clientId: ID!, $interval: HistoricalBalanceIntervalEnum!) {
  getChart(clientId: $clientId, interval: $interval) {
    points { date valueCents costBasisCents } startValueCents endValueCents changeCents changePercent isStale
  }
}`),nn=D(`
query PortalHarvest($clientId: ID!, $date: Date!) {
  getHarvestableLosses(clientId: $clientId, date: $date) {
    totalUnrealizedLossCents shortTermUnrealizedLossCents longTermUnrealizedLossCents
    assets {
      assetId asset { symbol name } amountExact price marketValueCents costBasisCents unrealizedGainCents
      shortTermUnrealizedGainCents longTermUnrealizedGainCents hasRecentAcquisition
    }
    unpricedAssetIds isStale
  }
}`),an=D(`
query PortalForm8949($clientId: ID!, $year: Int!, $box: Form8949BoxEnum, $page: Int) {
  getForm8949PreviewForYear(clientId: $clientId, year: $year, box: $box, page: $page, limit: 25) {
    boxes { box term rowCount proceedsCents costBasisCents adjustmentCents gainOrLossCents }
    rows { transactionId description dateAcquired dateSold proceedsCents costBasisCents gainOrLossCents box }
    total page limit isStale
  }
}`),sn=D(`
query PortalTaxForms($clientId: ID!, $year: Int!) {
  getTaxFormStatuses(clientId: $clientId, year: $year, formType: "FORM_1099_DA") {
    taxForms { id brokerName status statusMessage rowCount uploadedAt }
  }
}`),rn=D(`
query PortalReconciliation($clientId: ID!, $formId: ID!) {
  getTaxFormReconciliation(clientId: $clientId, taxFormId: $formId) {
    brokerProceedsCents computedProceedsCents proceedsDifferenceCents brokerCostBasisCents computedCostBasisCents
    matchedCount mismatchedCount missingInLedgerCount missingOnFormCount
    rows {
      id status transactionId assetSymbol amountExact dateSold brokerProceedsCents computedProceedsCents
      proceedsDifferenceCents brokerCostBasisCents computedCostBasisCents
    }
  }
}`),Ue=D(`
query PortalReports($clientId: ID!) {
  getReports(clientId: $clientId) { id type status year fileName isStale error createdAt completedAt }
}`),on=D(`
query PortalRequestReport($clientId: ID!, $type: ReportExportTypeEnum!, $year: String!, $email: String) {
  getReportExportV2(clientId: $clientId, type: $type, dateQueryType: TAX_YEAR, year: $year, email: $email) {
    report { id status } isCached emailQueued
  }
}`),ln=D(`
query PortalDownloadUrl($id: ID!) { getReportDownloadUrl(reportId: $id) { url fileName } }`);var $e=class{constructor(t,a,s){this.s=t;this.client=a;this.brand=s;this.changed=[];this.labelCache=[];this.accountCache=[]}q(t,a){return ue(this.s,t,{clientId:this.client.id,...a})}accounts(){return this.accountsP||(this.accountsP=this.q(Yt).then(t=>t.getClientAccounts.filter(a=>!!a))),this.accountsP.catch(()=>{this.accountsP=void 0}),this.accountsP}assets(){return this.assetsP||(this.assetsP=this.q(zt).then(t=>t.getClientAssets.assets)),this.assetsP.catch(()=>{this.assetsP=void 0}),this.assetsP}labels(){return this.labelsP||(this.labelsP=this.q(jt).then(t=>t.getLabels)),this.labelsP.catch(()=>{this.labelsP=void 0}),this.labelsP}years(){return this.yearsP||(this.yearsP=this.q(_t).then(t=>[...t.getTaxYears].reverse())),this.yearsP.catch(()=>{this.yearsP=void 0}),this.yearsP}async defaultYear(){let t=await this.years();return t.length?t[0]:new Date().getUTCFullYear()}labelName(t){if(!t)return"Unlabeled";let a=this.labelCache.find(s=>s.value===t);return a?a.name:t.replace(/_/g," ").replace(/^./,s=>s.toUpperCase())}accountName(t,a=this.accountCache){if(!t)return"Outside your accounts";let s=a.find(i=>i.id===t);return s?ee(s):"A removed account"}onChange(t){return this.changed.push(t),()=>{this.changed=this.changed.filter(a=>a!==t)}}ledgerChanged(t){t==="accounts"&&(this.accountsP=void 0,this.assetsP=void 0,this.yearsP=void 0),t==="results"&&(this.yearsP=void 0);for(let a of[...this.changed])a(t)}};function ee(n){let t=(n.name||"").trim();return t&&t!==n.address?t:n.address?`${Te(n.provider)} wallet ${n.address.length>16?`${n.address.slice(0,6)}\u2026${n.address.slice(-4)}`:n.address}`:Te(n.provider)}var Qn={ethereum:"Ethereum",bitcoin:"Bitcoin",solana:"Solana",base:"Base",arbitrum:"Arbitrum",optimism:"Optimism",polygon:"Polygon",bsc:"BNB Smart Chain",coinbase:"Coinbase",kraken:"Kraken",generic:"File",file:"File"};function Te(n){return Qn[n]||n.charAt(0).toUpperCase()+n.slice(1)}function x(n,t,...a){return n instanceof j?e("span"):e("div",{class:"notice error",role:"alert"},e("p",{},K(n)),...a,t?N("Try again",t,"secondary small"):"")}function U(n,t,...a){let s=e("div",{class:"section-body"},...a);return{el:e("section",{class:"panel",id:n,"aria-labelledby":`${n}-h`},e("h2",{id:`${n}-h`},t),s),body:s}}function Yn(n,t){let a=new Intl.DateTimeFormat("en-US",{timeZone:n,hourCycle:"h23",year:"numeric",month:"2-digit",day:"2-digit",hour:"2-digit",minute:"2-digit",second:"2-digit"}).formatToParts(t),s=i=>Number(a.find(r=>r.type===i)?.value||0);return Date.UTC(s("year"),s("month")-1,s("day"),s("hour"),s("minute"),s("second"))-Math.floor(t.getTime()/1e3)*1e3}function cn(n,t,a,s){let i=Date.UTC(n,t-1,a);for(let r=0;r<2;r++)try{i=Date.UTC(n,t-1,a)-Yn(s,new Date(i))}catch{return new Date(Date.UTC(n,t-1,a))}return new Date(i)}function dn(n,t){let[a,s]=(n.fiscalYearStart||"01-01").split("-").map(Number);return[cn(t,a||1,s||1,n.timezone).toISOString(),cn(t+1,a||1,s||1,n.timezone).toISOString()]}function Y(n,t){let a=n.jurisdictionRules.taxYearLabelFormat;return a.length===7?`${t}${a[4]}${String((t+1)%100).padStart(2,"0")}`:String(t)}function te(n,t,a=!1){let s=n.jurisdictionRules.words,i=t==="SHORT_TERM"?s.shortTerm||"Short-term":t==="LONG_TERM"?s.longTerm||"Long-term":t;return a?i.charAt(0).toLowerCase()+i.slice(1):i}var un=1e3,zn=1500,Se=class{constructor(t){this.app=t;this.el=e("div",{id:"recalc-status",class:"status-bar","aria-live":"polite"});this.state="settled";this.following=!1;this.listeners=[];t.onChange(a=>{a==="edit"&&this.soon(),a!=="results"&&this.refresh()})}get scheduled(){return this.timer!==void 0}soon(){window.clearTimeout(this.timer),this.timer=window.setTimeout(()=>{this.timer=void 0,this.following?this.soon():this.start()},zn)}onState(t){return this.listeners.push(t),()=>{this.listeners=this.listeners.filter(a=>a!==t)}}async refresh(){if(!this.following)try{let[t,a,s,i]=await Promise.all([this.app.q(Ht),this.app.q(Ve),this.app.q(Gt),this.app.accounts()]);if(a.getActiveRecalculateJob)return this.follow(a.getActiveRecalculateJob);let r=!s.getMyActiveClient.lastRecalculatedAt&&i.length>0;this.show(t.countDirty>0||r?"dirty":"settled",t.countDirty,void 0,r)}catch(t){this.el.replaceChildren(x(t,()=>this.refresh()))}}async start(){if(window.clearTimeout(this.timer),this.timer=void 0,!this.following)try{let t=(await this.app.q(Qt)).rerunGraph;await this.follow({id:t,status:"QUEUED",progress:0,attempt:1})}catch(t){this.el.replaceChildren(x(t,()=>this.start()))}}async follow(t){this.following=!0;let a=t;try{for(;a;){this.show("recalculating",0,a),await W(un);try{a=(await this.app.q(Ve)).getActiveRecalculateJob}catch(s){if(s instanceof j)return;await W(un*3)}}}finally{this.following=!1}se("Recalculation finished: your figures are up to date."),this.app.ledgerChanged("results"),await this.refresh()}show(t,a,s,i=!1){if(this.state=t,this.el.dataset.state=t,t==="recalculating"&&s){let r=s.status==="QUEUED";this.el.replaceChildren(e("div",{class:"status recalculating",id:"recalc-running"},e("span",{class:"spinner","aria-hidden":"true"}),e("span",{},r?"Updating your figures: queued\u2026":`Updating your figures\u2026 ${s.progress}%`),e("progress",{max:100,value:s.progress,"aria-label":"Recalculation progress"})))}else t==="dirty"?this.el.replaceChildren(e("div",{class:"status dirty",id:"recalc-dirty"},e("span",{},i?"Your taxes have not been calculated yet.":this.scheduled?"Updating your figures with your changes in a moment\u2026":a===1?"1 change is not in your figures yet.":`${a.toLocaleString("en-US")} changes are not in your figures yet.`),N(i?"Calculate":this.scheduled?"Update now":"Recalculate",()=>this.start(),"small",{id:"recalculate"}))):this.el.replaceChildren(e("div",{class:"status settled",id:"recalc-settled"},e("span",{class:"check","aria-hidden":"true"},"\u2713"),e("span",{},"Your figures are up to date.")));for(let r of this.listeners)r(t)}};var jn={"tax-forms":"tax forms","form-8949-csv":"Form 8949","form-8949-pdf":"Form 8949","schedule-d-csv":"Schedule D","schedule-d-pdf":"Schedule D","schedule-1-pdf":"Schedule 1","capital-gains-csv":"capital gains report","income-csv":"income report","transaction-history-csv":"transaction history","turbotax-csv":"TurboTax file","taxact-csv":"TaxAct file","holdings-csv":"year-end holdings"};function pn(n,t,a){let s=t.get("code")||"",i=t.get("report")||"",r=Number(t.get("expires")),c=t.get("signature")||"",d=()=>history.replaceState(null,"",location.pathname);document.readyState==="complete"?d():window.addEventListener("load",d,{once:!0});let m=(o,...u)=>{v(n),n.append(e("section",{class:"panel state",id:"state-download","data-state":a?.state||"unchecked","aria-labelledby":"dl-h"},e("h1",{id:"dl-h"},o),...u))},g="Request the report again in the tax portal of your provider: it e-mails you a new link.";switch(a?.state){case"expired":return m("This download link has expired",e("p",{id:"download-expired"},`For your security, download links work for a limited time. ${g}`));case"invalid":return m("This download link does not work",e("p",{id:"download-invalid"},`The link is incomplete or was changed. Open the whole link from the e-mail, or: ${g.charAt(0).toLowerCase()}${g.slice(1)}`));case"gone":return m("This report is no longer available",e("p",{id:"download-gone"},g))}let l=e("div",{id:"download-message",role:"status","aria-live":"polite"}),I=e("button",{type:"button",id:"download-report",onclick:async()=>{I.disabled=!0,l.replaceChildren(e("p",{},"Preparing your download\u2026"));try{let o=await et(s,i,r,c);l.replaceChildren(o==="ok"?e("p",{class:"notice ok",id:"download-started"},"Your download has started."):o==="expired"?e("p",{class:"notice error",role:"alert",id:"download-expired"},`This link has expired. ${g}`):e("p",{class:"notice error",role:"alert",id:"download-gone"},`This report is no longer available. ${g}`))}catch(o){l.replaceChildren(e("p",{class:"notice error",role:"alert"},o instanceof O?o.message:K(o)))}finally{I.disabled=!1}}},"Download");if(a?.state==="ready"){let o=jn[a.reportType||""]||"tax report",u=`${a.year?`${a.year} `:""}${o}`;return m(`Your ${u} ${o==="tax forms"?"are":"is"} ready`,e("p",{},a.fileName?`The file ${a.fileName} is ready to download.`:"The file is ready to download.",a.expiresAt?` This link works until ${G(a.expiresAt)}.`:""),I,l)}return m("Download your tax report",e("p",{},r?`This link works until ${G(new Date(r*1e3).toISOString())}.`:""),I,l)}var V=240,xe=16,ce=52;function mn(n){return Math.max(280,Math.min(720,Math.floor(n.clientWidth||640)))}function gn(n,t){let a=t.flatMap($=>[$.capitalGainsCents,$.incomeCents]),s=Math.max(0,...a),i=Math.min(0,...a);if(s===0&&i===0)return e("p",{class:"empty",id:"chart-empty"},"No gains or income yet: the chart fills in once your taxes are calculated.");let r=mn(n),c=60,d=8,m=s-i||1,g=V-xe-ce,l=r-c-d,I=$=>xe+(s-$)/m*g,o=l/t.length,u=Math.min(28,o/3),y=[s,(s+i)/2,i].filter(($,p,R)=>R.indexOf($)===p),T=t.map($=>`${$.year}: gains ${b($.capitalGainsCents)}, income ${b($.incomeCents)}`).join("; ");return e("svg",{viewBox:`0 0 ${r} ${V}`,width:r,height:V,role:"img","aria-labelledby":"chart-title chart-desc",class:"chart-svg"},e("title",{id:"chart-title"},"Capital gains and income by tax year"),e("desc",{id:"chart-desc"},T),...y.map($=>e("g",{},e("line",{x1:c,x2:r-d,y1:I($),y2:I($),class:"grid"}),e("text",{x:c-6,y:I($)+4,"text-anchor":"end",class:"axis"},Me(Math.round($))))),e("line",{x1:c,x2:r-d,y1:I(0),y2:I(0),class:"zero"}),...t.map(($,p)=>{let R=c+o*p+o/2,C=(P,h,f,S)=>e("rect",{x:h,width:u,y:Math.min(I(P),I(0)),height:Math.max(1,Math.abs(I(P)-I(0))),class:f,"data-year":$.year,"data-cents":P},e("title",{},`${$.year} ${S}: ${b(P)}`));return e("g",{},C($.capitalGainsCents,R-u-1,"bar gains","capital gains"),C($.incomeCents,R+1,"bar income","income"),e("text",{x:R,y:V-ce+18,"text-anchor":"middle",class:"axis"},String($.year)))}),e("g",{class:"legend"},e("rect",{x:c,y:V-14,width:12,height:12,class:"bar gains"}),e("text",{x:c+16,y:V-4,class:"axis"},"Capital gains"),e("rect",{x:c+120,y:V-14,width:12,height:12,class:"bar income"}),e("text",{x:c+136,y:V-4,class:"axis"},"Income")))}function yn(n,t,a){if(t.length<2||t.every(h=>h.valueCents===0&&h.costBasisCents===0))return e("p",{class:"empty",id:"value-chart-empty"},"Nothing to chart for this range yet.");let s=mn(n),i=64,r=8,c=t.flatMap(h=>[h.valueCents,h.costBasisCents]),d=Math.max(...c,0),m=Math.min(...c,0),g=d-m||1,l=V-xe-ce,I=s-i-r,o=h=>i+I*h/(t.length-1),u=h=>xe+(d-h)/g*l,y=h=>t.map((f,S)=>`${o(S).toFixed(1)},${u(h(f)).toFixed(1)}`).join(" "),T=`M${o(0).toFixed(1)},${u(0).toFixed(1)} L${y(h=>h.valueCents).replace(/ /g," L")} L${o(t.length-1).toFixed(1)},${u(0).toFixed(1)} Z`,$=[d,(d+m)/2,m].filter((h,f,S)=>S.indexOf(h)===f),p=new Date(t[0].date),R=new Date(t[t.length-1].date),C=h=>h.toLocaleDateString("en-US",{month:"short",year:"numeric"}),P=t[t.length-1];return e("svg",{viewBox:`0 0 ${s} ${V}`,width:s,height:V,role:"img","aria-labelledby":"value-title value-desc",class:"chart-svg"},e("title",{id:"value-title"},a),e("desc",{id:"value-desc"},`From ${C(p)} to ${C(R)}: value now ${b(P.valueCents)}, cost basis ${b(P.costBasisCents)}.`),...$.map(h=>e("g",{},e("line",{x1:i,x2:s-r,y1:u(h),y2:u(h),class:"grid"}),e("text",{x:i-6,y:u(h)+4,"text-anchor":"end",class:"axis"},Me(Math.round(h))))),e("path",{d:T,class:"area"}),e("polyline",{points:y(h=>h.valueCents),class:"value-line"}),e("polyline",{points:y(h=>h.costBasisCents),class:"basis-line"}),e("text",{x:i,y:V-ce+18,class:"axis"},C(p)),e("text",{x:s-r,y:V-ce+18,"text-anchor":"end",class:"axis"},C(R)),e("g",{class:"legend"},e("rect",{x:i,y:V-14,width:12,height:12,class:"swatch-value"}),e("text",{x:i+16,y:V-4,class:"axis"},"Value"),e("line",{x1:i+80,x2:i+100,y1:V-8,y2:V-8,class:"basis-line"}),e("text",{x:i+106,y:V-4,class:"axis"},"Cost basis")))}var Oe=10,hn=1e3,Wn=[["ethereum","Ethereum"],["bitcoin","Bitcoin"],["solana","Solana"],["base","Base"],["arbitrum","Arbitrum"],["optimism","Optimism"],["polygon","Polygon"],["bsc","BNB Smart Chain"]],Jn={ACTIVE:"Up to date",SYNCING:"Syncing",ERROR:"Sync failed",NEEDS_REAUTHENTICATION:"Needs new credentials",RETIRED:"Retired",DELETING:"Being removed"},Kn={WALLET:"Wallet",EXCHANGE:"Exchange",BANK:"Bank",FILE:"File import",MANUAL:"Manual",VIRTUAL:"Position"},Pe=class{constructor(t,a){this.app=t;this.accounts=[];this.syncing=!1;this.list=e("div",{id:"wallet-list"},M("your accounts"));this.count=e("p",{id:"wallet-count",class:"muted"});this.msg=e("div",{id:"wallet-message",role:"status","aria-live":"polite"});this.progress=e("div",{id:"sync-progress","aria-live":"polite"});this.syncButton=e("button",{type:"button",id:"sync-wallets",onclick:()=>this.startSync()},"Sync wallets");this.alive=!0;let s=e("input",{name:"address",required:!0,autocomplete:"off",spellcheck:!1,placeholder:"0x\u2026 , bc1\u2026 or a Solana address"}),i=e("input",{name:"name",maxlength:100,autocomplete:"off",placeholder:"e.g. Cold storage"});this.form=e("form",{id:"add-wallet",class:"inline-form",onsubmit:r=>{r.preventDefault(),this.add()}},B("wallet-address","Wallet address",s,"grow"),B("wallet-chain","Chain",k("chain",Wn)),B("wallet-name","Name (optional)",i),e("button",{type:"submit",id:"add-wallet-button"},"Add wallet")),a.append(this.count,this.list,e("details",{class:"add-wallet"},e("summary",{},"Add a wallet"),this.form,this.msg),e("div",{class:"actions"},this.syncButton),this.progress)}stop(){this.alive=!1}async load(){try{this.accounts=await this.app.accounts(),this.render();let a=(await J(this.app.s,"GET","/account_syncs")).syncs.find(s=>s.status==="queued"||s.status==="running");a&&this.follow(a)}catch(t){v(this.list),this.list.append(x(t,()=>this.load()))}}render(){v(this.list);let t=this.accounts.length,a=this.accounts.filter(i=>i.type==="WALLET").length;this.count.textContent=`${t===1?"1 account":`${t} accounts`} \xB7 ${a} of ${Oe} wallets`;let s=a>=Oe;if(this.form.querySelectorAll("input,select,button").forEach(i=>i.disabled=s),s&&this.msg.replaceChildren(e("p",{class:"notice"},`You have reached the limit of ${Oe} wallets.`)),this.syncButton.disabled=a===0||this.syncing,this.syncButton.hidden=a===0,t===0){this.list.append(_("No accounts yet. Add the address of a wallet you own, then sync it to import its transactions.","wallets-empty"));return}this.list.append(e("table",{class:"table cards"},e("caption",{class:"sr-only"},"Your accounts"),e("thead",{},e("tr",{},...["Account","Kind","Transactions","Status","Last synced"].map(i=>e("th",{scope:"col"},i)))),e("tbody",{},...this.accounts.map(i=>e("tr",{"data-account":i.id},e("td",{"data-label":"Account"},e("strong",{},ee(i)),i.address&&ee(i)===i.name?e("div",{class:"mono muted small",title:i.address},X(i.address)):""),e("td",{"data-label":"Kind"},`${Kn[i.type]||i.type}${i.type==="WALLET"?` \xB7 ${Te(i.provider)}`:""}`),e("td",{"data-label":"Transactions",class:"num"},i.transactionCount.toLocaleString("en-US")),e("td",{"data-label":"Status"},e("span",{class:`badge ${i.status.toLowerCase()}`},Jn[i.status]||i.status),i.lastSyncError?e("div",{class:"muted small"},i.lastSyncError):""),e("td",{"data-label":"Last synced"},i.type==="FILE"?"Imported file":G(i.lastSyncedAt)))))))}async add(){let t=new FormData(this.form),a={address:String(t.get("address")).trim(),chain:String(t.get("chain"))},s=String(t.get("name")||"").trim();s&&(a.name=s),this.msg.replaceChildren(e("p",{},"Adding the wallet\u2026"));try{let i=await J(this.app.s,"POST","/accounts",{wallets:[a]});this.form.reset();let r=i.skipped.map(c=>`${X(c.address)} was not added: ${c.reason==="already_added"?"you have it already":c.reason.replace(/_/g," ")}.`);this.msg.replaceChildren(...i.accounts.length?[e("p",{class:"notice ok"},"Wallet added. Sync it to import its transactions.")]:[],...r.map(c=>e("p",{class:"notice"},c))),this.app.ledgerChanged("accounts"),this.accounts=await this.app.accounts(),this.render()}catch(i){if(i instanceof O&&i.status===400){this.msg.replaceChildren(e("p",{class:"notice error",role:"alert",id:"wallet-error"},i.message)),document.getElementById("wallet-address").focus();return}this.msg.replaceChildren(x(i))}}async startSync(){this.syncButton.disabled=!0;try{this.follow(await J(this.app.s,"POST","/account_syncs",{}))}catch(t){this.syncButton.disabled=!1,this.progress.replaceChildren(x(t))}}async follow(t){for(this.syncing=!0,this.syncButton.disabled=!0;this.showSync(t),!(t.status==="completed"||t.status==="failed"||!this.alive);){await W(hn);try{t=await J(this.app.s,"GET",`/account_syncs/${t.id}`)}catch(a){if(a instanceof j)return;this.progress.replaceChildren(e("p",{class:"notice"},"Lost contact with the server; trying again\u2026")),await W(hn*3)}}if(this.syncing=!1,this.syncButton.disabled=!1,!!this.alive){this.app.ledgerChanged("accounts");try{this.accounts=await this.app.accounts(),this.render()}catch(a){this.list.replaceChildren(x(a,()=>this.load()))}}}showSync(t){let a=t.status==="completed"?"Sync complete":t.status==="failed"?"Sync failed":t.status==="queued"?"Sync queued":"Syncing",s=t.accounts.filter(i=>i.status==="syncing"&&i.nextAttemptAt);this.progress.replaceChildren(e("div",{class:`sync ${t.status}`,id:"sync-status","data-status":t.status},e("p",{},e("strong",{},`${a}: ${t.progress}%`)),e("progress",{max:100,value:t.progress,"aria-label":"Sync progress"}),s.length?e("p",{class:"notice",id:"sync-retrying"},"A wallet\u2019s blockchain source did not answer; the sync is retrying automatically."):"",t.error?e("p",{class:"notice error"},t.error):"",e("ul",{class:"sync-accounts"},...t.accounts.map(i=>{let r=this.accounts.find(c=>c.id===i.accountId);return e("li",{},`${r?ee(r):"A wallet"}: ${i.status} (${i.progress}%)`,i.message?e("span",{class:"muted"},` \u2013 ${i.message}`):"")}))))}};function In(n,t){let{app:a}=n;t.append(e("h1",{class:"welcome"},"Your crypto taxes"),a.s.email?e("p",{class:"muted",id:"signed-in-as"},`Signed in as ${a.s.email}`):"");let s=e("div",{class:"cards-row",id:"summary-cards","aria-live":"polite"},M("your figures")),i=e("figure",{id:"gains-chart",class:"chart"}),r=U("gains","Gains and income by year",i),c=U("wallets","Accounts and wallets");t.append(s,r.el,c.el);let d=new Pe(a,c.body);d.load();let m=async()=>{try{let l=await a.years(),I=l.length?l[0]:new Date().getUTCFullYear(),[o,u,y]=await Promise.all([a.q(ie,{year:String(I)}).then(h=>h.getIncomeAndCapGains),a.q(Ce).then(h=>h.getPortfolioV2),a.q(Z,{limit:1}).then(h=>h.getClientReviewQueue)]),T=y.totalCount;n.reviewCount(T);let $=(h,f,S,L,w)=>e("a",{class:"card",href:f,"data-figure":h},e("span",{class:"card-title"},S),e("span",{class:"card-value"},L),e("span",{class:"card-sub"},w)),p=(h,f)=>{let S=h.filter(w=>w.valueCents!==null&&w.valueCents!==void 0);if(h.length===0)return $("portfolio","#/portfolio","Portfolio value",b(0),"You hold nothing yet");if(S.length===0)return $("portfolio","#/portfolio","Portfolio value","No prices","Prices are not available right now");let L=S.reduce((w,Mn)=>w+(Mn.unrealizedGainCents||0),0);return $("portfolio","#/portfolio","Portfolio value",b(f),`Unrealized ${E(L)}${S.length<h.length?` \xB7 ${h.length-S.length} without a price`:""}`)};v(s),l.length===0?s.append(e("div",{class:"empty wide",id:"overview-empty"},e("p",{},"No tax figures yet. Add your wallets and exchanges below and sync them; your taxes are calculated from their transactions."))):s.append($("capital-gains",`#/tax?year=${I}`,`${Y(a.client,I)} capital gains`,E(o.capGainsCents),a.client.jurisdictionRules.hasHoldingTerms?`${te(a.client,"SHORT_TERM")} ${E(o.shortTermCapGainsCents)} \xB7 ${te(a.client,"LONG_TERM")} ${E(o.longTermCapGainsCents)}`:a.client.jurisdictionRules.words.netGain),$("income",`#/tax?year=${I}`,`${Y(a.client,I)} income`,b(o.incomeCents),"Staking, rewards and other income")),s.append(p(u.positions,u.totalValueCents),$("review","#/review","To review",T===0?"All clear":String(T),T===0?"Nothing needs your attention":`${T===1?"transaction needs":"transactions need"} a look`));let R=[...l].slice(0,6).reverse(),C=await Promise.all(R.map(h=>a.q(ie,{year:String(h)}).then(f=>({year:h,capitalGainsCents:f.getIncomeAndCapGains.capGainsCents,incomeCents:f.getIncomeAndCapGains.incomeCents})))),P=gn(i,C);i.replaceChildren(P,P.tagName==="svg"?e("figcaption",{},`Capital gains and income by tax year (${a.client.currency})`):"")}catch(l){s.replaceChildren(x(l,m))}};m();let g=a.onChange(m);return()=>{g(),d.stop()}}function re(n){return`${F(n.amountExact)} ${n.asset?.symbol||"?"}`}var Xn={sell:"Sold",gift_sent:"Gave away",donation:"Donated",lost:"Lost",payment:"Paid with",fee:"Paid a fee of"},Zn={buy:"Bought",staking_reward:"Earned",mining:"Mined",airdrop:"Received an airdrop of",interest:"Earned interest of",reward:"Earned",income:"Was paid",gift_received:"Was given"};function ne(n){let t=n.transfers.filter(c=>!c.isFee),a=t.filter(c=>c.direction==="OUTGOING"),s=t.filter(c=>c.direction==="INCOMING"),i=t.filter(c=>c.direction==="INTERNAL");if(t.length===0)return n.transfers.length?`Fee of ${re(n.transfers[0])}`:"No transfers";if(a.length&&s.length)return`${a.map(re).join(" + ")} \u2192 ${s.map(re).join(" + ")}`;if(i.length&&!a.length&&!s.length)return`Moved ${i.map(re).join(" + ")}`;let r=n.label||"";return a.length?`${Xn[r]||"Sent"} ${a.map(re).join(" + ")}`:`${Zn[r]||"Received"} ${s.map(re).join(" + ")}`}function Ae(n){let t=[],a=(s,i)=>t.push(e("span",{class:`badge ${s}`},i));return n.isMissingBasis&&a("critical","Missing cost basis"),n.hasNegativeBalance&&a("warning","Negative balance"),n.isInternalTransfer&&a("info","Internal transfer"),n.isHidden&&a("muted","Hidden"),n.isSpam&&a("muted","Spam"),n.isDirty&&a("info","Changed; recalculate"),t}function _e(n){return!!n.isMissingBasis&&!n.fiatValueCents}function fn(n){if(_e(n)&&!Number(n.capGainsSumSigned??0)&&!n.incomeSum)return e("span",{class:"badge critical"},"No price");if(n.capGainsSumSigned!==null&&n.capGainsSumSigned!==void 0){let t=Number(n.capGainsSumSigned);return e("span",{class:t<0?"loss":"gain"},`${t<0?"Loss":"Gain"} ${E(t)}`)}return n.incomeSum?e("span",{class:"income"},`Income ${b(n.incomeSum)}`):""}var ea=()=>window.matchMedia("(max-width: 40rem)").matches?25:50,ta=[["","Everything"],["missing-basis","Missing cost basis"],["uncovered-disposals","Sold more than held"],["negative-balance","Negative balance"],["unlabeled","Unlabeled"],["possible-internal-transfer","Possible move between your accounts"]];function bn(n,t,a){let{app:s}=n,i=Math.max(0,Number(a.get("page"))||0),r={q:a.get("q")||"",year:a.get("year")||"",asset:a.get("asset")||"",account:a.get("account")||"",label:a.get("label")||"",review:a.get("review")||"",hidden:a.get("hidden")==="1"},c=C=>{let P=new URLSearchParams,h={q:r.q,year:r.year,asset:r.asset,account:r.account,label:r.label,review:r.review,hidden:r.hidden?"1":"",page:"",...C};for(let[f,S]of Object.entries(h))S&&P.set(f,S);location.hash=`#/transactions${P.toString()?`?${P}`:""}`},d=!!(r.q||r.year||r.asset||r.account||r.label||r.review||r.hidden),m=e("input",{type:"search",name:"q",value:r.q,placeholder:"Hash, note, address or asset",autocomplete:"off"}),g=k("year",[["","All years"]],r.year),l=k("asset",[["","All assets"]],r.asset),I=k("account",[["","All accounts"]],r.account),o=k("label",[["","All labels"],["unlabeled","Unlabeled"]],r.label),u=k("review",ta,r.review),y=e("input",{type:"checkbox",name:"hidden",id:"f-hidden",checked:r.hidden}),T=e("form",{class:"filters",id:"tx-filters",role:"search","aria-label":"Filter transactions",onsubmit:C=>{C.preventDefault(),c({q:m.value.trim()})}},e("div",{class:"search-row"},B("f-q","Search",m,"grow"),e("button",{type:"submit",id:"f-search"},"Search")),e("div",{class:"filter-row"},B("f-year","Tax year",g),B("f-asset","Asset",l),B("f-account","Account",I),B("f-label","Label",o),B("f-review","Needs review",u),e("div",{class:"field check"},y,e("label",{for:"f-hidden"},"Include hidden"))),d?N("Clear filters",()=>{location.hash="#/transactions"},"link",{id:"f-clear"}):""),$=(C,P)=>C.addEventListener("change",()=>c({[P]:C instanceof HTMLInputElement&&C.type==="checkbox"?C.checked?"1":"":C.value}));$(g,"year"),$(l,"asset"),$(I,"account"),$(o,"label"),$(u,"review"),$(y,"hidden");let p=e("div",{id:"tx-list","aria-live":"polite"},M("transactions"));t.append(e("h1",{},"Transactions"),T,p),Promise.all([s.years(),s.assets(),s.accounts(),s.labels()]).then(([C,P,h,f])=>{g.append(...C.map(S=>e("option",{value:S},Y(s.client,S)))),l.append(...P.map(S=>e("option",{value:S.id},S.name&&S.name!==S.symbol?`${S.symbol} \xB7 ${S.name}`:S.symbol))),I.append(...h.map(S=>e("option",{value:S.id},ee(S)))),o.append(...f.map(S=>e("option",{value:S.value},S.name))),g.value=r.year,l.value=r.asset,I.value=r.account,o.value=r.label}).catch(()=>{});let R=async()=>{let C={page:i,limit:ea(),includeHidden:r.hidden||void 0};r.q&&(C.search=r.q),r.year&&([C.startDate,C.endDate]=dn(s.client,Number(r.year))),r.asset&&(C.assetIds=[r.asset]),r.account&&(C.accountIds=[r.account]),r.label==="unlabeled"?C.labelFilterMode="unlabeled":r.label&&(C.labels=[r.label]),r.review&&(C.insightPatternId=r.review);try{let[P]=await Promise.all([s.q(me,C),s.accounts().then(f=>{s.accountCache=f}),s.labels().then(f=>{s.labelCache=f})]),h=P.getClientTransactions;if(v(p),h.transactions.length===0){p.append(i>0?_("No more transactions on this page.","tx-empty",e("a",{href:"#",onclick:f=>{f.preventDefault(),c({page:""})}},"Back to the first page")):d?_("No transaction matches these filters.","tx-empty",N("Clear filters",()=>{location.hash="#/transactions"},"secondary")):_("No transactions yet. Add your wallets and exchanges on the Overview page and sync them.","tx-empty"));return}p.append(e("table",{class:"table cards tx-table"},e("caption",{class:"sr-only"},`Transactions, page ${i+1}`),e("thead",{},e("tr",{},...["Date","Type","What happened","Value","Gain or income",""].map(f=>e("th",{scope:"col"},f)))),e("tbody",{},...h.transactions.map(f=>e("tr",{"data-tx":f.id,class:f.isHidden?"hidden-tx":"",onclick:S=>{S.target.closest("a, button")||(location.hash=`#/transactions/${f.id}`)}},e("td",{"data-label":"Date"},e("a",{href:`#/transactions/${f.id}`,class:"tx-link"},q(f.createdAt))),e("td",{"data-label":"Type"},s.labelName(f.label)),e("td",{"data-label":"What happened"},ne(f),e("div",{class:"muted small"},s.accountName(f.accountId))),e("td",{"data-label":"Value",class:"num"},_e(f)?e("span",{class:"badge critical"},"No price"):b(f.fiatValueCents)),e("td",{"data-label":"Gain or income",class:"num"},fn(f)),e("td",{"data-label":"State",class:"flags"},...Ae(f))))))),p.append(e("nav",{class:"pager","aria-label":"Pages"},i>0?N("Previous page",()=>c({page:i>1?String(i-1):""}),"secondary",{id:"tx-prev"}):"",e("span",{class:"muted"},`Page ${i+1}`),h.hasNextPage?N("Next page",()=>c({page:String(i+1)}),"secondary",{id:"tx-next"}):""))}catch(P){p.replaceChildren(x(P,R))}};return R(),s.onChange(R)}function na(n,t){let a=Math.round((new Date(t).getTime()-new Date(n).getTime())/6e4);if(a<1)return"at once";if(a<120)return`${a} minute${a===1?"":"s"} later`;let s=Math.round(a/60);return s<48?`${s} hours later`:`${Math.round(s/24)} days later`}function De(n,t,a){let s=t.asset?.symbol||"",i=e("div",{role:"status"}),r=Number(t.feeAmountExact),c=e("button",{type:"button",class:"small","data-pair":`${t.fromTransactionId}:${t.toTransactionId}`,onclick:async()=>{try{await H(c,"Pairing\u2026",()=>n.q(Kt,{from:t.fromTransactionId,to:t.toTransactionId})),await a()}catch(d){i.replaceChildren(x(d))}}},"Pair as a move between my accounts");return e("div",{class:"pair-card","data-pair-card":`${t.fromTransactionId}:${t.toTransactionId}`},e("p",{},e("a",{href:`#/transactions/${t.fromTransactionId}`},`Sent ${F(t.sentAmountExact)} ${s}`),` from ${n.accountName(t.fromAccountId)} on ${q(t.sentAt)}, and `,e("a",{href:`#/transactions/${t.toTransactionId}`},`received ${F(t.receivedAmountExact)} ${s}`),` in ${n.accountName(t.toAccountId)} ${na(t.sentAt,t.receivedAt)}`,r>0?` (${F(t.feeAmountExact)} ${s} went to fees).`:"."),e("p",{class:"muted small"},`Unpaired, the first counts as a sale on ${G(t.sentAt)} and the second as a new purchase. If both accounts are yours, pair them: the coins keep their cost basis and nothing is taxed.`),c,i)}function Tn(n,t,a){let{app:s}=n,i=e("div",{id:"tx-detail"},M("the transaction"));t.append(e("p",{class:"back"},e("a",{href:"#/transactions"},"\u2190 All transactions")),i);let r=!0,c=async l=>{try{let[I]=await Promise.all([s.q(ge,{id:a}),s.accounts().then(o=>{s.accountCache=o}),s.labels().then(o=>{s.labelCache=o})]);if(!r)return;m(I.getTransaction,l)}catch(I){v(i),i.append(e("h1",{},"Transaction"),x(I,()=>c()))}},d=async l=>{s.ledgerChanged("edit"),n.recalc.refresh(),await c(l),se(l)},m=(l,I)=>{v(i);let o=`${s.labelName(l.label)} \xB7 ${q(l.createdAt)}`,u=e("div",{id:"tx-message",role:"status","aria-live":"polite"},I?e("p",{class:"notice ok"},I,n.recalc.state!=="recalculating"?" Your figures are updated in a moment.":""):"");i.append(e("h1",{id:"tx-title"},o),e("p",{class:"lead"},ne(l)),e("p",{class:"muted"},`${s.accountName(l.accountId)} \xB7 ${G(l.createdAt)}`,l.txnHash?[" \xB7 ",l.explorerUrl&&/^https:\/\//.test(l.explorerUrl)?e("a",{href:l.explorerUrl,target:"_blank",rel:"noopener noreferrer"},`View on explorer (${X(l.txnHash)})`):e("span",{class:"mono",title:l.txnHash},X(l.txnHash))]:""),e("div",{class:"flags"},...Ae(l)),sa(l),u,ra(l),ia(s,l,d));let y=U("why","Why these figures",M("the lots behind this transaction"));i.append(y.el),Sn(s,l,y.body),i.append(ca(n,l,d));let T=U("history","History of changes",M("the history"));i.append(T.el),xn(s,l,T.body,d)};c();let g=s.onChange(()=>{n.recalc.state==="settled"&&c()});return()=>{r=!1,g()}}var aa={HIGH:"high confidence",MEDIUM:"medium confidence",LOW:"low confidence"};function sa(n){let t=n.classification;if(!t)return"";let a=t.confidence==="LOW"&&!n.isReviewed&&!n.isEdited;return e("div",{class:"classification",id:"tx-classification","data-rule":t.rule,"data-confidence":t.confidence},e("p",{},"Read by the rule ",e("strong",{},t.rule),` (${aa[t.confidence]||t.confidence}): ${t.explanation}.`,a?[" ",e("span",{class:"badge warning"},"Needs review")]:""),e("p",{class:"muted small"},n.isEdited?"You changed this transaction: your edit stays, whatever the rules say later.":"Change the label below if this reading is wrong: your edit always wins over the rules."))}function ra(n){let t=n.capGainsSumSigned!==null&&n.capGainsSumSigned!==void 0?Number(n.capGainsSumSigned):null,a=[["value","Value",b(n.fiatValueCents)],["fees","Fees",b(n.feeFiatValueCents)]];return t!==null&&a.push(["gain",t<0?"Capital loss":"Capital gain",E(t)]),n.incomeSum&&a.push(["income","Income",b(n.incomeSum)]),e("dl",{class:"figures",id:"tx-figures"},...a.map(([s,i,r])=>e("div",{class:"figure","data-figure":s},e("dt",{},i),e("dd",{},r))))}function Cn(n,t,a){return t?n.accountName(t):a?X(a):"Outside your accounts"}function ia(n,t,a){let s=U("transfers","Transfers"),i=t.transfers.map(r=>{let c=r.capGainsSumSigned!==null&&r.capGainsSumSigned!==void 0?Number(r.capGainsSumSigned):null,d=e("div",{class:"transfer-edit",id:`edit-${r.id}`}),m=e("tr",{class:"edit-row",hidden:!0},e("td",{colspan:6},d)),g=N("Edit value",()=>{m.hidden=!m.hidden,g.setAttribute("aria-expanded",String(!m.hidden)),m.hidden||d.querySelector("input")?.focus()},"link small",{"aria-expanded":"false","aria-controls":`edit-${r.id}`,"data-edit-transfer":r.id});return oa(n,t,r,d,a),[e("tr",{"data-transfer":r.id,class:r.isHidden?"hidden-tx":""},e("td",{"data-label":"Transfer"},e("strong",{},`${r.direction==="OUTGOING"?"\u2212":r.direction==="INCOMING"?"+":""}${F(r.amountExact)} ${r.asset?.symbol||""}`),r.isFee?e("span",{class:"badge muted"},"Fee"):"",r.isHidden?e("span",{class:"badge muted"},"Hidden"):""),e("td",{"data-label":"From \u2192 to"},`${Cn(n,r.fromAccountId,r.fromAddress)} \u2192 ${Cn(n,r.toAccountId,r.toAddress)}`),e("td",{"data-label":"Market value",class:"num"},r.fiatValueCents===null||r.fiatValueCents===void 0?e("span",{class:"badge critical"},"No price"):b(r.fiatValueCents),r.isFiatValueOverridden?e("div",{class:"muted small"},"set by you"):""),e("td",{"data-label":"Cost basis",class:"num"},b(r.basisFiatValueCents)),e("td",{"data-label":"Gain or income",class:"num"},c!==null?`${E(c)}${r.saleTerm?` (${te(n.client,r.saleTerm,!0)})`:""}`:r.incomeSum?`Income ${b(r.incomeSum)}`:"\u2014",r.uncoveredAmountExact?e("div",{class:"muted small"},`${F(r.uncoveredAmountExact)} ${r.asset?.symbol||""} not covered by your lots`):""),e("td",{"data-label":"Change"},g)),m]});return s.body.append(e("table",{class:"table cards"},e("caption",{class:"sr-only"},"Transfers of this transaction"),e("thead",{},e("tr",{},...["Transfer","From \u2192 to","Market value","Cost basis","Gain or income",""].map(r=>e("th",{scope:"col"},r)))),e("tbody",{},...i.flat()))),s.el}function oa(n,t,a,s,i){let r=a.asset?.symbol||"units",c=e("input",{type:"number",min:"0",step:"0.01",inputmode:"decimal",value:a.fiatValueCents!=null?(a.fiatValueCents/100).toFixed(2):""}),d=e("input",{type:"number",min:"0",step:"any",inputmode:"decimal"}),m=e("input",{type:"number",min:"0",step:"0.01",inputmode:"decimal",value:a.basisFiatValueCents!=null?(a.basisFiatValueCents/100).toFixed(2):""}),g=e("div",{role:"status"}),l=a.direction==="INCOMING",I=c.value,o=m.value;d.addEventListener("input",()=>{let T=Number(d.value);d.value&&isFinite(T)&&(c.value=(T*Number(a.amountExact)).toFixed(2))});let u=e("button",{type:"submit"},"Save value"),y=e("form",{class:"inline-form","data-value-form":a.id,onsubmit:async T=>{T.preventDefault();let $=c.value===""||c.value===I?void 0:Number(c.value),p=l&&m.value!==""&&m.value!==o?Number(m.value):void 0;if($===void 0&&p===void 0){g.replaceChildren(e("p",{class:"notice error"},c.value===""?"Enter a value.":"Change the value or the cost basis."));return}try{await H(u,"Saving\u2026",()=>n.q(ke,{tx:t.id,transfer:a.id,value:$,basis:p})),await i(`Saved the value of ${F(a.amountExact)} ${r}.`)}catch(R){g.replaceChildren(x(R))}}},B(`per-unit-${a.id}`,`Price per ${r} (${n.client.currency})`,d),B(`value-${a.id}`,`${l?"Market value":a.isFee?"Fee value":"Proceeds"} (${n.client.currency})`,c),l?B(`basis-${a.id}`,`Cost basis (${n.client.currency})`,m):"",u,a.isFiatValueOverridden?N("Back to the imported value",async T=>{try{await H(T.currentTarget,"Resetting\u2026",()=>n.q(ke,{tx:t.id,transfer:a.id,reset:!0})),await i("The imported value is back.")}catch($){g.replaceChildren(x($))}},"secondary"):"");s.append(y,g)}async function Sn(n,t,a){let s=t.transfers.filter(d=>d.capGainsSumSigned!==null&&d.capGainsSumSigned!==void 0),i=t.transfers.filter(d=>d.incomeSum),r=t.transfers.filter(d=>d.direction==="INCOMING"&&!d.incomeSum&&!t.isInternalTransfer),c=[...new Set([...s,...r].map(d=>d.asset?.pricingKey).filter(d=>!!d))];try{let d=await Promise.all(c.map(g=>n.q(ye,{key:g,id:t.id}).then(l=>({key:g,...l.getTaxLots}))));v(a);let m=[];t.isHidden&&m.push(e("p",{},"This transaction is hidden: it does not count in your taxes.")),t.isInternalTransfer&&m.push(e("p",{},"A move between your own accounts: the coins keep their cost basis and purchase date, and nothing is taxed."));for(let g of s){let l=d.flatMap(p=>p.disposals).filter(p=>p.transferId===g.id),I=d.find(p=>p.key===g.asset?.pricingKey)?.costBasisAlgorithm||n.client.costBasisAlgorithm,o=g.asset?.symbol||"",u=Number(g.capGainsSumSigned),y=g.basisFiatValueCents??l.reduce((p,R)=>p+R.costBasisCents,0),T=y+u,$=(g.fiatValueCents??T)-T;m.push(e("div",{class:"why","data-why-transfer":g.id},e("h3",{},`${g.isFee?"Fee paid with":"Disposal of"} ${F(g.amountExact)} ${o}`),e("p",{class:"equation"},`Proceeds ${b(T)} \u2212 cost basis ${b(y)} = `,e("strong",{},`${u<0?"loss":"gain"} ${E(u)}`)),$>0?e("p",{class:"muted small"},`The proceeds are the market value of ${b(g.fiatValueCents)} less ${b($)} of fees.`):"",e("p",{class:"muted small"},n.client.jurisdictionRules.matchingText||`Lots are taken ${la(I)}. Each piece below is the part of this disposal one lot covered.`),e("ul",{class:"pieces"},...l.map(p=>e("li",{"data-piece":p.lotTransactionId||"uncovered","data-match":p.match||""},p.isUncovered?[e("strong",{},`${F(p.amountExact)} ${o} not covered by any ${n.client.jurisdictionRules.words.holding}`),": counted with a zero cost basis. Add the account or transaction it came from, or pair the move that brought it."]:p.match&&p.match!=="LOT"?ua(p,o):[`${F(p.amountExact)} ${o} from the lot acquired `,p.lotTransactionId?e("a",{href:`#/transactions/${p.lotTransactionId}`},q(p.lotAcquiredAt)):q(p.lotAcquiredAt),`: proceeds ${b(p.proceedsCents)} \u2212 basis ${b(p.costBasisCents)} = ${E(p.gainCents)}, ${te(n.client,p.term,!0)}${p.box?`, Form 8949 box ${p.box}`:""}`,p.isMissingBasis?e("span",{class:"badge critical"},"Basis unknown"):""]))),l.length===0?e("p",{class:"muted"},"The lots behind this disposal appear once your taxes are recalculated."):""))}for(let g of i)m.push(e("div",{class:"why"},e("h3",{},`Income: ${F(g.amountExact)} ${g.asset?.symbol||""}`),e("p",{},`Counted as income of ${b(g.incomeSum)}, its market value when received. That value is also the cost basis of the coins, for when you sell them.`)));for(let g of r){let l=d.filter(o=>o.key===g.asset?.pricingKey).flatMap(o=>o.lots),I=g.asset?.symbol||"";m.push(e("div",{class:"why"},e("h3",{},`Acquisition of ${F(g.amountExact)} ${I}`),g.basisFiatValueCents===null||g.basisFiatValueCents===void 0?e("p",{},"No price is known for this receipt, so its coins have an unknown cost basis: a later sale of them counts in full as a gain. Set its value above."):e("p",{},`Cost basis ${b(g.basisFiatValueCents)}: what was paid or given for it, fees included.`),l.length?e("p",{class:"muted"},`Still held from it: ${l.map(o=>`${F(o.amountExact)} of ${F(o.originalAmountExact)} ${I} (basis ${b(o.costBasisCents)}, ${te(n.client,o.term,!0)} if sold now)`).join("; ")}.`):e("p",{class:"muted"},"Nothing of it is held any more: it was sold, spent or moved on.")))}m.length===0&&m.push(e("p",{class:"muted"},"This transaction has no tax effect: nothing was sold, spent or earned.")),a.append(...m)}catch(d){a.replaceChildren(x(d,()=>Sn(n,t,a)))}}function la(n){return{FIFO:"first in, first out (FIFO)",LIFO:"last in, first out (LIFO)",HIFO:"highest cost first (HIFO)",LOFO:"lowest cost first (LOFO)",AVERAGE_COST:"at their average cost"}[n]||n}function ca(n,t,a){let{app:s}=n,i=U("fix","Change this transaction"),r=e("div",{role:"status","aria-live":"polite"}),c=k("label",[["","Loading labels\u2026"]]);c.disabled=!0;let d=e("button",{type:"submit",id:"save-label"},"Save label"),m=e("p",{class:"muted small",id:"label-help"});s.q(he,{id:t.id}).then(u=>{let y=u.getTransactionTypeOptions,T=new Set(y.recommended.map(p=>p.value));c.replaceChildren(e("option",{value:""},"No label"),...y.options.map(p=>e("option",{value:p.value},T.has(p.value)?`${p.name} (suggested)`:p.name))),c.value=t.label||"",c.disabled=!1;let $=()=>{m.textContent=y.options.find(p=>p.value===c.value)?.description||"Without a label, what leaves is taxed as a sale and what arrives as a purchase."};c.addEventListener("change",$),$()}).catch(u=>r.replaceChildren(x(u)));let g=e("form",{class:"inline-form",id:"label-form",onsubmit:async u=>{u.preventDefault();let y=c.value;try{await H(d,"Saving\u2026",()=>s.q(fe,y?{ids:[t.id],label:y}:{ids:[t.id],wipe:!0})),await a(y?`Labeled as ${s.labelName(y)}.`:"Label removed.")}catch(T){r.replaceChildren(x(T))}}},B("tx-label","Label",c,"grow"),d),l=e("div",{class:"actions",id:"tx-actions"}),I=(u,y,T,$,p,R="secondary")=>N(u,async C=>{try{await H(C.currentTarget,T,$),await a(p)}catch(P){r.replaceChildren(x(P))}},R,{id:y});l.append(t.isHidden?I("Unhide","unhide-tx","Unhiding\u2026",()=>s.q(oe,{id:t.id,hidden:!1}),"The transaction counts again."):I("Hide","hide-tx","Hiding\u2026",()=>s.q(oe,{id:t.id,hidden:!0}),"Hidden: the transaction no longer counts in your taxes."),I(t.isReviewed?"Mark as not reviewed":"Mark as reviewed","review-tx","Saving\u2026",()=>s.q(be,{id:t.id,reviewed:!t.isReviewed}),t.isReviewed?"Marked as not reviewed.":"Marked as reviewed.")),t.isMissingBasis&&l.append(I("Accept a zero cost basis","accept-basis","Saving\u2026",()=>s.q(le,{ids:[t.id],override:!0}),"Accepted: this transaction is no longer flagged for its missing cost basis."));let o=e("div",{id:"tx-pair"});if(t.isInternalTransfer&&t.linkedTransactionId){let u=t.transfers.some($=>$.direction==="OUTGOING"||$.fromAccountId&&!$.isFee),[y,T]=u?[t.id,t.linkedTransactionId]:[t.linkedTransactionId,t.id];o.append(e("p",{},`Paired ${t.linkType==="BRIDGE"?"as a bridge":t.linkType==="CROSS_CHAIN_SWAP"?"as a cross-chain swap":"as a move between your own accounts"} with `,e("a",{href:`#/transactions/${t.linkedTransactionId}`},"the other side"),"."),I("Unpair","unpair-tx","Unpairing\u2026",()=>s.q(Xt,{from:y,to:T}),"Unpaired: both sides count on their own again."))}else s.q(Ie,{id:t.id,limit:1}).then(u=>{let y=u.getTransferPairSuggestions[0];y&&o.append(De(s,y,async()=>{await a("Paired as a move between your own accounts.")}))}).catch(u=>o.append(x(u)));return i.body.append(g,m,o,l,r),i.el}var da={label:"Label",isHidden:"Hidden",isReviewed:"Reviewed",notes:"Notes",fiatValue:"Value",basisFiatValue:"Cost basis",internalTransferTo:"Paired as internal transfer",bridgeTo:"Paired as bridge",crossChainSwapTo:"Paired as cross-chain swap",isMissingBasisOverride:"Missing cost basis accepted",createdAt:"Date",amount:"Quantity",quantity:"Quantity",assetId:"Asset"};function $n(n,t){return t==null||t===""?n==="label"?"no label":"nothing":typeof t=="boolean"?t?"yes":"no":n==="label"&&typeof t=="string"?t.replace(/_/g," "):(n==="fiatValue"||n==="basisFiatValue")&&(typeof t=="string"||typeof t=="number")?b(Math.round(Number(t)*100)):typeof t=="string"?t.length>40?`${t.slice(0,37)}\u2026`:t:JSON.stringify(t).slice(0,40)}async function xn(n,t,a,s){try{let i=await n.q(Wt,{ids:[t.id]}),r=i.getClientAuditLogs.auditLogs;if(v(a),r.length===0){a.append(e("p",{class:"muted",id:"history-empty"},"No changes since it was imported."));return}let c=e("div",{role:"status"});a.append(e("ul",{class:"history",id:"history-list"},...r.map(d=>{let m=d.field?`${da[d.field]||d.field}: ${$n(d.field,d.oldValue)} \u2192 ${$n(d.field,d.newValue)}`:d.action.replace(/^\w+\./,"").replace(/_/g," "),g=d.actorType==="USER"?"you":d.actorType==="API_KEY"?"an app":d.actorType==="STAFF"?"support":`${n.brand.name} or an import`;return e("li",{"data-audit":d.id,class:d.undoneAt?"undone":""},e("span",{},e("strong",{},m),e("span",{class:"muted small"},` \xB7 ${G(d.createdAt)} \xB7 by ${g}`),d.undoneAt?e("span",{class:"badge muted"},"Undone"):""),d.canUndo?N("Undo",async l=>{try{await H(l.currentTarget,"Undoing\u2026",()=>n.q(Zt,{ids:[d.id]})),await s(`Undone: ${m}.`)}catch(I){c.replaceChildren(x(I))}},"secondary small",{"data-undo":d.id}):"")})),c,i.getClientAuditLogs.total>r.length?e("p",{class:"muted small"},`The latest ${r.length} of ${i.getClientAuditLogs.total} changes.`):"")}catch(i){a.replaceChildren(x(i,()=>xn(n,t,a,s)))}}function ua(n,t){let a=n.lotTransactionId?e("a",{href:`#/transactions/${n.lotTransactionId}`},q(n.lotAcquiredAt)):q(n.lotAcquiredAt),s=n.match==="SAME_DAY"?[`${F(n.amountExact)} ${t} matched with the same day\u2019s acquisitions`]:n.match==="THIRTY_DAY"?[`${F(n.amountExact)} ${t} matched with the acquisition of `,a," (within 30 days)"]:n.match==="POOL"?[`${F(n.amountExact)} ${t} from the section 104 pool, at its average cost`]:[`${F(n.amountExact)} ${t} at the adjusted cost base`],i=n.deniedLossExact?Math.round(Number(n.deniedLossExact)*100):0;return[...s,`: proceeds ${b(n.proceedsCents)} \u2212 cost ${b(n.costBasisCents)} = ${E(n.gainCents)}`,i?e("span",{class:"badge warning","data-denied":i},`Superficial loss denied: ${b(i)}`):""]}var pa={CRITICAL:"Makes figures wrong",WARNING:"Likely wrong",INFO:"Worth a look"},we=5,ma={MISSING_BASIS:"These sales use coins whose purchase price is unknown, so their whole value counts as a gain. Give the receipt a price, or accept a zero cost basis if you really paid nothing.",UNCOVERED_DISPOSALS:"These transactions send or sell more than your accounts held at the time. Usually an account or a purchase is missing: add it, or pair the move that brought the coins.",NEGATIVE_BALANCE:"An account sent more of an asset than it held. Add the missing account or transaction, or hide a duplicate.",UNLABELED_TRANSACTIONS:"Without a label, what leaves an account counts as a sale and what arrives as a purchase. Label income, gifts and fees as such.",POSSIBLE_INTERNAL_TRANSFER:"A withdrawal followed by a deposit of nearly the same amount into another of your accounts. Unpaired, the first counts as a sale and the second as a purchase.",POSSIBLE_SPAM:"A token whose name advertises a website or a claim, as airdropped spam does. Never visit the site; mark the token as spam to leave it out of your figures.",NEEDS_REVIEW_CLASSIFICATION:"No rule recognised these on-chain transactions with confidence, so what arrived counts as a purchase and what left as a sale. Open each one to see what was read, then label it, or confirm that the reading is right."},ga={MISSING_BASIS:"no cost basis",UNCOVERED_DISPOSALS:"sends more than the account held",NEGATIVE_BALANCE:"a balance below zero",UNLABELED_TRANSACTIONS:"no label",POSSIBLE_INTERNAL_TRANSFER:"looks like a move between your accounts",POSSIBLE_SPAM:"looks like spam",NEEDS_REVIEW_CLASSIFICATION:"read with low confidence"},ya=new Set(["MISSING_BASIS","UNCOVERED_DISPOSALS","NEGATIVE_BALANCE"]);function An(n,t,a){let{app:s}=n,i=e("div",{class:"recalc-box",id:"review-recalc"}),r=e("div",{id:"review-queue","aria-live":"polite"},M("what needs review"));t.append(e("h1",{},"Needs review"),e("p",{class:"lead"},"What can make your tax figures wrong, most serious first. Fix each item here; the counts fall as you go."),i,r);let c=new Set,d=()=>{let o=n.recalc.state;o==="settled"&&c.clear(),i.dataset.state=o,i.replaceChildren(e("p",{},o==="settled"?"Your figures include every change.":o==="dirty"?n.recalc.scheduled?"Your figures are updated with your fixes in a moment.":"Some fixes are not in your figures yet: prices, pairs and labels change your taxes once they are recalculated.":"Updating your figures with your fixes\u2026"),o==="dirty"?N(n.recalc.scheduled?"Update now":"Recalculate now",()=>n.recalc.start(),"",{id:"review-recalculate"}):"")};d();let m=n.recalc.onState(d),g=async o=>{se(o),s.ledgerChanged("edit"),await n.recalc.refresh()},l=async()=>{try{let o=(await s.q(Z,{limit:1})).getClientReviewQueue;if(n.reviewCount(o.totalCount),v(r),o.totalCount===0){r.append(_("Nothing to review: your transactions are labeled, priced and paired.","review-empty"));return}r.append(e("p",{id:"review-total","data-count":o.totalCount},o.totalCount===1?"1 transaction to review.":`${o.totalCount} transactions to review, each listed once under its most pressing problem.`));for(let u of o.groups)r.append(ha(n,u,c,g))}catch(o){r.replaceChildren(x(o,l))}};l();let I=s.onChange(l);return()=>{I(),m()}}function ha(n,t,a,s){let i=e("div",{class:"items"},M("the items")),r=`ins-${t.patternId.replace(/[^a-z0-9-]/gi,"-")}`,c=e("section",{class:`insight ${t.severity.toLowerCase()}`,"data-insight":t.patternId,"aria-labelledby":r},e("div",{class:"insight-head"},e("span",{class:`badge ${t.severity.toLowerCase()}`},pa[t.severity]||t.severity),e("h2",{id:r},t.title),e("span",{class:"insight-count","data-insight-count":t.count},String(t.count))),e("p",{},ma[t.type]||""),ya.has(t.type)?e("p",{class:"muted small"},"This list changes when your taxes are recalculated after a fix."):"",i,t.type!=="POSSIBLE_SPAM"&&t.count>we?e("p",{},e("a",{href:`#/transactions?review=${encodeURIComponent(t.patternId)}`},"See every transaction with this problem in Transactions")):"");return Ia(n,t,i,a,s).catch(d=>i.replaceChildren(x(d))),c}async function Ia(n,t,a,s,i){let{app:r}=n;if(t.type==="POSSIBLE_INTERNAL_TRANSFER"){let o=await r.q(Ie,{limit:we});v(a);for(let u of o.getTransferPairSuggestions){let y=De(r,u,async()=>{y.replaceChildren(e("p",{class:"notice ok"},"Paired as a move between your accounts.")),await i("Paired as a move between your accounts.")});a.append(y)}return}let c=t.assetId;if(t.type==="POSSIBLE_SPAM"&&c){v(a);let o=e("div",{role:"status"}),u=N("Mark as spam",async()=>{try{await H(u,"Marking\u2026",()=>r.q(en,{assetId:c,spam:!0})),a.replaceChildren(e("p",{class:"notice ok"},"Marked as spam: its transactions are left out of your figures.")),await i("Marked as spam.")}catch(y){o.replaceChildren(x(y))}},"small",{"data-spam":c});a.append(u,o);return}let d=(await r.q(Z,{patternId:t.patternId,limit:we})).getClientReviewQueue.items,m=new Map(d.map(o=>[o.transactionId,o])),g=d.length?await r.q(me,{onlyTransactionIds:d.map(o=>o.transactionId),limit:we}):null;await r.accounts().then(o=>{r.accountCache=o}),v(a);let l=e("ul",{class:"review-items"});a.append(l);let I=g?g.getClientTransactions.transactions:[];for(let o of d.map(u=>I.find(y=>y.id===u.transactionId)).filter(u=>!!u)){let u=e("li",{"data-review-item":o.id}),y=p=>async()=>{s.add(o.id),u.replaceChildren(e("p",{class:"notice ok"},p)),await i(p)};if(s.has(o.id)){u.append(e("p",{class:"notice ok"},`${q(o.createdAt)} \xB7 ${ne(o)}: fixed.`)),l.append(u);continue}u.append(e("p",{},e("a",{href:`#/transactions/${o.id}`},`${q(o.createdAt)} \xB7 ${r.labelName(o.label)}`),` \xB7 ${ne(o)} \xB7 ${r.accountName(o.accountId)}`));let T=(m.get(o.id)?.problems||[]).slice(1).map(p=>ga[p]).filter(Boolean);T.length&&u.append(e("p",{class:"muted small","data-also":o.id},`Also: ${T.join("; ")}.`));let $=e("div",{class:"fix"});switch(u.append($),l.append(u),t.type){case"UNLABELED_TRANSACTIONS":Pn(r,o,$,y);break;case"NEEDS_REVIEW_CLASSIFICATION":Pn(r,o,$,y),fa(r,o,$,y);break;case"MISSING_BASIS":ba(r,o,$,y);break;case"UNCOVERED_DISPOSALS":Ca(r,o,$,y);break;case"NEGATIVE_BALANCE":$a(r,o,$,y);break;default:break}}}function ve(n,t,a,s,i){n.addEventListener("click",async()=>{try{await H(n,t,s),await i()}catch(r){a.replaceChildren(x(r))}})}function Pn(n,t,a,s){let i=k("label",[["","Choose a label"]]),r=e("button",{type:"submit",class:"small"},"Save label"),c=e("div",{role:"status"});n.q(he,{id:t.id}).then(m=>{let g=new Set(m.getTransactionTypeOptions.recommended.map(l=>l.value));i.append(...m.getTransactionTypeOptions.options.map(l=>e("option",{value:l.value},g.has(l.value)?`${l.name} (suggested)`:l.name)))}).catch(m=>c.replaceChildren(x(m)));let d=`label-${t.id}`;a.append(e("form",{class:"inline-form","data-label-form":t.id,onsubmit:async m=>{if(m.preventDefault(),!i.value){c.replaceChildren(e("p",{class:"notice error"},"Choose a label first."));return}try{await H(r,"Saving\u2026",()=>n.q(fe,{ids:[t.id],label:i.value})),await s(`Labeled as ${n.labelName(i.value)}.`)()}catch(g){c.replaceChildren(x(g))}}},B(d,"Label",i),r),c)}function fa(n,t,a,s){let i=e("button",{type:"button",class:"small secondary","data-confirm":t.id},"The reading is right"),r=e("div",{role:"status"});ve(i,"Saving\u2026",r,()=>n.q(be,{id:t.id,reviewed:!0}),s("Marked as reviewed.")),a.append(i,r)}async function ba(n,t,a,s){let i=e("div",{role:"status"});try{let c=(await n.q(ge,{id:t.id})).getTransaction,d=c.transfers.filter(l=>l.capGainsSumSigned!==null&&l.capGainsSumSigned!==void 0&&l.asset),m=[...new Set(d.map(l=>l.asset.pricingKey))],g=[];for(let l of c.transfers)l.direction==="INCOMING"&&!l.isFee&&!l.isHidden&&(l.fiatValueCents===null||l.fiatValueCents===void 0)&&l.asset&&!g.some(I=>I.tx===c.id)&&g.push({tx:c.id,at:c.createdAt,symbol:l.asset.symbol,assetId:l.assetId,amount:l.amountExact});for(let l of m){let I=await n.q(ye,{key:l,id:t.id});for(let o of I.getTaxLots.disposals){let u=d.find(y=>y.id===o.transferId);o.isMissingBasis&&!o.isUncovered&&o.lotTransactionId&&u&&!g.some(y=>y.tx===o.lotTransactionId)&&g.push({tx:o.lotTransactionId,at:o.lotAcquiredAt||"",symbol:u.asset.symbol,assetId:u.assetId,amount:o.amountExact})}}for(let l of g){let I=e("input",{type:"number",min:"0",step:"any",inputmode:"decimal",required:!0}),o=e("button",{type:"submit",class:"small"},"Save price");a.append(e("form",{class:"inline-form","data-price-form":l.tx,onsubmit:async u=>{u.preventDefault();let y=Number(I.value);if(!I.value||!isFinite(y)||y<0){i.replaceChildren(e("p",{class:"notice error"},"Enter the price per unit, for example 1.85."));return}try{await H(o,"Saving\u2026",()=>n.q(Jt,{ids:[l.tx],assetId:l.assetId,price:y})),await s(`Saved the price of the ${l.symbol} received on ${q(l.at)}.`)()}catch(T){i.replaceChildren(x(T))}}},l.tx===c.id?e("p",{class:"small"},`The ${F(l.amount)} ${l.symbol} received have no price.`):e("p",{class:"small"},`The ${F(l.amount)} ${l.symbol} it sold came from `,e("a",{href:`#/transactions/${l.tx}`},`a receipt on ${q(l.at)}`)," without a price."),B(`price-${l.tx}`,`Price per ${l.symbol} when received (${n.client.currency})`,I),o))}}catch(c){i.replaceChildren(x(c))}let r=N("Accept a zero cost basis",()=>{},"secondary small");ve(r,"Saving\u2026",i,()=>n.q(le,{ids:[t.id],override:!0}),s("Accepted a zero cost basis.")),a.append(r,i)}function Ca(n,t,a,s){let i=e("div",{role:"status"}),r=N("Accept a zero cost basis",()=>{},"secondary small");ve(r,"Saving\u2026",i,()=>n.q(le,{ids:[t.id],override:!0}),s("Accepted a zero cost basis.")),a.append(e("a",{href:`#/transactions/${t.id}`,class:"button-link small"},"Open and pair or edit"),r,i)}function $a(n,t,a,s){let i=e("div",{role:"status"}),r=N("Hide (a duplicate)",()=>{},"secondary small");ve(r,"Hiding\u2026",i,()=>n.q(oe,{id:t.id,hidden:!0}),s("Hidden: it no longer counts.")),a.append(e("a",{href:`#/transactions/${t.id}`,class:"button-link small"},"Open"),r,i)}var Dn=[["ONE_MONTH","1 month"],["THREE_MONTHS","3 months"],["YEAR_TO_DATE","This year"],["ONE_YEAR","1 year"],["ALL_TIME","All time"]];function wn(n,t){let{app:a}=n,s=e("div",{class:"cards-row",id:"portfolio-totals","aria-live":"polite"},M("your holdings")),i=e("figure",{class:"chart",id:"value-chart"}),r="ALL_TIME",c=e("div",{class:"segmented",role:"radiogroup","aria-label":"Chart range"},...Dn.map(([o,u])=>{let y=`range-${o.toLowerCase()}`,T=e("input",{type:"radio",name:"range",id:y,value:o,checked:o===r,onchange:()=>{r=o,g()}});return e("span",{},T,e("label",{for:y},u))})),d=U("holdings","Holdings",M("your holdings")),m=U("harvest","Tax-loss harvesting",M("losses you could harvest"));t.append(e("h1",{},"Portfolio"),s,U("value","Value over time",c,i).el,d.el,m.el);let g=async()=>{i.replaceChildren(M("the chart"));try{let u=(await a.q(tn,{interval:r})).getChart,y=yn(i,u.points,`Portfolio value and cost basis, ${Dn.find(([T])=>T===r)?.[1].toLowerCase()}`);i.replaceChildren(y,y.tagName==="svg"?e("figcaption",{},`Change over the range: ${E(u.changeCents)}${u.changePercent===null||u.changePercent===void 0?"":` (${qe(u.changePercent)})`}. Coins without a price on a day add nothing to that day.`):"")}catch(o){i.replaceChildren(x(o,g))}},l=async()=>{try{let o=(await a.q(Ce)).getPortfolioV2,u=(p,R,C,P="")=>e("div",{class:"card","data-figure":p},e("span",{class:"card-title"},R),e("span",{class:"card-value"},C),P?e("span",{class:"card-sub"},P):""),y=o.positions.filter(p=>p.valueCents!==null&&p.valueCents!==void 0),T=o.positions.length-y.length,$=y.reduce((p,R)=>p+(R.unrealizedGainCents||0),0);s.replaceChildren(u("value","Value",y.length||!T?b(o.totalValueCents):"No prices",T?`${T} holding${T===1?"":"s"} without a price today, left out`:"At today\u2019s prices"),u("basis","Cost basis",b(o.totalCostBasisCents),o.isStale?"Recalculate to include recent changes":"What you paid for what you hold"),u("unrealized","Unrealized gain",y.length||!T?E($):"No prices",T?"Of the holdings with a price":"If you sold everything today")),v(d.body),o.positions.length===0?d.body.append(_("You hold nothing yet: add and sync your wallets and exchanges on the Overview page.","holdings-empty")):(d.body.append(e("table",{class:"table cards",id:"holdings-table"},e("caption",{class:"sr-only"},"Your holdings"),e("thead",{},e("tr",{},...["Asset","Quantity","Price","Value","Cost basis","Unrealized","Share"].map(p=>e("th",{scope:"col"},p)))),e("tbody",{},...o.positions.map(p=>{let R=p.amountExact.startsWith("-");return e("tr",{"data-asset":p.assetId},e("td",{"data-label":"Asset"},e("strong",{},p.asset?.symbol||"?"),p.asset?.name&&p.asset.name!==p.asset.symbol?e("div",{class:"muted small"},p.asset.name):"",R?e("span",{class:"badge warning"},"Negative balance"):""),e("td",{"data-label":"Quantity",class:"num"},F(p.amountExact)),e("td",{"data-label":"Price",class:"num"},p.price===null||p.price===void 0?e("span",{class:"badge muted"},"No price"):b(Math.round(p.price*100))),e("td",{"data-label":"Value",class:"num"},b(p.valueCents)),e("td",{"data-label":"Cost basis",class:"num"},b(p.costBasisCents)),e("td",{"data-label":"Unrealized",class:"num"},p.unrealizedGainCents===null||p.unrealizedGainCents===void 0?"\u2014":e("span",{class:p.unrealizedGainCents<0?"loss":"gain"},`${E(p.unrealizedGainCents)} (${qe(p.unrealizedGainPercent)})`)),e("td",{"data-label":"Share",class:"num"},p.portfolioPercent===null||p.portfolioPercent===void 0?"\u2014":`${p.portfolioPercent.toFixed(1)}%`))})))),o.total>o.positions.length&&d.body.append(e("p",{class:"muted small"},`The ${o.positions.length} largest of ${o.total} holdings.`)))}catch(o){s.replaceChildren(x(o,l)),v(d.body)}I()},I=async()=>{try{let o=new Date().toISOString().slice(0,10),u=(await a.q(nn,{date:o})).getHarvestableLosses;v(m.body),m.body.append(e("p",{},"Selling holdings worth less than you paid realizes a loss that offsets your gains. These lots are below their cost basis at today\u2019s prices.")),u.assets.length===0?m.body.append(_("None of your holdings is worth less than its cost basis today.","harvest-empty")):m.body.append(e("p",{id:"harvest-total"},e("strong",{},`Up to ${b(-u.totalUnrealizedLossCents)} of losses`),` (short-term ${b(-u.shortTermUnrealizedLossCents)}, long-term ${b(-u.longTermUnrealizedLossCents)}).`),e("table",{class:"table cards",id:"harvest-table"},e("caption",{class:"sr-only"},"Holdings you could sell at a loss"),e("thead",{},e("tr",{},...["Asset","Held at a loss","Value","Cost basis","Loss",""].map(y=>e("th",{scope:"col"},y)))),e("tbody",{},...u.assets.map(y=>e("tr",{"data-harvest":y.assetId},e("td",{"data-label":"Asset"},e("strong",{},y.asset?.symbol||"?")),e("td",{"data-label":"Held at a loss",class:"num"},F(y.amountExact)),e("td",{"data-label":"Value",class:"num"},b(y.marketValueCents)),e("td",{"data-label":"Cost basis",class:"num"},b(y.costBasisCents)),e("td",{"data-label":"Loss",class:"num"},e("span",{class:"loss"},E(y.unrealizedGainCents)),e("div",{class:"muted small"},`short-term ${E(y.shortTermUnrealizedGainCents)} \xB7 long-term ${E(y.longTermUnrealizedGainCents)}`)),e("td",{"data-label":"Note"},y.hasRecentAcquisition?e("span",{class:"badge info"},"Bought in the last 30 days"):"")))))),u.unpricedAssetIds.length&&m.body.append(e("p",{class:"muted small"},`${u.unpricedAssetIds.length} holding${u.unpricedAssetIds.length===1?" has":"s have"} no price today and ${u.unpricedAssetIds.length===1?"is":"are"} left out.`)),m.body.append(e("p",{class:"muted small"},"This is information, not advice: check with a tax professional before you sell."))}catch(o){m.body.replaceChildren(x(o,I))}};return l(),g(),a.onChange(()=>{l(),g()})}var Ta={A:"Short-term, on Form 1099-B with basis reported",B:"Short-term, on Form 1099-B without basis",C:"Short-term, not on Form 1099-B",D:"Long-term, on Form 1099-B with basis reported",E:"Long-term, on Form 1099-B without basis",F:"Long-term, not on Form 1099-B",G:"Short-term digital assets, on Form 1099-DA with basis reported",H:"Short-term digital assets, on Form 1099-DA without basis",I:"Short-term digital assets, not on Form 1099-DA",J:"Long-term digital assets, on Form 1099-DA with basis reported",K:"Long-term digital assets, on Form 1099-DA without basis",L:"Long-term digital assets, not on Form 1099-DA"},Sa={TAX_FORMS:"Tax forms (ZIP of PDFs)",FORM_8949_PDF:"Form 8949 (PDF)",FORM_8949_CSV:"Form 8949 (CSV)",SCHEDULE_D_PDF:"Schedule D (PDF)",SCHEDULE_1_PDF:"Schedule 1, income (PDF)",CAPITAL_GAINS_CSV:"Capital gains (CSV)",INCOME_CSV:"Income (CSV)",TRANSACTION_HISTORY_CSV:"Transaction history (CSV)",TURBOTAX_CSV:"TurboTax import (CSV)",TAXACT_CSV:"TaxAct import (CSV)",END_OF_YEAR_HOLDINGS_CSV:"Holdings at year end (CSV)",UK_CAPITAL_GAINS_SUMMARY_PDF:"UK capital gains summary, SA108 figures (PDF)",UK_CAPITAL_GAINS_SUMMARY_CSV:"UK capital gains summary (CSV)",DE_ANLAGE_SO_PDF:"Anlage SO, private disposals and other income (PDF)",DE_ANLAGE_SO_CSV:"Anlage SO rows (CSV)",AU_CGT_SCHEDULE_PDF:"CGT schedule summary (PDF)",AU_CGT_SCHEDULE_CSV:"CGT schedule events (CSV)",CA_SCHEDULE_3_PDF:"Schedule 3 summary (PDF)",CA_SCHEDULE_3_CSV:"Schedule 3 summary (CSV)"},xa={QUEUED:"Waiting",GENERATING:"Being made",READY:"Ready",FAILED:"Failed"};function En(n,t,a){let{app:s}=n,i=k("year",[]),r=e("div",{id:"tax-figures","aria-live":"polite"},M("the year\u2019s figures")),c=U("income","Income by kind"),d=U("form-8949","Form 8949 preview"),m=e("div",{id:"reconciliation"}),g=U("reports","Reports");t.append(e("h1",{},"Taxes"),e("div",{class:"toolbar"},B("tax-year","Tax year",i)),r,c.el,d.el,m,g.el);let l=0,I=async()=>{try{let C=await s.years(),P=C.length?C[0]:new Date().getUTCFullYear(),h=Number(a.get("year"));l=h&&h>1900?h:P;let f=[...new Set([...C,l,new Date().getUTCFullYear()])].sort((S,L)=>L-S);i.replaceChildren(...f.map(S=>e("option",{value:S},Y(s.client,S)))),i.value=String(l),await Promise.all([y(),T(0,""),$()])}catch(C){r.replaceChildren(x(C,I))}};i.addEventListener("change",()=>{location.hash=`#/tax?year=${i.value}`});let o=s.client.jurisdictionRules,u=()=>Y(s.client,l),y=async()=>{try{let C=(await s.q(ie,{year:String(l)})).getIncomeAndCapGains,P=Pa(C,o);C.futuresCents&&P.push(["futures","Futures",C.futuresCents,E]),v(r),r.append(C.isStale?e("p",{class:"notice",id:"preview-stale"},"Your ledger changed since these figures were calculated. Recalculate to bring them up to date."):"",C.transactionCount===0?_(`No transactions in ${u()}.`,"year-empty"):"",C.jurisdiction&&o.text?e("p",{class:"muted small",id:"tax-rules","data-jurisdiction":o.jurisdiction},o.text):"",e("dl",{class:"figures","data-year":C.year,"data-year-label":C.taxYearLabel||C.year},...P.map(([h,f,S,L])=>e("div",{class:"figure","data-figure":h,"data-cents":S},e("dt",{},f),e("dd",{},L(S))))),e("p",{class:"muted small"},`${C.disposalCount} transaction${C.disposalCount===1?"":"s"} with a sale or other disposal, ${C.transactionCount} in all`,pe(C.computedAt)?`; calculated ${G(C.computedAt)}.`:"; not calculated yet.")),v(c.body),C.incomeByLabel.length===0?c.body.append(_(`No income in ${u()}.`,"income-empty")):c.body.append(e("table",{class:"table",id:"income-table"},e("caption",{class:"sr-only"},`Income in ${u()} by kind`),e("thead",{},e("tr",{},...["Kind","Transactions","Income"].map(h=>e("th",{scope:"col"},h)))),e("tbody",{},...C.incomeByLabel.map(h=>e("tr",{"data-income":h.label},e("td",{},e("a",{href:`#/transactions?year=${l}&label=${encodeURIComponent(h.label)}`},h.name)),e("td",{class:"num"},String(h.transactionCount)),e("td",{class:"num"},b(h.incomeCents))))),e("tfoot",{},e("tr",{},e("th",{scope:"row"},"Total"),e("td",{}),e("td",{class:"num"},b(C.incomeCents)))))),p.setYear(l)}catch(C){r.replaceChildren(x(C,y))}},T=async(C,P,h=!1)=>{if(!o.hasForm8949){d.el.hidden=!0;return}try{let f=(await s.q(an,{year:l,box:P||void 0,page:C})).getForm8949PreviewForYear;if(v(d.body),f.boxes.length===0){d.body.append(_(`No sales or other disposals in ${l}: nothing goes on Form 8949.`,"f8949-empty"));return}let S=k("box",[["","All boxes"],...f.boxes.map(w=>[w.box,`Box ${w.box}`])],P);S.addEventListener("change",()=>T(0,S.value,!0));let L=e("details",{class:"rows",id:"f8949-details",open:h});d.body.append(e("p",{},"How your sales will be reported on Form 8949, box by box. Generate the form itself under Reports."),e("table",{class:"table cards",id:"f8949-boxes"},e("caption",{class:"sr-only"},`Form 8949 boxes of ${l}`),e("thead",{},e("tr",{},...["Box","Rows","Proceeds","Cost basis","Adjustments","Gain or loss"].map(w=>e("th",{scope:"col"},w)))),e("tbody",{},...f.boxes.map(w=>e("tr",{"data-box":w.box},e("td",{"data-label":"Box"},e("strong",{},`Box ${w.box}`),e("div",{class:"muted small"},Ta[w.box]||"")),e("td",{"data-label":"Rows",class:"num"},String(w.rowCount)),e("td",{"data-label":"Proceeds",class:"num"},b(w.proceedsCents)),e("td",{"data-label":"Cost basis",class:"num"},b(w.costBasisCents)),e("td",{"data-label":"Adjustments",class:"num"},b(w.adjustmentCents)),e("td",{"data-label":"Gain or loss",class:"num"},E(w.gainOrLossCents)))))),L),L.append(e("summary",{},`The ${f.total} row${f.total===1?"":"s"}${P?` of box ${P}`:""}, as on the form`),e("div",{class:"toolbar"},B("f8949-box","Show the rows of",S)),e("table",{class:"table cards",id:"f8949-rows"},e("caption",{class:"sr-only"},"Form 8949 rows"),e("thead",{},e("tr",{},...["Box","(a) Description","(b) Acquired","(c) Sold","(d) Proceeds","(e) Cost basis","(h) Gain or loss"].map(w=>e("th",{scope:"col"},w)))),e("tbody",{},...f.rows.map(w=>e("tr",{},e("td",{"data-label":"Box"},w.box),e("td",{"data-label":"Description"},w.transactionId?e("a",{href:`#/transactions/${w.transactionId}`},w.description):w.description),e("td",{"data-label":"Acquired"},w.dateAcquired?q(w.dateAcquired):"Various"),e("td",{"data-label":"Sold"},q(w.dateSold)),e("td",{"data-label":"Proceeds",class:"num"},b(w.proceedsCents)),e("td",{"data-label":"Cost basis",class:"num"},b(w.costBasisCents)),e("td",{"data-label":"Gain or loss",class:"num"},E(w.gainOrLossCents)))))),e("nav",{class:"pager","aria-label":"Form 8949 pages"},f.page>0?N("Previous rows",()=>T(f.page-1,P,!0),"secondary"):"",e("span",{class:"muted"},`Rows ${f.page*f.limit+1}\u2013${f.page*f.limit+f.rows.length} of ${f.total}`),(f.page+1)*f.limit<f.total?N("Next rows",()=>T(f.page+1,P,!0),"secondary"):""))}catch(f){d.body.replaceChildren(x(f,()=>T(C,P)))}},$=async()=>{if(v(m),!!o.hasForm1099DA)try{let C=(await s.q(sn,{year:l})).getTaxFormStatuses.taxForms;if(C.length===0)return;let P=U("reconciliation-panel","Form 1099-DA reconciliation");m.append(P.el),P.body.append(e("p",{},"Your broker reported these sales to the IRS on Form 1099-DA. Here they are compared with your own figures: differences need a look before you file."));for(let h of C){let f=(await s.q(rn,{formId:h.id})).getTaxFormReconciliation,S=f.rows.filter(L=>L.status!=="MATCHED").slice(0,20);P.body.append(e("div",{class:"recon","data-form":h.id},e("h3",{},`${h.brokerName}: ${h.rowCount} row${h.rowCount===1?"":"s"}`),e("dl",{class:"figures"},...[["Broker proceeds",b(f.brokerProceedsCents)],["Your proceeds",b(f.computedProceedsCents)],["Difference",E(f.proceedsDifferenceCents)],["Matched",String(f.matchedCount)],["Different",String(f.mismatchedCount)],["Missing in your ledger",String(f.missingInLedgerCount)],["Not on the form",String(f.missingOnFormCount)]].map(([L,w])=>e("div",{class:"figure"},e("dt",{},L),e("dd",{},w)))),S.length===0?e("p",{class:"notice ok"},"Every row matches your figures."):e("table",{class:"table cards"},e("caption",{class:"sr-only"},"Rows that differ"),e("thead",{},e("tr",{},...["Sold","Asset","Broker","Yours","Difference",""].map(L=>e("th",{scope:"col"},L)))),e("tbody",{},...S.map(L=>e("tr",{},e("td",{"data-label":"Sold"},q(L.dateSold)),e("td",{"data-label":"Asset"},`${L.amountExact} ${L.assetSymbol}`),e("td",{"data-label":"Broker",class:"num"},b(L.brokerProceedsCents)),e("td",{"data-label":"Yours",class:"num"},b(L.computedProceedsCents)),e("td",{"data-label":"Difference",class:"num"},E(L.proceedsDifferenceCents)),e("td",{"data-label":"Status"},L.status==="MISSING_IN_LEDGER"?"Not in your ledger":L.status==="MISSING_ON_FORM"?"Not on the form":L.transactionId?e("a",{href:`#/transactions/${L.transactionId}`},"Different: open"):"Different")))))))}}catch(C){m.replaceChildren(x(C,$))}},p=new Ge(s,g.body,s.client);p.load(),I();let R=s.onChange(()=>{s.years().then(()=>{y(),T(0,"")})});return()=>{p.stop(),R()}}var Ge=class{constructor(t,a,s){this.app=t;this.client=s;this.list=e("div",{id:"report-list","aria-live":"polite"},M("your reports"));this.msg=e("div",{id:"report-message",role:"status"});this.yearSel=k("year",[]);this.polling=!1;this.alive=!0;let i=e("input",{name:"email",type:"email",autocomplete:"email",value:t.s.email||""}),r=e("button",{type:"submit",id:"request-report-button"},"Request report");this.form=e("form",{id:"request-report",class:"inline-form",onsubmit:c=>{c.preventDefault(),this.request(r)}},B("report-year","Tax year",this.yearSel),B("report-type","Report",k("type",s.jurisdictionRules.reportTypes.map(c=>[c,He(c)])),"grow"),B("report-email","E-mail me a link (optional)",i,"grow"),r),a.append(e("p",{},"Reports are made from your calculated figures. They are ready in a few seconds; you can also get a link by e-mail."),this.form,this.msg,this.list)}stop(){this.alive=!1}async setYear(t){let a=await this.app.years(),s=[...new Set([...a,t])].sort((i,r)=>r-i);this.yearSel.replaceChildren(...s.map(i=>e("option",{value:i},Y(this.client,i)))),this.yearSel.value=String(t)}async load(){try{let t=(await this.app.q(Ue)).getReports;this.render(t),t.some(vn)&&this.poll()}catch(t){this.list.replaceChildren(x(t,()=>this.load()))}}render(t){if(v(this.list),t.length===0){this.list.append(_("No reports yet. Choose a year and a report above.","reports-empty"));return}this.list.append(e("table",{class:"table cards"},e("caption",{class:"sr-only"},"Your reports"),e("thead",{},e("tr",{},...["Year","Report","Status","Requested",""].map(a=>e("th",{scope:"col"},a)))),e("tbody",{},...t.map(a=>e("tr",{"data-report":a.id,"data-type":a.type,"data-status":a.status},e("td",{"data-label":"Year"},a.year?Y(this.client,Number(a.year)):"\u2014"),e("td",{"data-label":"Report"},He(a.type),a.isStale?e("div",{class:"muted small"},"Your figures changed since; request it again for current ones."):""),e("td",{"data-label":"Status"},e("span",{class:`badge ${a.status.toLowerCase()}`},xa[a.status]||a.status),a.error?e("div",{class:"muted small"},a.error):""),e("td",{"data-label":"Requested"},G(a.createdAt)),e("td",{"data-label":"File"},a.status==="READY"?N("Download",s=>this.download(a,s.currentTarget),"secondary small download",{"aria-label":`Download ${a.year||""} ${He(a.type)}`}):""))))))}async request(t){let a=new FormData(this.form),s=String(a.get("email")||"").trim();try{let r=(await H(t,"Requesting\u2026",()=>this.app.q(on,{year:String(a.get("year")),type:String(a.get("type")),email:s||void 0}))).getReportExportV2;this.msg.replaceChildren(e("p",{class:"notice ok"},r.isCached?"You have this report already, up to date: it is in the list below.":`Report requested. It appears below when it is ready${s?`, and we e-mail a link to ${s}`:""}.`)),await this.load()}catch(i){this.msg.replaceChildren(x(i))}}async poll(){if(!this.polling){this.polling=!0;try{for(;this.alive;){await W(1e3);let t=(await this.app.q(Ue)).getReports;if(!this.alive||(this.render(t),!t.some(vn)))return}}catch(t){this.list.replaceChildren(x(t,()=>this.load()))}finally{this.polling=!1}}}async download(t,a){try{let s=await H(a,"Preparing\u2026",()=>this.app.q(ln,{id:t.id})),i=e("a",{href:s.getReportDownloadUrl.url,download:s.getReportDownloadUrl.fileName,hidden:!0});document.body.append(i),i.click(),i.remove(),this.msg.replaceChildren(e("p",{class:"notice ok",id:"download-started"},`Downloading ${s.getReportDownloadUrl.fileName}.`))}catch(s){this.msg.replaceChildren(x(s))}}},vn=n=>n.status==="QUEUED"||n.status==="GENERATING";function He(n){return Sa[n]||n.replace(/_/g," ").toLowerCase()}function Pa(n,t){let a=t.words,s=[["proceeds",a.proceeds,n.proceedsCents,b],["cost-basis",a.cost,n.costBasisCents,b]];return t.hasHoldingTerms&&s.push(["short-term",`${a.shortTerm||"Short-term"} gains`,n.shortTermCapGainsCents,E],["long-term",`${a.longTerm||"Long-term"} gains`,n.longTermCapGainsCents,E]),(!t.hasHoldingTerms||n.gainsCents!==null&&n.gainsCents!==void 0)&&s.push(["gains",a.gains,n.gainsCents??0,b],["losses",a.losses,-(n.lossesCents??0),b]),a.deniedLosses&&s.push(["denied-losses",a.deniedLosses,n.deniedLossesCents??0,b]),s.push(["capital-gains",a.netGain,n.capGainsCents,E]),n.lossesBroughtForwardCents!=null&&s.push(["losses-brought-forward","Net capital losses brought forward",n.lossesBroughtForwardCents,b]),n.discountCents!=null&&s.push(["discount","CGT discount applied",n.discountCents,b]),n.gainThresholdCents!=null&&s.push(["threshold",`${a.threshold||"Threshold"} (taxed in full from this amount)`,n.gainThresholdCents,b]),a.taxableGain&&s.push(["taxable-gains",a.taxableGain,n.taxableCapitalGainsCents??0,E]),n.lossesCarriedForwardCents!=null&&s.push(["losses-carried-forward","Net capital losses carried forward",n.lossesCarriedForwardCents,b]),s.push(["income","Income",n.incomeCents,b]),a.taxableIncome&&n.taxableIncomeCents!=null&&s.push(["taxable-income",a.taxableIncome,n.taxableIncomeCents,b]),s}var We="taxd.portal.session",Qe=(()=>{try{return JSON.parse(document.getElementById("taxd-page")?.textContent||"{}")}catch{return{}}})(),z=document.getElementById("main"),je=document.getElementById("top"),Ee=!1;function Aa(n){try{let t=n.split(".")[1].replace(/-/g,"+").replace(/_/g,"/");return JSON.parse(atob(t))}catch{return{}}}function Da(n){sessionStorage.setItem(We,JSON.stringify(n))}function wa(){try{let n=JSON.parse(sessionStorage.getItem(We)||"null");return n&&n.code&&n.token?n:null}catch{return null}}function Ye(n){let t=n?.partnerId?`?partner=${encodeURIComponent(n.partnerId)}`:"",a=()=>history.replaceState(null,"",location.pathname+t+location.hash);document.readyState==="complete"?a():window.addEventListener("load",a,{once:!0})}function Fn(n){if(document.body.dataset.partner=n.name,document.title=`${n.name} \xB7 Crypto tax portal`,n.primaryColor&&/^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(n.primaryColor)){let[a,s]=va(n.primaryColor),i=document.documentElement.style;i.setProperty("--brand",a),i.setProperty("--on-brand",s)}v(je),je.append(e("div",{class:"brand"},n.logoUrl&&/^https:\/\//.test(n.logoUrl)?e("img",{src:n.logoUrl,alt:`${n.name} logo`,class:"logo"}):"",e("span",{class:"partner-name"},n.name),e("span",{class:"product"},"Crypto tax portal")));let t=document.getElementById("foot");t||(t=e("footer",{id:"foot",class:"foot"}),document.body.append(t)),t.replaceChildren(e("p",{},`The tax portal of ${n.name}.`,n.supportEmail?[" Questions? Write to ",e("a",{href:`mailto:${n.supportEmail}`},n.supportEmail),"."]:""))}function va(n){let t=n.slice(1);t.length===3&&(t=t.split("").map(r=>r+r).join(""));let a=[0,2,4].map(r=>parseInt(t.slice(r,r+2),16)),s=r=>r.map(c=>{let d=c/255;return d<=.03928?d/12.92:Math.pow((d+.055)/1.055,2.4)}).reduce((c,d,m)=>c+d*[.2126,.7152,.0722][m],0),i=s(a);if((i+.05)/.05>=4.5&&(i+.05)/.05>1.05/(i+.05))return[n,"#000000"];for(let r=0;r<40&&1.05/(s(a)+.05)<4.5;r++)a=a.map(c=>Math.floor(c*.94));return[`#${a.map(r=>r.toString(16).padStart(2,"0")).join("")}`,"#ffffff"]}function Re(n,t,...a){v(z),document.getElementById("app-nav")?.remove(),z.append(e("section",{class:"panel state",id:n,"aria-labelledby":`${n}-h`},e("h1",{id:`${n}-h`},t),...a))}function ze(){if(Ee)return;Ee=!0,sessionStorage.removeItem(We);let n=document.body.dataset.partner||"your provider",t=e("p",{hidden:!0,role:"status"},`Return to ${n} and open the tax portal from there: it signs you in with a new link.`),a=e("button",{type:"button",id:"sign-in-again",onclick:()=>{window.parent!==window&&window.parent.postMessage({type:"taxd:portal:session-expired"},"*"),t.hidden=!1}},"Sign in again");Re("state-expired","Your session has expired",e("p",{},`For your security the tax portal signs you out after a while. Sign in again from ${n}.`),a,t),z.focus()}function Ea(){Re("state-signed-out","Sign in to your tax portal",e("p",{},"Open the tax portal from your provider\u2019s website or app: it signs you in automatically."))}var Ra=[["","Overview"],["transactions","Transactions"],["review","Review"],["portfolio","Portfolio"],["tax","Taxes"]];async function Bn(n){v(z),z.append(M("your tax portal"));let t,a;try{[t,a]=await Promise.all([J(n,"GET","/user"),ue(n,Ot).then(r=>r.getMyActiveClient)])}catch(r){if(Ee)return;if(r instanceof O&&r.status===404)return Re("state-not-found","We could not find your account",e("p",{},"This sign-in link does not belong to an account here. Open the tax portal again from your provider."));v(z),z.append(e("section",{class:"panel state",id:"state-error"},e("h1",{},"The tax portal could not open"),e("p",{},K(r)),e("button",{type:"button",onclick:()=>Bn(n)},"Try again")));return}Fn(t.partner),nt(a.currency),n.email=n.email||t.email||void 0;let s=new $e(n,a,t.partner);s.labels().then(r=>{s.labelCache=r}).catch(()=>{}),s.accounts().then(r=>{s.accountCache=r}).catch(()=>{}),s.onChange(()=>{s.accounts().then(r=>{s.accountCache=r}).catch(()=>{})});let i=new Se(s);La(s,i),i.refresh(),window.parent!==window&&window.parent.postMessage({type:"taxd:portal:ready"},"*")}var ae,Rn=!0;function La(n,t){let a=Ra.map(([m,g])=>e("li",{},e("a",{href:`#/${m}`,"data-route":m,id:`nav-${m||"overview"}`},g,m==="review"?e("span",{class:"count",id:"review-count",hidden:!0}):""))),s=e("nav",{class:"tabs",id:"app-nav","aria-label":"Tax portal"},e("ul",{},...a));document.getElementById("app-nav")?.remove(),je.after(s);let i=e("div",{class:"bar"},t.el),r=e("div",{id:"view"});v(z),z.append(i,r);let c={app:n,recalc:t,reviewCount:m=>Nn(m)},d=()=>{if(Ee)return;typeof ae=="function"&&ae();let[m,g]=location.hash.replace(/^#\/?/,"").split("?"),l=m.split("/").filter(Boolean).map(decodeURIComponent),I=new URLSearchParams(g||""),o=l[0]||"";for(let u of s.querySelectorAll("a"))u.dataset.route===o?u.setAttribute("aria-current","page"):u.removeAttribute("aria-current");switch(v(r),window.scrollTo(0,0),o){case"transactions":ae=l[1]?Tn(c,r,l[1]):bn(c,r,I);break;case"review":ae=An(c,r,I);break;case"portfolio":ae=wn(c,r);break;case"tax":ae=En(c,r,I);break;default:ae=In(c,r)}if(!Rn){let u=r.querySelector("h1");u&&(u.setAttribute("tabindex","-1"),u.focus())}Rn=!1};window.addEventListener("hashchange",d),d(),Ln(n),n.onChange(()=>Ln(n))}async function Ln(n){try{let t=await n.q(Z,{limit:1});Nn(t.getClientReviewQueue.totalCount)}catch{}}function Nn(n){let t=document.getElementById("review-count");t&&(t.hidden=n===0,t.textContent=String(n),t.setAttribute("aria-label",`${n} to review`))}async function Fa(){Qe.brand&&Fn(Qe.brand);let n=new URLSearchParams(location.search);if(n.get("report")&&n.get("signature"))return pn(z,n,Qe.download);Xe(ze);let t=null;if(n.get("token")&&n.get("code"))t={code:n.get("code"),token:n.get("token"),email:n.get("email")||void 0,clientId:""};else if(n.get("link")){Ye(null);try{let s=await tt(n.get("link"));t={code:s.referenceId,token:s.accessToken,partnerId:s.partnerId,clientId:""}}catch(s){return Re("state-link-invalid","This link does not work",e("p",{},K(s)))}}else t=wa();if(!t)return Ye(null),Ea();let a=Aa(t.token);return t.partnerId=t.partnerId||a.pid,t.clientId=a.sub||"",Da(t),Ye(t),a.exp&&a.exp*1e3<=Date.now()?ze():(a.exp&&setTimeout(ze,Math.min(a.exp*1e3-Date.now(),2**31-1)),Bn(t))}Fa();})();
