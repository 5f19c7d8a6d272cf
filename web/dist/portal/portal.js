"use strict";(()=>{var Je=document.querySelector('meta[name="taxd-api"]')?.content||"/api",qn=document.querySelector('meta[name="taxd-graphql"]')?.content||"/graphql",j=class extends Error{},O=class extends Error{constructor(a,s,i=""){super(s);this.status=a;this.code=i}},Ke=()=>{};function Xe(n){Ke=n}function Re(){throw Ke(),new j("session expired")}async function J(n,t,a,s){let i;try{i=await fetch(`${Je}/users/${encodeURIComponent(n.code)}${a}`,{method:t,headers:{Authorization:`Bearer ${n.token}`,...s===void 0?{}:{"Content-Type":"application/json"}},body:s===void 0?void 0:JSON.stringify(s)})}catch{throw de()}if(i.status===401&&Re(),!i.ok)throw new O(i.status,await Ze(i));return(await i.json()).data}async function Ze(n){try{let t=await n.json();if(t&&typeof t.message=="string")return Le(t.message)}catch{}return Fe(n.status)}function Fe(n){return n===404?"We could not find this. It may have been removed.":n===429?"Too many requests in a short time. Wait a minute, then try again.":n===503?"The service is busy or under maintenance. Try again in a minute.":"Something went wrong on our side. Try again in a moment."}function de(){return new O(0,"The portal could not reach the server. Check your internet connection and try again.","OFFLINE")}async function ue(n,t,a){let s=t.toString(),i;try{i=await fetch(qn,{method:"POST",headers:{Authorization:`Bearer ${n.token}`,"Content-Type":"application/json"},body:JSON.stringify({query:s,variables:a??{}})})}catch{throw de()}i.status===401&&Re();let r;try{r=await i.json()}catch{throw new O(i.status,Fe(i.status))}let l=r.errors?.[0];if(l){let d=l.extensions?.code||"";throw d==="UNAUTHENTICATED"&&Re(),new O(i.status,Vn(d,l.message),d)}return r.data}function Vn(n,t){switch(n){case"BAD_USER_INPUT":return Le(t);case"NOT_FOUND":return"We could not find this. It may have been merged, deleted or changed meanwhile; reload the page.";case"CONFLICT":return`This could not be done: ${kn(Le(t))}`;case"TAXES_LOCKED":return"This falls in a tax period that is locked because it was filed. Ask your provider to unlock it first.";case"FORBIDDEN":return"Your sign-in does not allow this.";case"RATE_LIMITED":return"Too many requests in a short time. Wait a minute, then try again.";case"TIMEOUT":return"This took too long to answer. Try again, or narrow the filters.";default:return"Something went wrong on our side. Try again in a moment."}}function kn(n){return n.charAt(0).toLowerCase()+n.slice(1)}function Le(n){let t=n.replace(/^[\w.[\]]+: /,"");return/regular expression|doesn't match|format "/.test(t)?"That value is not in the expected format.":(t=t.replace(/\s+/g," ").trim(),t?t.charAt(0).toUpperCase()+t.slice(1)+(/[.!?]$/.test(t)?"":"."):"That value is not valid.")}function K(n){return n instanceof O?n.message:"Something went wrong in the portal. Reload the page and try again."}async function et(n,t,a,s){let i;try{i=await fetch(`${Je}/users/${encodeURIComponent(n)}/reports/${encodeURIComponent(t)}/download`,{method:"POST",headers:{"Content-Type":"application/json"},body:JSON.stringify({expires:a,signature:s})})}catch{throw de()}if(i.status===401)return"expired";if(i.status===404)return"gone";if(!i.ok)throw new O(i.status,Fe(i.status));return On(await i.blob(),Un(i,"report")),"ok"}function Un(n,t){let a=n.headers.get("Content-Disposition")||"",s=/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(a);return s?decodeURIComponent(s[1]):t}function On(n,t){let a=URL.createObjectURL(n),s=document.createElement("a");s.href=a,s.download=t,s.hidden=!0,document.body.append(s),s.click(),s.remove(),setTimeout(()=>URL.revokeObjectURL(a),6e4)}async function tt(n){let t;try{t=await fetch("/portal/link-session",{method:"POST",headers:{"Content-Type":"application/json"},body:JSON.stringify({link:n})})}catch{throw de()}if(t.status===404)throw new O(404,"This link is not valid any more. Ask your provider for a new one.");if(!t.ok)throw new O(t.status,await Ze(t));return t.json()}function e(n,t={},...a){let i=Hn.has(n)?document.createElementNS("http://www.w3.org/2000/svg",n):document.createElement(n);for(let[r,l]of Object.entries(t))l==null||l===!1||(r.startsWith("on")&&typeof l=="function"?i.addEventListener(r.slice(2),l):l===!0?i.setAttribute(r,""):i.setAttribute(r,String(l)));for(let r of a.flat())r==null||r===!1||r===""||i.append(typeof r=="number"?String(r):r);return i}var Hn=new Set(["svg","g","rect","line","text","title","desc","path","polyline","circle"]);function v(n){n.replaceChildren()}function G(n){let t=pe(n);return t?t.toLocaleString("en-US",{dateStyle:"medium",timeStyle:"short"}):"\u2014"}function q(n){let t=pe(n);return t?t.toLocaleDateString("en-US",{dateStyle:"medium"}):"\u2014"}function pe(n){if(!n)return null;let t=new Date(n);return isNaN(t.getTime())||t.getUTCFullYear()<1971?null:t}var Be="USD";function nt(n){Be=n||"USD"}function b(n){return n==null?"\u2014":(n/100).toLocaleString("en-US",{style:"currency",currency:Be})}function E(n){return n==null?"\u2014":n>0?`+${b(n)}`:n<0?`\u2212${b(-n)}`:b(0)}function Ne(n){return(n/100).toLocaleString("en-US",{style:"currency",currency:Be,notation:"compact",maximumFractionDigits:1})}function F(n){if(!n)return"\u2014";let t=Number(n);return isFinite(t)?t.toLocaleString("en-US",{maximumFractionDigits:Math.abs(t)>=1e3?2:8}):n}function Me(n){return n==null||!isFinite(n)?"\u2014":`${n>0?"+":n<0?"\u2212":""}${Math.abs(n).toLocaleString("en-US",{maximumFractionDigits:1})}%`}function X(n){return n.length>16?`${n.slice(0,6)}\u2026${n.slice(-4)}`:n}function ae(n){let t=document.getElementById("announcer");t||(t=e("div",{id:"announcer",class:"sr-only",role:"status","aria-live":"polite"}),document.body.append(t)),t.textContent="",setTimeout(()=>{t.textContent=n},50)}function W(n){return new Promise(t=>setTimeout(t,n))}function M(n){return e("p",{class:"loading",role:"status"},e("span",{class:"spinner","aria-hidden":"true"}),`Loading ${n}\u2026`)}function H(n,t,...a){return e("div",{class:"empty",id:t},e("p",{},n),...a)}function B(n,t,a,s=""){return a.id=n,e("div",{class:`field ${s}`},e("label",{for:n},t),a)}function k(n,t,a){let s=e("select",{name:n},...t.map(([i,r])=>e("option",{value:i},r)));return a!==void 0&&(s.value=a),s}function N(n,t,a="",s={}){return e("button",{type:"button",class:a,onclick:t,...s},n)}async function _(n,t,a){let s=n.textContent;n.disabled=!0,n.textContent=t,n.setAttribute("aria-busy","true");try{return await a()}finally{n.disabled=!1,n.textContent=s,n.removeAttribute("aria-busy")}}var A=class extends String{constructor(t,a){super(t),this.value=t,this.__meta__=a}toString(){return this.value}},at=new A(`
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
    `);var Gn={"\nfragment PortalTxRow on Transaction {\n  id createdAt label accountId provider isHidden isMissingBasis hasNegativeBalance isInternalTransfer isDirty isSpam\n  fiatValueCents capGainsSumSigned incomeSum\n  transfers { id direction isFee amountExact assetId asset { id symbol } fiatValueCents }\n}":at,"\nfragment PortalTxDetail on Transaction {\n  id createdAt txnHash accountId provider explorerUrl label labelSource notes isHidden isReviewed isDirty isMissingBasis\n  hasNegativeBalance isInternalTransfer isEdited isSpam isOffChain linkType linkId linkedTransactionId\n  fiatValueCents feeFiatValueCents capGainsSumSigned incomeSum\n  classification { rule confidence explanation }\n  transfers {\n    id ordering assetId asset { id symbol name pricingKey } amountExact fromAccountId toAccountId fromAddress toAddress\n    direction isFee isHidden fiatValueCents basisFiatValueCents isFiatValueOverridden capGainsSumSigned incomeSum\n    saleTerm uncoveredAmountExact\n  }\n}":st,"\nquery PortalClient {\n  getMyActiveClient {\n    id name currency timezone fiscalYearStart costBasisAlgorithm lockTaxesUntil\n    jurisdictionRules {\n      jurisdiction name taxYearStart taxYearLabelFormat hasHoldingTerms hasForm8949 hasForm1099DA reportTypes text matchingText\n      words { proceeds cost gains losses netGain taxableGain deniedLosses holding shortTerm longTerm taxableIncome threshold }\n    }\n  }\n}":rt,"\nquery PortalTaxYears($clientId: ID!) { getTaxYears(clientId: $clientId) }":it,"\nquery PortalYear($clientId: ID!, $year: String!) {\n  getIncomeAndCapGains(clientId: $clientId, year: $year) {\n    year startDate endDate proceedsCents costBasisCents shortTermCapGainsCents longTermCapGainsCents capGainsCents\n    futuresCents incomeCents incomeByLabel { label name incomeCents transactionCount } disposalCount transactionCount\n    isStale computedAt jurisdiction taxYearLabel gainsCents lossesCents deniedLossesCents taxableCapitalGainsCents\n    gainThresholdCents taxableIncomeCents incomeThresholdCents discountGainsCents lossesBroughtForwardCents discountCents lossesCarriedForwardCents\n  }\n}":ot,"\nquery PortalDirty($clientId: ID!) { countDirty(clientId: $clientId) }":lt,"\nquery PortalActiveJob($clientId: ID!) {\n  getActiveRecalculateJob(clientId: $clientId) { id status progress attempt }\n}":ct,"\nquery PortalLastRun { getMyActiveClient { id lastRecalculatedAt } }":dt,"\nmutation PortalRecalculate($clientId: ID!) { rerunGraph(clientId: $clientId) }":ut,"\nquery PortalInsights($clientId: ID!) {\n  getClientInsights(clientId: $clientId, status: OPEN, limit: 100) {\n    id patternId type severity title description transactionCount assetId\n  }\n}":pt,"\nquery PortalAccounts($clientId: String!) {\n  getClientAccounts(clientId: $clientId) {\n    id name type provider address status transactionCount lastSyncedAt lastSyncError\n  }\n}":mt,"\nquery PortalAssets($clientId: ID!) {\n  getClientAssets(clientId: $clientId, hideSpamAssets: true) { assets { id symbol name pricingKey } }\n}":gt,"\nquery PortalLabels($clientId: ID) {\n  getLabels(clientId: $clientId) { value name description category isIncome isDisposal isNonTaxable }\n}":yt,"\nquery PortalTransactions($clientId: ID!, $page: Int, $limit: Int, $search: String, $startDate: Date, $endDate: Date,\n    $assetIds: [String!], $accountIds: [ID!], $labels: [String!], $labelFilterMode: String, $insightPatternId: ID,\n    $includeHidden: Boolean, $onlyTransactionIds: [String!]) {\n  getClientTransactions(clientId: $clientId, page: $page, limit: $limit, skipTotal: true, search: $search,\n      startDate: $startDate, endDate: $endDate, assetIds: $assetIds, accountIds: $accountIds, labels: $labels,\n      labelFilterMode: $labelFilterMode, insightPatternId: $insightPatternId, includeHidden: $includeHidden,\n      onlyTransactionIds: $onlyTransactionIds) {\n    transactions { ...PortalTxRow }\n    page limit hasNextPage\n  }\n}":ht,"\nquery PortalTransaction($clientId: ID!, $id: ID!) {\n  getTransaction(clientId: $clientId, transactionId: $id, includeAllTransfers: true) { ...PortalTxDetail }\n}":It,"\nquery PortalTransactionLots($clientId: ID!, $key: String!, $id: ID) {\n  getTaxLots(clientId: $clientId, assetPricingKey: $key, transactionId: $id) {\n    costBasisAlgorithm\n    disposals {\n      transferId amountExact proceedsCents costBasisCents gainCents term box lotAcquiredAt lotTransactionId\n      isUncovered isMissingBasis match deniedLossExact\n    }\n    lots { id acquiredAt amountExact originalAmountExact costBasisCents term isMissingBasis }\n  }\n}":ft,"\nquery PortalLabelOptions($clientId: ID!, $id: ID!) {\n  getTransactionTypeOptions(clientId: $clientId, transactionId: $id) {\n    options { value name description } recommended { value } currentLabel\n  }\n}":bt,"\nquery PortalAudit($clientId: ID!, $ids: [ID!]) {\n  getClientAuditLogs(clientId: $clientId, transactionIds: $ids, limit: 25, page: 0) {\n    auditLogs { id createdAt actorType action entityType field oldValue newValue undoneAt canUndo source }\n    total\n  }\n}":Ct,"\nquery PortalPairs($clientId: ID!, $id: ID, $limit: Int) {\n  getTransferPairSuggestions(clientId: $clientId, transactionId: $id, limit: $limit) {\n    fromTransactionId toTransactionId fromAccountId toAccountId sentAmountExact receivedAmountExact feeAmountExact\n    sentAt receivedAt asset { symbol }\n  }\n}":$t,'\nmutation PortalLabel($clientId: ID!, $ids: [ID!]!, $label: String, $wipe: Boolean) {\n  labelTransactions(clientId: $clientId, transactionIds: $ids, label: $label, wipeLabel: $wipe, source: "portal") { id label }\n}':Tt,"\nmutation PortalHide($clientId: ID!, $id: ID!, $hidden: Boolean!) {\n  hideTransaction(clientId: $clientId, transactionId: $id, isHidden: $hidden) { id isHidden }\n}":St,'\nmutation PortalReviewed($clientId: ID!, $id: ID!, $reviewed: Boolean!) {\n  updateTransaction(clientId: $clientId, transactionId: $id, createDefaultRule: false, source: "portal",\n      updates: { isReviewed: $reviewed }) { transaction { id isReviewed } }\n}':xt,"\nmutation PortalSetPrice($clientId: ID!, $ids: [ID!]!, $assetId: ID, $price: Float) {\n  saveReceivePriceForTransactions(clientId: $clientId, transactionIds: $ids, assetId: $assetId, fiatValue: $price) { id }\n}":Pt,'\nmutation PortalSetValue($clientId: ID!, $tx: ID!, $transfer: ID!, $value: Float, $basis: Float, $reset: Boolean) {\n  updateTransfer(clientId: $clientId, transactionId: $tx, transferId: $transfer, fiatValue: $value, basisFiatValue: $basis,\n      resetFiatValue: $reset, source: "portal") { id }\n}':At,"\nmutation PortalPair($clientId: ID!, $from: ID!, $to: ID!) {\n  markInternalTransfer(clientId: $clientId, fromTransactionId: $from, toTransactionId: $to)\n}":Dt,"\nmutation PortalUnpair($clientId: ID!, $from: ID!, $to: ID!) {\n  unmarkInternalTransfer(clientId: $clientId, fromTransactionId: $from, toTransactionId: $to)\n}":wt,'\nmutation PortalUndo($clientId: ID!, $ids: [ID!]!) {\n  undoAuditLogs(clientId: $clientId, auditLogIds: $ids, source: "portal") { id }\n}':vt,"\nmutation PortalAcceptBasis($clientId: ID!, $ids: [ID!]!, $override: Boolean!) {\n  updateMultiTransactionsCostBasis(clientId: $clientId, transactionIds: $ids, isMissingBasis: false, overrideIsMissingBasis: $override) { id }\n}":Et,"\nmutation PortalMarkSpam($assetId: ID!, $spam: Boolean) {\n  updateAsset(assetId: $assetId, isSpam: $spam) { id isSpam }\n}":Rt,"\nquery PortalPortfolio($clientId: ID!) {\n  getPortfolioV2(clientId: $clientId, limit: 100, sort: VALUE) {\n    positions {\n      assetId asset { symbol name } amountExact price valueCents costBasisCents unrealizedGainCents\n      unrealizedGainPercent portfolioPercent\n    }\n    total totalValueCents totalCostBasisCents totalUnrealizedGainCents isStale computedAt\n  }\n}":Lt,"\nquery PortalChart($clientId: ID!, $interval: HistoricalBalanceIntervalEnum!) {\n  getChart(clientId: $clientId, interval: $interval) {\n    points { date valueCents costBasisCents } startValueCents endValueCents changeCents changePercent isStale\n  }\n}":Ft,"\nquery PortalHarvest($clientId: ID!, $date: Date!) {\n  getHarvestableLosses(clientId: $clientId, date: $date) {\n    totalUnrealizedLossCents shortTermUnrealizedLossCents longTermUnrealizedLossCents\n    assets {\n      assetId asset { symbol name } amountExact price marketValueCents costBasisCents unrealizedGainCents\n      shortTermUnrealizedGainCents longTermUnrealizedGainCents hasRecentAcquisition\n    }\n    unpricedAssetIds isStale\n  }\n}":Bt,"\nquery PortalForm8949($clientId: ID!, $year: Int!, $box: Form8949BoxEnum, $page: Int) {\n  getForm8949PreviewForYear(clientId: $clientId, year: $year, box: $box, page: $page, limit: 25) {\n    boxes { box term rowCount proceedsCents costBasisCents adjustmentCents gainOrLossCents }\n    rows { transactionId description dateAcquired dateSold proceedsCents costBasisCents gainOrLossCents box }\n    total page limit isStale\n  }\n}":Nt,'\nquery PortalTaxForms($clientId: ID!, $year: Int!) {\n  getTaxFormStatuses(clientId: $clientId, year: $year, formType: "FORM_1099_DA") {\n    taxForms { id brokerName status statusMessage rowCount uploadedAt }\n  }\n}':Mt,"\nquery PortalReconciliation($clientId: ID!, $formId: ID!) {\n  getTaxFormReconciliation(clientId: $clientId, taxFormId: $formId) {\n    brokerProceedsCents computedProceedsCents proceedsDifferenceCents brokerCostBasisCents computedCostBasisCents\n    matchedCount mismatchedCount missingInLedgerCount missingOnFormCount\n    rows {\n      id status transactionId assetSymbol amountExact dateSold brokerProceedsCents computedProceedsCents\n      proceedsDifferenceCents brokerCostBasisCents computedCostBasisCents\n    }\n  }\n}":qt,"\nquery PortalReports($clientId: ID!) {\n  getReports(clientId: $clientId) { id type status year fileName isStale error createdAt completedAt }\n}":Vt,"\nquery PortalRequestReport($clientId: ID!, $type: ReportExportTypeEnum!, $year: String!, $email: String) {\n  getReportExportV2(clientId: $clientId, type: $type, dateQueryType: TAX_YEAR, year: $year, email: $email) {\n    report { id status } isCached emailQueued\n  }\n}":kt,"\nquery PortalDownloadUrl($id: ID!) { getReportDownloadUrl(reportId: $id) { url fileName } }":Ut};function D(n){return Gn[n]??{}}var Va=D(`
fragment PortalTxRow on Transaction {
  id createdAt label accountId provider isHidden isMissingBasis hasNegativeBalance isInternalTransfer isDirty isSpam
  fiatValueCents capGainsSumSigned incomeSum
  transfers { id direction isFee amountExact assetId asset { id symbol } fiatValueCents }
}`),ka=D(`
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
}`),Ht=D(`
query PortalTaxYears($clientId: ID!) { getTaxYears(clientId: $clientId) }`),ie=D(`
query PortalYear($clientId: ID!, $year: String!) {
  getIncomeAndCapGains(clientId: $clientId, year: $year) {
    year startDate endDate proceedsCents costBasisCents shortTermCapGainsCents longTermCapGainsCents capGainsCents
    futuresCents incomeCents incomeByLabel { label name incomeCents transactionCount } disposalCount transactionCount
    isStale computedAt jurisdiction taxYearLabel gainsCents lossesCents deniedLossesCents taxableCapitalGainsCents
    gainThresholdCents taxableIncomeCents incomeThresholdCents discountGainsCents lossesBroughtForwardCents discountCents lossesCarriedForwardCents
  }
}`),_t=D(`
query PortalDirty($clientId: ID!) { countDirty(clientId: $clientId) }`),qe=D(`
query PortalActiveJob($clientId: ID!) {
  getActiveRecalculateJob(clientId: $clientId) { id status progress attempt }
}`),Gt=D(`
query PortalLastRun { getMyActiveClient { id lastRecalculatedAt } }`),Qt=D(`
mutation PortalRecalculate($clientId: ID!) { rerunGraph(clientId: $clientId) }`),se=D(`
query PortalInsights($clientId: ID!) {
  getClientInsights(clientId: $clientId, status: OPEN, limit: 100) {
    id patternId type severity title description transactionCount assetId
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
}`),Ve=D(`
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
}`),ke=D(`
query PortalReports($clientId: ID!) {
  getReports(clientId: $clientId) { id type status year fileName isStale error createdAt completedAt }
}`),on=D(`
query PortalRequestReport($clientId: ID!, $type: ReportExportTypeEnum!, $year: String!, $email: String) {
  getReportExportV2(clientId: $clientId, type: $type, dateQueryType: TAX_YEAR, year: $year, email: $email) {
    report { id status } isCached emailQueued
  }
}`),ln=D(`
query PortalDownloadUrl($id: ID!) { getReportDownloadUrl(reportId: $id) { url fileName } }`);var $e=class{constructor(t,a,s){this.s=t;this.client=a;this.brand=s;this.changed=[];this.labelCache=[];this.accountCache=[]}q(t,a){return ue(this.s,t,{clientId:this.client.id,...a})}accounts(){return this.accountsP||(this.accountsP=this.q(Yt).then(t=>t.getClientAccounts.filter(a=>!!a))),this.accountsP.catch(()=>{this.accountsP=void 0}),this.accountsP}assets(){return this.assetsP||(this.assetsP=this.q(zt).then(t=>t.getClientAssets.assets)),this.assetsP.catch(()=>{this.assetsP=void 0}),this.assetsP}labels(){return this.labelsP||(this.labelsP=this.q(jt).then(t=>t.getLabels)),this.labelsP.catch(()=>{this.labelsP=void 0}),this.labelsP}years(){return this.yearsP||(this.yearsP=this.q(Ht).then(t=>[...t.getTaxYears].reverse())),this.yearsP.catch(()=>{this.yearsP=void 0}),this.yearsP}async defaultYear(){let t=await this.years();return t.length?t[0]:new Date().getUTCFullYear()}labelName(t){if(!t)return"Unlabeled";let a=this.labelCache.find(s=>s.value===t);return a?a.name:t.replace(/_/g," ").replace(/^./,s=>s.toUpperCase())}accountName(t,a=this.accountCache){if(!t)return"Outside your accounts";let s=a.find(i=>i.id===t);return s?Z(s):"A removed account"}onChange(t){return this.changed.push(t),()=>{this.changed=this.changed.filter(a=>a!==t)}}ledgerChanged(t){t==="accounts"&&(this.accountsP=void 0,this.assetsP=void 0,this.yearsP=void 0),t==="results"&&(this.yearsP=void 0);for(let a of[...this.changed])a(t)}};function Z(n){let t=(n.name||"").trim();return t&&t!==n.address?t:n.address?`${Te(n.provider)} wallet ${n.address.length>16?`${n.address.slice(0,6)}\u2026${n.address.slice(-4)}`:n.address}`:Te(n.provider)}var Qn={ethereum:"Ethereum",bitcoin:"Bitcoin",solana:"Solana",base:"Base",arbitrum:"Arbitrum",optimism:"Optimism",polygon:"Polygon",bsc:"BNB Smart Chain",coinbase:"Coinbase",kraken:"Kraken",generic:"File",file:"File"};function Te(n){return Qn[n]||n.charAt(0).toUpperCase()+n.slice(1)}function x(n,t,...a){return n instanceof j?e("span"):e("div",{class:"notice error",role:"alert"},e("p",{},K(n)),...a,t?N("Try again",t,"secondary small"):"")}function U(n,t,...a){let s=e("div",{class:"section-body"},...a);return{el:e("section",{class:"panel",id:n,"aria-labelledby":`${n}-h`},e("h2",{id:`${n}-h`},t),s),body:s}}function Yn(n,t){let a=new Intl.DateTimeFormat("en-US",{timeZone:n,hourCycle:"h23",year:"numeric",month:"2-digit",day:"2-digit",hour:"2-digit",minute:"2-digit",second:"2-digit"}).formatToParts(t),s=i=>Number(a.find(r=>r.type===i)?.value||0);return Date.UTC(s("year"),s("month")-1,s("day"),s("hour"),s("minute"),s("second"))-Math.floor(t.getTime()/1e3)*1e3}function cn(n,t,a,s){let i=Date.UTC(n,t-1,a);for(let r=0;r<2;r++)try{i=Date.UTC(n,t-1,a)-Yn(s,new Date(i))}catch{return new Date(Date.UTC(n,t-1,a))}return new Date(i)}function dn(n,t){let[a,s]=(n.fiscalYearStart||"01-01").split("-").map(Number);return[cn(t,a||1,s||1,n.timezone).toISOString(),cn(t+1,a||1,s||1,n.timezone).toISOString()]}function Y(n,t){let a=n.jurisdictionRules.taxYearLabelFormat;return a.length===7?`${t}${a[4]}${String((t+1)%100).padStart(2,"0")}`:String(t)}function ee(n,t,a=!1){let s=n.jurisdictionRules.words,i=t==="SHORT_TERM"?s.shortTerm||"Short-term":t==="LONG_TERM"?s.longTerm||"Long-term":t;return a?i.charAt(0).toLowerCase()+i.slice(1):i}var un=1e3,Se=class{constructor(t){this.app=t;this.el=e("div",{id:"recalc-status",class:"status-bar","aria-live":"polite"});this.state="settled";this.following=!1;this.listeners=[];t.onChange(a=>{a!=="results"&&this.refresh()})}onState(t){return this.listeners.push(t),()=>{this.listeners=this.listeners.filter(a=>a!==t)}}async refresh(){if(!this.following)try{let[t,a,s,i]=await Promise.all([this.app.q(_t),this.app.q(qe),this.app.q(Gt),this.app.accounts()]);if(a.getActiveRecalculateJob)return this.follow(a.getActiveRecalculateJob);let r=!s.getMyActiveClient.lastRecalculatedAt&&i.length>0;this.show(t.countDirty>0||r?"dirty":"settled",t.countDirty,void 0,r)}catch(t){this.el.replaceChildren(x(t,()=>this.refresh()))}}async start(){if(!this.following)try{let t=(await this.app.q(Qt)).rerunGraph;await this.follow({id:t,status:"QUEUED",progress:0,attempt:1})}catch(t){this.el.replaceChildren(x(t,()=>this.start()))}}async follow(t){this.following=!0;let a=t;try{for(;a;){this.show("recalculating",0,a),await W(un);try{a=(await this.app.q(qe)).getActiveRecalculateJob}catch(s){if(s instanceof j)return;await W(un*3)}}}finally{this.following=!1}ae("Recalculation finished: your figures are up to date."),this.app.ledgerChanged("results"),await this.refresh()}show(t,a,s,i=!1){if(this.state=t,this.el.dataset.state=t,t==="recalculating"&&s){let r=s.status==="QUEUED";this.el.replaceChildren(e("div",{class:"status recalculating",id:"recalc-running"},e("span",{class:"spinner","aria-hidden":"true"}),e("span",{},r?"Recalculation queued\u2026":`Recalculating your taxes\u2026 ${s.progress}%`),e("progress",{max:100,value:s.progress,"aria-label":"Recalculation progress"})))}else t==="dirty"?this.el.replaceChildren(e("div",{class:"status dirty",id:"recalc-dirty"},e("span",{},i?"Your taxes have not been calculated yet.":a===1?"1 change is not in your figures yet.":`${a.toLocaleString("en-US")} changes are not in your figures yet.`),N(i?"Calculate":"Recalculate",()=>this.start(),"small",{id:"recalculate"}))):this.el.replaceChildren(e("div",{class:"status settled",id:"recalc-settled"},e("span",{class:"check","aria-hidden":"true"},"\u2713"),e("span",{},"Your figures are up to date.")));for(let r of this.listeners)r(t)}};var zn={"tax-forms":"tax forms","form-8949-csv":"Form 8949","form-8949-pdf":"Form 8949","schedule-d-csv":"Schedule D","schedule-d-pdf":"Schedule D","schedule-1-pdf":"Schedule 1","capital-gains-csv":"capital gains report","income-csv":"income report","transaction-history-csv":"transaction history","turbotax-csv":"TurboTax file","taxact-csv":"TaxAct file","holdings-csv":"year-end holdings"};function pn(n,t,a){let s=t.get("code")||"",i=t.get("report")||"",r=Number(t.get("expires")),l=t.get("signature")||"",d=()=>history.replaceState(null,"",location.pathname);document.readyState==="complete"?d():window.addEventListener("load",d,{once:!0});let g=(c,...m)=>{v(n),n.append(e("section",{class:"panel state",id:"state-download","data-state":a?.state||"unchecked","aria-labelledby":"dl-h"},e("h1",{id:"dl-h"},c),...m))},u="Request the report again in the tax portal of your provider: it e-mails you a new link.";switch(a?.state){case"expired":return g("This download link has expired",e("p",{id:"download-expired"},`For your security, download links work for a limited time. ${u}`));case"invalid":return g("This download link does not work",e("p",{id:"download-invalid"},`The link is incomplete or was changed. Open the whole link from the e-mail, or: ${u.charAt(0).toLowerCase()}${u.slice(1)}`));case"gone":return g("This report is no longer available",e("p",{id:"download-gone"},u))}let o=e("div",{id:"download-message",role:"status","aria-live":"polite"}),y=e("button",{type:"button",id:"download-report",onclick:async()=>{y.disabled=!0,o.replaceChildren(e("p",{},"Preparing your download\u2026"));try{let c=await et(s,i,r,l);o.replaceChildren(c==="ok"?e("p",{class:"notice ok",id:"download-started"},"Your download has started."):c==="expired"?e("p",{class:"notice error",role:"alert",id:"download-expired"},`This link has expired. ${u}`):e("p",{class:"notice error",role:"alert",id:"download-gone"},`This report is no longer available. ${u}`))}catch(c){o.replaceChildren(e("p",{class:"notice error",role:"alert"},c instanceof O?c.message:K(c)))}finally{y.disabled=!1}}},"Download");if(a?.state==="ready"){let c=zn[a.reportType||""]||"tax report",m=`${a.year?`${a.year} `:""}${c}`;return g(`Your ${m} ${c==="tax forms"?"are":"is"} ready`,e("p",{},a.fileName?`The file ${a.fileName} is ready to download.`:"The file is ready to download.",a.expiresAt?` This link works until ${G(a.expiresAt)}.`:""),y,o)}return g("Download your tax report",e("p",{},r?`This link works until ${G(new Date(r*1e3).toISOString())}.`:""),y,o)}var V=240,xe=16,ce=52;function mn(n){return Math.max(280,Math.min(720,Math.floor(n.clientWidth||640)))}function gn(n,t){let a=t.flatMap($=>[$.capitalGainsCents,$.incomeCents]),s=Math.max(0,...a),i=Math.min(0,...a);if(s===0&&i===0)return e("p",{class:"empty",id:"chart-empty"},"No gains or income yet: the chart fills in once your taxes are calculated.");let r=mn(n),l=60,d=8,g=s-i||1,u=V-xe-ce,o=r-l-d,y=$=>xe+(s-$)/g*u,c=o/t.length,m=Math.min(28,c/3),I=[s,(s+i)/2,i].filter(($,p,R)=>R.indexOf($)===p),T=t.map($=>`${$.year}: gains ${b($.capitalGainsCents)}, income ${b($.incomeCents)}`).join("; ");return e("svg",{viewBox:`0 0 ${r} ${V}`,width:r,height:V,role:"img","aria-labelledby":"chart-title chart-desc",class:"chart-svg"},e("title",{id:"chart-title"},"Capital gains and income by tax year"),e("desc",{id:"chart-desc"},T),...I.map($=>e("g",{},e("line",{x1:l,x2:r-d,y1:y($),y2:y($),class:"grid"}),e("text",{x:l-6,y:y($)+4,"text-anchor":"end",class:"axis"},Ne(Math.round($))))),e("line",{x1:l,x2:r-d,y1:y(0),y2:y(0),class:"zero"}),...t.map(($,p)=>{let R=l+c*p+c/2,C=(P,h,f,S)=>e("rect",{x:h,width:m,y:Math.min(y(P),y(0)),height:Math.max(1,Math.abs(y(P)-y(0))),class:f,"data-year":$.year,"data-cents":P},e("title",{},`${$.year} ${S}: ${b(P)}`));return e("g",{},C($.capitalGainsCents,R-m-1,"bar gains","capital gains"),C($.incomeCents,R+1,"bar income","income"),e("text",{x:R,y:V-ce+18,"text-anchor":"middle",class:"axis"},String($.year)))}),e("g",{class:"legend"},e("rect",{x:l,y:V-14,width:12,height:12,class:"bar gains"}),e("text",{x:l+16,y:V-4,class:"axis"},"Capital gains"),e("rect",{x:l+120,y:V-14,width:12,height:12,class:"bar income"}),e("text",{x:l+136,y:V-4,class:"axis"},"Income")))}function yn(n,t,a){if(t.length<2||t.every(h=>h.valueCents===0&&h.costBasisCents===0))return e("p",{class:"empty",id:"value-chart-empty"},"Nothing to chart for this range yet.");let s=mn(n),i=64,r=8,l=t.flatMap(h=>[h.valueCents,h.costBasisCents]),d=Math.max(...l,0),g=Math.min(...l,0),u=d-g||1,o=V-xe-ce,y=s-i-r,c=h=>i+y*h/(t.length-1),m=h=>xe+(d-h)/u*o,I=h=>t.map((f,S)=>`${c(S).toFixed(1)},${m(h(f)).toFixed(1)}`).join(" "),T=`M${c(0).toFixed(1)},${m(0).toFixed(1)} L${I(h=>h.valueCents).replace(/ /g," L")} L${c(t.length-1).toFixed(1)},${m(0).toFixed(1)} Z`,$=[d,(d+g)/2,g].filter((h,f,S)=>S.indexOf(h)===f),p=new Date(t[0].date),R=new Date(t[t.length-1].date),C=h=>h.toLocaleDateString("en-US",{month:"short",year:"numeric"}),P=t[t.length-1];return e("svg",{viewBox:`0 0 ${s} ${V}`,width:s,height:V,role:"img","aria-labelledby":"value-title value-desc",class:"chart-svg"},e("title",{id:"value-title"},a),e("desc",{id:"value-desc"},`From ${C(p)} to ${C(R)}: value now ${b(P.valueCents)}, cost basis ${b(P.costBasisCents)}.`),...$.map(h=>e("g",{},e("line",{x1:i,x2:s-r,y1:m(h),y2:m(h),class:"grid"}),e("text",{x:i-6,y:m(h)+4,"text-anchor":"end",class:"axis"},Ne(Math.round(h))))),e("path",{d:T,class:"area"}),e("polyline",{points:I(h=>h.valueCents),class:"value-line"}),e("polyline",{points:I(h=>h.costBasisCents),class:"basis-line"}),e("text",{x:i,y:V-ce+18,class:"axis"},C(p)),e("text",{x:s-r,y:V-ce+18,"text-anchor":"end",class:"axis"},C(R)),e("g",{class:"legend"},e("rect",{x:i,y:V-14,width:12,height:12,class:"swatch-value"}),e("text",{x:i+16,y:V-4,class:"axis"},"Value"),e("line",{x1:i+80,x2:i+100,y1:V-8,y2:V-8,class:"basis-line"}),e("text",{x:i+106,y:V-4,class:"axis"},"Cost basis")))}var Ue=10,hn=1e3,jn=[["ethereum","Ethereum"],["bitcoin","Bitcoin"],["solana","Solana"],["base","Base"],["arbitrum","Arbitrum"],["optimism","Optimism"],["polygon","Polygon"],["bsc","BNB Smart Chain"]],Wn={ACTIVE:"Up to date",SYNCING:"Syncing",ERROR:"Sync failed",NEEDS_REAUTHENTICATION:"Needs new credentials",RETIRED:"Retired",DELETING:"Being removed"},Jn={WALLET:"Wallet",EXCHANGE:"Exchange",BANK:"Bank",FILE:"File import",MANUAL:"Manual",VIRTUAL:"Position"},Pe=class{constructor(t,a){this.app=t;this.accounts=[];this.syncing=!1;this.list=e("div",{id:"wallet-list"},M("your accounts"));this.count=e("p",{id:"wallet-count",class:"muted"});this.msg=e("div",{id:"wallet-message",role:"status","aria-live":"polite"});this.progress=e("div",{id:"sync-progress","aria-live":"polite"});this.syncButton=e("button",{type:"button",id:"sync-wallets",onclick:()=>this.startSync()},"Sync wallets");this.alive=!0;let s=e("input",{name:"address",required:!0,autocomplete:"off",spellcheck:!1,placeholder:"0x\u2026 , bc1\u2026 or a Solana address"}),i=e("input",{name:"name",maxlength:100,autocomplete:"off",placeholder:"e.g. Cold storage"});this.form=e("form",{id:"add-wallet",class:"inline-form",onsubmit:r=>{r.preventDefault(),this.add()}},B("wallet-address","Wallet address",s,"grow"),B("wallet-chain","Chain",k("chain",jn)),B("wallet-name","Name (optional)",i),e("button",{type:"submit",id:"add-wallet-button"},"Add wallet")),a.append(this.count,this.list,e("details",{class:"add-wallet"},e("summary",{},"Add a wallet"),this.form,this.msg),e("div",{class:"actions"},this.syncButton),this.progress)}stop(){this.alive=!1}async load(){try{this.accounts=await this.app.accounts(),this.render();let a=(await J(this.app.s,"GET","/account_syncs")).syncs.find(s=>s.status==="queued"||s.status==="running");a&&this.follow(a)}catch(t){v(this.list),this.list.append(x(t,()=>this.load()))}}render(){v(this.list);let t=this.accounts.length,a=this.accounts.filter(i=>i.type==="WALLET").length;this.count.textContent=`${t===1?"1 account":`${t} accounts`} \xB7 ${a} of ${Ue} wallets`;let s=a>=Ue;if(this.form.querySelectorAll("input,select,button").forEach(i=>i.disabled=s),s&&this.msg.replaceChildren(e("p",{class:"notice"},`You have reached the limit of ${Ue} wallets.`)),this.syncButton.disabled=a===0||this.syncing,this.syncButton.hidden=a===0,t===0){this.list.append(H("No accounts yet. Add the address of a wallet you own, then sync it to import its transactions.","wallets-empty"));return}this.list.append(e("table",{class:"table cards"},e("caption",{class:"sr-only"},"Your accounts"),e("thead",{},e("tr",{},...["Account","Kind","Transactions","Status","Last synced"].map(i=>e("th",{scope:"col"},i)))),e("tbody",{},...this.accounts.map(i=>e("tr",{"data-account":i.id},e("td",{"data-label":"Account"},e("strong",{},Z(i)),i.address&&Z(i)===i.name?e("div",{class:"mono muted small",title:i.address},X(i.address)):""),e("td",{"data-label":"Kind"},`${Jn[i.type]||i.type}${i.type==="WALLET"?` \xB7 ${Te(i.provider)}`:""}`),e("td",{"data-label":"Transactions",class:"num"},i.transactionCount.toLocaleString("en-US")),e("td",{"data-label":"Status"},e("span",{class:`badge ${i.status.toLowerCase()}`},Wn[i.status]||i.status),i.lastSyncError?e("div",{class:"muted small"},i.lastSyncError):""),e("td",{"data-label":"Last synced"},i.type==="FILE"?"Imported file":G(i.lastSyncedAt)))))))}async add(){let t=new FormData(this.form),a={address:String(t.get("address")).trim(),chain:String(t.get("chain"))},s=String(t.get("name")||"").trim();s&&(a.name=s),this.msg.replaceChildren(e("p",{},"Adding the wallet\u2026"));try{let i=await J(this.app.s,"POST","/accounts",{wallets:[a]});this.form.reset();let r=i.skipped.map(l=>`${X(l.address)} was not added: ${l.reason==="already_added"?"you have it already":l.reason.replace(/_/g," ")}.`);this.msg.replaceChildren(...i.accounts.length?[e("p",{class:"notice ok"},"Wallet added. Sync it to import its transactions.")]:[],...r.map(l=>e("p",{class:"notice"},l))),this.app.ledgerChanged("accounts"),this.accounts=await this.app.accounts(),this.render()}catch(i){if(i instanceof O&&i.status===400){this.msg.replaceChildren(e("p",{class:"notice error",role:"alert",id:"wallet-error"},i.message)),document.getElementById("wallet-address").focus();return}this.msg.replaceChildren(x(i))}}async startSync(){this.syncButton.disabled=!0;try{this.follow(await J(this.app.s,"POST","/account_syncs",{}))}catch(t){this.syncButton.disabled=!1,this.progress.replaceChildren(x(t))}}async follow(t){for(this.syncing=!0,this.syncButton.disabled=!0;this.showSync(t),!(t.status==="completed"||t.status==="failed"||!this.alive);){await W(hn);try{t=await J(this.app.s,"GET",`/account_syncs/${t.id}`)}catch(a){if(a instanceof j)return;this.progress.replaceChildren(e("p",{class:"notice"},"Lost contact with the server; trying again\u2026")),await W(hn*3)}}if(this.syncing=!1,this.syncButton.disabled=!1,!!this.alive){this.app.ledgerChanged("accounts");try{this.accounts=await this.app.accounts(),this.render()}catch(a){this.list.replaceChildren(x(a,()=>this.load()))}}}showSync(t){let a=t.status==="completed"?"Sync complete":t.status==="failed"?"Sync failed":t.status==="queued"?"Sync queued":"Syncing",s=t.accounts.filter(i=>i.status==="syncing"&&i.nextAttemptAt);this.progress.replaceChildren(e("div",{class:`sync ${t.status}`,id:"sync-status","data-status":t.status},e("p",{},e("strong",{},`${a}: ${t.progress}%`)),e("progress",{max:100,value:t.progress,"aria-label":"Sync progress"}),s.length?e("p",{class:"notice",id:"sync-retrying"},"A wallet\u2019s blockchain source did not answer; the sync is retrying automatically."):"",t.error?e("p",{class:"notice error"},t.error):"",e("ul",{class:"sync-accounts"},...t.accounts.map(i=>{let r=this.accounts.find(l=>l.id===i.accountId);return e("li",{},`${r?Z(r):"A wallet"}: ${i.status} (${i.progress}%)`,i.message?e("span",{class:"muted"},` \u2013 ${i.message}`):"")}))))}};function In(n,t){let{app:a}=n;t.append(e("h1",{class:"welcome"},"Your crypto taxes"),a.s.email?e("p",{class:"muted",id:"signed-in-as"},`Signed in as ${a.s.email}`):"");let s=e("div",{class:"cards-row",id:"summary-cards","aria-live":"polite"},M("your figures")),i=e("figure",{id:"gains-chart",class:"chart"}),r=U("gains","Gains and income by year",i),l=U("wallets","Accounts and wallets");t.append(s,r.el,l.el);let d=new Pe(a,l.body);d.load();let g=async()=>{try{let o=await a.years(),y=o.length?o[0]:new Date().getUTCFullYear(),[c,m,I]=await Promise.all([a.q(ie,{year:String(y)}).then(h=>h.getIncomeAndCapGains),a.q(Ce).then(h=>h.getPortfolioV2),a.q(se).then(h=>h.getClientInsights)]),T=I.reduce((h,f)=>h+f.transactionCount,0);n.reviewCount(T);let $=(h,f,S,L,w)=>e("a",{class:"card",href:f,"data-figure":h},e("span",{class:"card-title"},S),e("span",{class:"card-value"},L),e("span",{class:"card-sub"},w)),p=(h,f)=>{let S=h.filter(w=>w.valueCents!==null&&w.valueCents!==void 0);if(h.length===0)return $("portfolio","#/portfolio","Portfolio value",b(0),"You hold nothing yet");if(S.length===0)return $("portfolio","#/portfolio","Portfolio value","No prices","Prices are not available right now");let L=S.reduce((w,Mn)=>w+(Mn.unrealizedGainCents||0),0);return $("portfolio","#/portfolio","Portfolio value",b(f),`Unrealized ${E(L)}${S.length<h.length?` \xB7 ${h.length-S.length} without a price`:""}`)};v(s),o.length===0?s.append(e("div",{class:"empty wide",id:"overview-empty"},e("p",{},"No tax figures yet. Add your wallets and exchanges below and sync them; your taxes are calculated from their transactions."))):s.append($("capital-gains",`#/tax?year=${y}`,`${Y(a.client,y)} capital gains`,E(c.capGainsCents),a.client.jurisdictionRules.hasHoldingTerms?`${ee(a.client,"SHORT_TERM")} ${E(c.shortTermCapGainsCents)} \xB7 ${ee(a.client,"LONG_TERM")} ${E(c.longTermCapGainsCents)}`:a.client.jurisdictionRules.words.netGain),$("income",`#/tax?year=${y}`,`${Y(a.client,y)} income`,b(c.incomeCents),"Staking, rewards and other income")),s.append(p(m.positions,m.totalValueCents),$("review","#/review","To review",T===0?"All clear":String(T),T===0?"Nothing needs your attention":`${T===1?"transaction needs":"transactions need"} a look`));let R=[...o].slice(0,6).reverse(),C=await Promise.all(R.map(h=>a.q(ie,{year:String(h)}).then(f=>({year:h,capitalGainsCents:f.getIncomeAndCapGains.capGainsCents,incomeCents:f.getIncomeAndCapGains.incomeCents})))),P=gn(i,C);i.replaceChildren(P,P.tagName==="svg"?e("figcaption",{},`Capital gains and income by tax year (${a.client.currency})`):"")}catch(o){s.replaceChildren(x(o,g))}};g();let u=a.onChange(g);return()=>{u(),d.stop()}}function re(n){return`${F(n.amountExact)} ${n.asset?.symbol||"?"}`}var Kn={sell:"Sold",gift_sent:"Gave away",donation:"Donated",lost:"Lost",payment:"Paid with",fee:"Paid a fee of"},Xn={buy:"Bought",staking_reward:"Earned",mining:"Mined",airdrop:"Received an airdrop of",interest:"Earned interest of",reward:"Earned",income:"Was paid",gift_received:"Was given"};function te(n){let t=n.transfers.filter(l=>!l.isFee),a=t.filter(l=>l.direction==="OUTGOING"),s=t.filter(l=>l.direction==="INCOMING"),i=t.filter(l=>l.direction==="INTERNAL");if(t.length===0)return n.transfers.length?`Fee of ${re(n.transfers[0])}`:"No transfers";if(a.length&&s.length)return`${a.map(re).join(" + ")} \u2192 ${s.map(re).join(" + ")}`;if(i.length&&!a.length&&!s.length)return`Moved ${i.map(re).join(" + ")}`;let r=n.label||"";return a.length?`${Kn[r]||"Sent"} ${a.map(re).join(" + ")}`:`${Xn[r]||"Received"} ${s.map(re).join(" + ")}`}function Ae(n){let t=[],a=(s,i)=>t.push(e("span",{class:`badge ${s}`},i));return n.isMissingBasis&&a("critical","Missing cost basis"),n.hasNegativeBalance&&a("warning","Negative balance"),n.isInternalTransfer&&a("info","Internal transfer"),n.isHidden&&a("muted","Hidden"),n.isSpam&&a("muted","Spam"),n.isDirty&&a("info","Changed; recalculate"),t}function Oe(n){return!!n.isMissingBasis&&!n.fiatValueCents}function fn(n){if(Oe(n)&&!Number(n.capGainsSumSigned??0)&&!n.incomeSum)return e("span",{class:"badge critical"},"No price");if(n.capGainsSumSigned!==null&&n.capGainsSumSigned!==void 0){let t=Number(n.capGainsSumSigned);return e("span",{class:t<0?"loss":"gain"},`${t<0?"Loss":"Gain"} ${E(t)}`)}return n.incomeSum?e("span",{class:"income"},`Income ${b(n.incomeSum)}`):""}var Zn=()=>window.matchMedia("(max-width: 40rem)").matches?25:50,ea=[["","Everything"],["missing-basis","Missing cost basis"],["uncovered-disposals","Sold more than held"],["negative-balance","Negative balance"],["unlabeled","Unlabeled"],["possible-internal-transfer","Possible move between your accounts"]];function bn(n,t,a){let{app:s}=n,i=Math.max(0,Number(a.get("page"))||0),r={q:a.get("q")||"",year:a.get("year")||"",asset:a.get("asset")||"",account:a.get("account")||"",label:a.get("label")||"",review:a.get("review")||"",hidden:a.get("hidden")==="1"},l=C=>{let P=new URLSearchParams,h={q:r.q,year:r.year,asset:r.asset,account:r.account,label:r.label,review:r.review,hidden:r.hidden?"1":"",page:"",...C};for(let[f,S]of Object.entries(h))S&&P.set(f,S);location.hash=`#/transactions${P.toString()?`?${P}`:""}`},d=!!(r.q||r.year||r.asset||r.account||r.label||r.review||r.hidden),g=e("input",{type:"search",name:"q",value:r.q,placeholder:"Hash, note, address or asset",autocomplete:"off"}),u=k("year",[["","All years"]],r.year),o=k("asset",[["","All assets"]],r.asset),y=k("account",[["","All accounts"]],r.account),c=k("label",[["","All labels"],["unlabeled","Unlabeled"]],r.label),m=k("review",ea,r.review),I=e("input",{type:"checkbox",name:"hidden",id:"f-hidden",checked:r.hidden}),T=e("form",{class:"filters",id:"tx-filters",role:"search","aria-label":"Filter transactions",onsubmit:C=>{C.preventDefault(),l({q:g.value.trim()})}},e("div",{class:"search-row"},B("f-q","Search",g,"grow"),e("button",{type:"submit",id:"f-search"},"Search")),e("div",{class:"filter-row"},B("f-year","Tax year",u),B("f-asset","Asset",o),B("f-account","Account",y),B("f-label","Label",c),B("f-review","Needs review",m),e("div",{class:"field check"},I,e("label",{for:"f-hidden"},"Include hidden"))),d?N("Clear filters",()=>{location.hash="#/transactions"},"link",{id:"f-clear"}):""),$=(C,P)=>C.addEventListener("change",()=>l({[P]:C instanceof HTMLInputElement&&C.type==="checkbox"?C.checked?"1":"":C.value}));$(u,"year"),$(o,"asset"),$(y,"account"),$(c,"label"),$(m,"review"),$(I,"hidden");let p=e("div",{id:"tx-list","aria-live":"polite"},M("transactions"));t.append(e("h1",{},"Transactions"),T,p),Promise.all([s.years(),s.assets(),s.accounts(),s.labels()]).then(([C,P,h,f])=>{u.append(...C.map(S=>e("option",{value:S},Y(s.client,S)))),o.append(...P.map(S=>e("option",{value:S.id},S.name&&S.name!==S.symbol?`${S.symbol} \xB7 ${S.name}`:S.symbol))),y.append(...h.map(S=>e("option",{value:S.id},Z(S)))),c.append(...f.map(S=>e("option",{value:S.value},S.name))),u.value=r.year,o.value=r.asset,y.value=r.account,c.value=r.label}).catch(()=>{});let R=async()=>{let C={page:i,limit:Zn(),includeHidden:r.hidden||void 0};r.q&&(C.search=r.q),r.year&&([C.startDate,C.endDate]=dn(s.client,Number(r.year))),r.asset&&(C.assetIds=[r.asset]),r.account&&(C.accountIds=[r.account]),r.label==="unlabeled"?C.labelFilterMode="unlabeled":r.label&&(C.labels=[r.label]),r.review&&(C.insightPatternId=r.review);try{let[P]=await Promise.all([s.q(me,C),s.accounts().then(f=>{s.accountCache=f}),s.labels().then(f=>{s.labelCache=f})]),h=P.getClientTransactions;if(v(p),h.transactions.length===0){p.append(i>0?H("No more transactions on this page.","tx-empty",e("a",{href:"#",onclick:f=>{f.preventDefault(),l({page:""})}},"Back to the first page")):d?H("No transaction matches these filters.","tx-empty",N("Clear filters",()=>{location.hash="#/transactions"},"secondary")):H("No transactions yet. Add your wallets and exchanges on the Overview page and sync them.","tx-empty"));return}p.append(e("table",{class:"table cards tx-table"},e("caption",{class:"sr-only"},`Transactions, page ${i+1}`),e("thead",{},e("tr",{},...["Date","Type","What happened","Value","Gain or income",""].map(f=>e("th",{scope:"col"},f)))),e("tbody",{},...h.transactions.map(f=>e("tr",{"data-tx":f.id,class:f.isHidden?"hidden-tx":"",onclick:S=>{S.target.closest("a, button")||(location.hash=`#/transactions/${f.id}`)}},e("td",{"data-label":"Date"},e("a",{href:`#/transactions/${f.id}`,class:"tx-link"},q(f.createdAt))),e("td",{"data-label":"Type"},s.labelName(f.label)),e("td",{"data-label":"What happened"},te(f),e("div",{class:"muted small"},s.accountName(f.accountId))),e("td",{"data-label":"Value",class:"num"},Oe(f)?e("span",{class:"badge critical"},"No price"):b(f.fiatValueCents)),e("td",{"data-label":"Gain or income",class:"num"},fn(f)),e("td",{"data-label":"State",class:"flags"},...Ae(f))))))),p.append(e("nav",{class:"pager","aria-label":"Pages"},i>0?N("Previous page",()=>l({page:i>1?String(i-1):""}),"secondary",{id:"tx-prev"}):"",e("span",{class:"muted"},`Page ${i+1}`),h.hasNextPage?N("Next page",()=>l({page:String(i+1)}),"secondary",{id:"tx-next"}):""))}catch(P){p.replaceChildren(x(P,R))}};return R(),s.onChange(R)}function ta(n,t){let a=Math.round((new Date(t).getTime()-new Date(n).getTime())/6e4);if(a<1)return"at once";if(a<120)return`${a} minute${a===1?"":"s"} later`;let s=Math.round(a/60);return s<48?`${s} hours later`:`${Math.round(s/24)} days later`}function De(n,t,a){let s=t.asset?.symbol||"",i=e("div",{role:"status"}),r=Number(t.feeAmountExact),l=e("button",{type:"button",class:"small","data-pair":`${t.fromTransactionId}:${t.toTransactionId}`,onclick:async()=>{try{await _(l,"Pairing\u2026",()=>n.q(Kt,{from:t.fromTransactionId,to:t.toTransactionId})),await a()}catch(d){i.replaceChildren(x(d))}}},"Pair as a move between my accounts");return e("div",{class:"pair-card","data-pair-card":`${t.fromTransactionId}:${t.toTransactionId}`},e("p",{},e("a",{href:`#/transactions/${t.fromTransactionId}`},`Sent ${F(t.sentAmountExact)} ${s}`),` from ${n.accountName(t.fromAccountId)} on ${q(t.sentAt)}, and `,e("a",{href:`#/transactions/${t.toTransactionId}`},`received ${F(t.receivedAmountExact)} ${s}`),` in ${n.accountName(t.toAccountId)} ${ta(t.sentAt,t.receivedAt)}`,r>0?` (${F(t.feeAmountExact)} ${s} went to fees).`:"."),e("p",{class:"muted small"},`Unpaired, the first counts as a sale on ${G(t.sentAt)} and the second as a new purchase. If both accounts are yours, pair them: the coins keep their cost basis and nothing is taxed.`),l,i)}function Tn(n,t,a){let{app:s}=n,i=e("div",{id:"tx-detail"},M("the transaction"));t.append(e("p",{class:"back"},e("a",{href:"#/transactions"},"\u2190 All transactions")),i);let r=!0,l=async o=>{try{let[y]=await Promise.all([s.q(ge,{id:a}),s.accounts().then(c=>{s.accountCache=c}),s.labels().then(c=>{s.labelCache=c})]);if(!r)return;g(y.getTransaction,o)}catch(y){v(i),i.append(e("h1",{},"Transaction"),x(y,()=>l()))}},d=async o=>{s.ledgerChanged("edit"),n.recalc.refresh(),await l(o),ae(o)},g=(o,y)=>{v(i);let c=`${s.labelName(o.label)} \xB7 ${q(o.createdAt)}`,m=e("div",{id:"tx-message",role:"status","aria-live":"polite"},y?e("p",{class:"notice ok"},y,n.recalc.state!=="recalculating"?" Recalculate to update your figures.":""):"");i.append(e("h1",{id:"tx-title"},c),e("p",{class:"lead"},te(o)),e("p",{class:"muted"},`${s.accountName(o.accountId)} \xB7 ${G(o.createdAt)}`,o.txnHash?[" \xB7 ",o.explorerUrl&&/^https:\/\//.test(o.explorerUrl)?e("a",{href:o.explorerUrl,target:"_blank",rel:"noopener noreferrer"},`View on explorer (${X(o.txnHash)})`):e("span",{class:"mono",title:o.txnHash},X(o.txnHash))]:""),e("div",{class:"flags"},...Ae(o)),aa(o),m,sa(o),ra(s,o,d));let I=U("why","Why these figures",M("the lots behind this transaction"));i.append(I.el),Sn(s,o,I.body),i.append(la(n,o,d));let T=U("history","History of changes",M("the history"));i.append(T.el),xn(s,o,T.body,d)};l();let u=s.onChange(()=>{n.recalc.state==="settled"&&l()});return()=>{r=!1,u()}}var na={HIGH:"high confidence",MEDIUM:"medium confidence",LOW:"low confidence"};function aa(n){let t=n.classification;if(!t)return"";let a=t.confidence==="LOW"&&!n.isReviewed&&!n.isEdited;return e("div",{class:"classification",id:"tx-classification","data-rule":t.rule,"data-confidence":t.confidence},e("p",{},"Read by the rule ",e("strong",{},t.rule),` (${na[t.confidence]||t.confidence}): ${t.explanation}.`,a?[" ",e("span",{class:"badge warning"},"Needs review")]:""),e("p",{class:"muted small"},n.isEdited?"You changed this transaction: your edit stays, whatever the rules say later.":"Change the label below if this reading is wrong: your edit always wins over the rules."))}function sa(n){let t=n.capGainsSumSigned!==null&&n.capGainsSumSigned!==void 0?Number(n.capGainsSumSigned):null,a=[["value","Value",b(n.fiatValueCents)],["fees","Fees",b(n.feeFiatValueCents)]];return t!==null&&a.push(["gain",t<0?"Capital loss":"Capital gain",E(t)]),n.incomeSum&&a.push(["income","Income",b(n.incomeSum)]),e("dl",{class:"figures",id:"tx-figures"},...a.map(([s,i,r])=>e("div",{class:"figure","data-figure":s},e("dt",{},i),e("dd",{},r))))}function Cn(n,t,a){return t?n.accountName(t):a?X(a):"Outside your accounts"}function ra(n,t,a){let s=U("transfers","Transfers"),i=t.transfers.map(r=>{let l=r.capGainsSumSigned!==null&&r.capGainsSumSigned!==void 0?Number(r.capGainsSumSigned):null,d=e("div",{class:"transfer-edit",id:`edit-${r.id}`}),g=e("tr",{class:"edit-row",hidden:!0},e("td",{colspan:6},d)),u=N("Edit value",()=>{g.hidden=!g.hidden,u.setAttribute("aria-expanded",String(!g.hidden)),g.hidden||d.querySelector("input")?.focus()},"link small",{"aria-expanded":"false","aria-controls":`edit-${r.id}`,"data-edit-transfer":r.id});return ia(n,t,r,d,a),[e("tr",{"data-transfer":r.id,class:r.isHidden?"hidden-tx":""},e("td",{"data-label":"Transfer"},e("strong",{},`${r.direction==="OUTGOING"?"\u2212":r.direction==="INCOMING"?"+":""}${F(r.amountExact)} ${r.asset?.symbol||""}`),r.isFee?e("span",{class:"badge muted"},"Fee"):"",r.isHidden?e("span",{class:"badge muted"},"Hidden"):""),e("td",{"data-label":"From \u2192 to"},`${Cn(n,r.fromAccountId,r.fromAddress)} \u2192 ${Cn(n,r.toAccountId,r.toAddress)}`),e("td",{"data-label":"Market value",class:"num"},r.fiatValueCents===null||r.fiatValueCents===void 0?e("span",{class:"badge critical"},"No price"):b(r.fiatValueCents),r.isFiatValueOverridden?e("div",{class:"muted small"},"set by you"):""),e("td",{"data-label":"Cost basis",class:"num"},b(r.basisFiatValueCents)),e("td",{"data-label":"Gain or income",class:"num"},l!==null?`${E(l)}${r.saleTerm?` (${ee(n.client,r.saleTerm,!0)})`:""}`:r.incomeSum?`Income ${b(r.incomeSum)}`:"\u2014",r.uncoveredAmountExact?e("div",{class:"muted small"},`${F(r.uncoveredAmountExact)} ${r.asset?.symbol||""} not covered by your lots`):""),e("td",{"data-label":"Change"},u)),g]});return s.body.append(e("table",{class:"table cards"},e("caption",{class:"sr-only"},"Transfers of this transaction"),e("thead",{},e("tr",{},...["Transfer","From \u2192 to","Market value","Cost basis","Gain or income",""].map(r=>e("th",{scope:"col"},r)))),e("tbody",{},...i.flat()))),s.el}function ia(n,t,a,s,i){let r=a.asset?.symbol||"units",l=e("input",{type:"number",min:"0",step:"0.01",inputmode:"decimal",value:a.fiatValueCents!=null?(a.fiatValueCents/100).toFixed(2):""}),d=e("input",{type:"number",min:"0",step:"any",inputmode:"decimal"}),g=e("input",{type:"number",min:"0",step:"0.01",inputmode:"decimal",value:a.basisFiatValueCents!=null?(a.basisFiatValueCents/100).toFixed(2):""}),u=e("div",{role:"status"}),o=a.direction==="INCOMING",y=l.value,c=g.value;d.addEventListener("input",()=>{let T=Number(d.value);d.value&&isFinite(T)&&(l.value=(T*Number(a.amountExact)).toFixed(2))});let m=e("button",{type:"submit"},"Save value"),I=e("form",{class:"inline-form","data-value-form":a.id,onsubmit:async T=>{T.preventDefault();let $=l.value===""||l.value===y?void 0:Number(l.value),p=o&&g.value!==""&&g.value!==c?Number(g.value):void 0;if($===void 0&&p===void 0){u.replaceChildren(e("p",{class:"notice error"},l.value===""?"Enter a value.":"Change the value or the cost basis."));return}try{await _(m,"Saving\u2026",()=>n.q(Ve,{tx:t.id,transfer:a.id,value:$,basis:p})),await i(`Saved the value of ${F(a.amountExact)} ${r}.`)}catch(R){u.replaceChildren(x(R))}}},B(`per-unit-${a.id}`,`Price per ${r} (${n.client.currency})`,d),B(`value-${a.id}`,`${o?"Market value":a.isFee?"Fee value":"Proceeds"} (${n.client.currency})`,l),o?B(`basis-${a.id}`,`Cost basis (${n.client.currency})`,g):"",m,a.isFiatValueOverridden?N("Back to the imported value",async T=>{try{await _(T.currentTarget,"Resetting\u2026",()=>n.q(Ve,{tx:t.id,transfer:a.id,reset:!0})),await i("The imported value is back.")}catch($){u.replaceChildren(x($))}},"secondary"):"");s.append(I,u)}async function Sn(n,t,a){let s=t.transfers.filter(d=>d.capGainsSumSigned!==null&&d.capGainsSumSigned!==void 0),i=t.transfers.filter(d=>d.incomeSum),r=t.transfers.filter(d=>d.direction==="INCOMING"&&!d.incomeSum&&!t.isInternalTransfer),l=[...new Set([...s,...r].map(d=>d.asset?.pricingKey).filter(d=>!!d))];try{let d=await Promise.all(l.map(u=>n.q(ye,{key:u,id:t.id}).then(o=>({key:u,...o.getTaxLots}))));v(a);let g=[];t.isHidden&&g.push(e("p",{},"This transaction is hidden: it does not count in your taxes.")),t.isInternalTransfer&&g.push(e("p",{},"A move between your own accounts: the coins keep their cost basis and purchase date, and nothing is taxed."));for(let u of s){let o=d.flatMap(p=>p.disposals).filter(p=>p.transferId===u.id),y=d.find(p=>p.key===u.asset?.pricingKey)?.costBasisAlgorithm||n.client.costBasisAlgorithm,c=u.asset?.symbol||"",m=Number(u.capGainsSumSigned),I=u.basisFiatValueCents??o.reduce((p,R)=>p+R.costBasisCents,0),T=I+m,$=(u.fiatValueCents??T)-T;g.push(e("div",{class:"why","data-why-transfer":u.id},e("h3",{},`${u.isFee?"Fee paid with":"Disposal of"} ${F(u.amountExact)} ${c}`),e("p",{class:"equation"},`Proceeds ${b(T)} \u2212 cost basis ${b(I)} = `,e("strong",{},`${m<0?"loss":"gain"} ${E(m)}`)),$>0?e("p",{class:"muted small"},`The proceeds are the market value of ${b(u.fiatValueCents)} less ${b($)} of fees.`):"",e("p",{class:"muted small"},n.client.jurisdictionRules.matchingText||`Lots are taken ${oa(y)}. Each piece below is the part of this disposal one lot covered.`),e("ul",{class:"pieces"},...o.map(p=>e("li",{"data-piece":p.lotTransactionId||"uncovered","data-match":p.match||""},p.isUncovered?[e("strong",{},`${F(p.amountExact)} ${c} not covered by any ${n.client.jurisdictionRules.words.holding}`),": counted with a zero cost basis. Add the account or transaction it came from, or pair the move that brought it."]:p.match&&p.match!=="LOT"?da(p,c):[`${F(p.amountExact)} ${c} from the lot acquired `,p.lotTransactionId?e("a",{href:`#/transactions/${p.lotTransactionId}`},q(p.lotAcquiredAt)):q(p.lotAcquiredAt),`: proceeds ${b(p.proceedsCents)} \u2212 basis ${b(p.costBasisCents)} = ${E(p.gainCents)}, ${ee(n.client,p.term,!0)}${p.box?`, Form 8949 box ${p.box}`:""}`,p.isMissingBasis?e("span",{class:"badge critical"},"Basis unknown"):""]))),o.length===0?e("p",{class:"muted"},"The lots behind this disposal appear once your taxes are recalculated."):""))}for(let u of i)g.push(e("div",{class:"why"},e("h3",{},`Income: ${F(u.amountExact)} ${u.asset?.symbol||""}`),e("p",{},`Counted as income of ${b(u.incomeSum)}, its market value when received. That value is also the cost basis of the coins, for when you sell them.`)));for(let u of r){let o=d.filter(c=>c.key===u.asset?.pricingKey).flatMap(c=>c.lots),y=u.asset?.symbol||"";g.push(e("div",{class:"why"},e("h3",{},`Acquisition of ${F(u.amountExact)} ${y}`),u.basisFiatValueCents===null||u.basisFiatValueCents===void 0?e("p",{},"No price is known for this receipt, so its coins have an unknown cost basis: a later sale of them counts in full as a gain. Set its value above."):e("p",{},`Cost basis ${b(u.basisFiatValueCents)}: what was paid or given for it, fees included.`),o.length?e("p",{class:"muted"},`Still held from it: ${o.map(c=>`${F(c.amountExact)} of ${F(c.originalAmountExact)} ${y} (basis ${b(c.costBasisCents)}, ${ee(n.client,c.term,!0)} if sold now)`).join("; ")}.`):e("p",{class:"muted"},"Nothing of it is held any more: it was sold, spent or moved on.")))}g.length===0&&g.push(e("p",{class:"muted"},"This transaction has no tax effect: nothing was sold, spent or earned.")),a.append(...g)}catch(d){a.replaceChildren(x(d,()=>Sn(n,t,a)))}}function oa(n){return{FIFO:"first in, first out (FIFO)",LIFO:"last in, first out (LIFO)",HIFO:"highest cost first (HIFO)",LOFO:"lowest cost first (LOFO)",AVERAGE_COST:"at their average cost"}[n]||n}function la(n,t,a){let{app:s}=n,i=U("fix","Change this transaction"),r=e("div",{role:"status","aria-live":"polite"}),l=k("label",[["","Loading labels\u2026"]]);l.disabled=!0;let d=e("button",{type:"submit",id:"save-label"},"Save label"),g=e("p",{class:"muted small",id:"label-help"});s.q(he,{id:t.id}).then(m=>{let I=m.getTransactionTypeOptions,T=new Set(I.recommended.map(p=>p.value));l.replaceChildren(e("option",{value:""},"No label"),...I.options.map(p=>e("option",{value:p.value},T.has(p.value)?`${p.name} (suggested)`:p.name))),l.value=t.label||"",l.disabled=!1;let $=()=>{g.textContent=I.options.find(p=>p.value===l.value)?.description||"Without a label, what leaves is taxed as a sale and what arrives as a purchase."};l.addEventListener("change",$),$()}).catch(m=>r.replaceChildren(x(m)));let u=e("form",{class:"inline-form",id:"label-form",onsubmit:async m=>{m.preventDefault();let I=l.value;try{await _(d,"Saving\u2026",()=>s.q(fe,I?{ids:[t.id],label:I}:{ids:[t.id],wipe:!0})),await a(I?`Labeled as ${s.labelName(I)}.`:"Label removed.")}catch(T){r.replaceChildren(x(T))}}},B("tx-label","Label",l,"grow"),d),o=e("div",{class:"actions",id:"tx-actions"}),y=(m,I,T,$,p,R="secondary")=>N(m,async C=>{try{await _(C.currentTarget,T,$),await a(p)}catch(P){r.replaceChildren(x(P))}},R,{id:I});o.append(t.isHidden?y("Unhide","unhide-tx","Unhiding\u2026",()=>s.q(oe,{id:t.id,hidden:!1}),"The transaction counts again."):y("Hide","hide-tx","Hiding\u2026",()=>s.q(oe,{id:t.id,hidden:!0}),"Hidden: the transaction no longer counts in your taxes."),y(t.isReviewed?"Mark as not reviewed":"Mark as reviewed","review-tx","Saving\u2026",()=>s.q(be,{id:t.id,reviewed:!t.isReviewed}),t.isReviewed?"Marked as not reviewed.":"Marked as reviewed.")),t.isMissingBasis&&o.append(y("Accept a zero cost basis","accept-basis","Saving\u2026",()=>s.q(le,{ids:[t.id],override:!0}),"Accepted: this transaction is no longer flagged for its missing cost basis."));let c=e("div",{id:"tx-pair"});if(t.isInternalTransfer&&t.linkedTransactionId){let m=t.transfers.some($=>$.direction==="OUTGOING"||$.fromAccountId&&!$.isFee),[I,T]=m?[t.id,t.linkedTransactionId]:[t.linkedTransactionId,t.id];c.append(e("p",{},`Paired ${t.linkType==="BRIDGE"?"as a bridge":t.linkType==="CROSS_CHAIN_SWAP"?"as a cross-chain swap":"as a move between your own accounts"} with `,e("a",{href:`#/transactions/${t.linkedTransactionId}`},"the other side"),"."),y("Unpair","unpair-tx","Unpairing\u2026",()=>s.q(Xt,{from:I,to:T}),"Unpaired: both sides count on their own again."))}else s.q(Ie,{id:t.id,limit:1}).then(m=>{let I=m.getTransferPairSuggestions[0];I&&c.append(De(s,I,async()=>{await a("Paired as a move between your own accounts.")}))}).catch(m=>c.append(x(m)));return i.body.append(u,g,c,o,r),i.el}var ca={label:"Label",isHidden:"Hidden",isReviewed:"Reviewed",notes:"Notes",fiatValue:"Value",basisFiatValue:"Cost basis",internalTransferTo:"Paired as internal transfer",bridgeTo:"Paired as bridge",crossChainSwapTo:"Paired as cross-chain swap",isMissingBasisOverride:"Missing cost basis accepted",createdAt:"Date",amount:"Quantity",quantity:"Quantity",assetId:"Asset"};function $n(n,t){return t==null||t===""?n==="label"?"no label":"nothing":typeof t=="boolean"?t?"yes":"no":n==="label"&&typeof t=="string"?t.replace(/_/g," "):(n==="fiatValue"||n==="basisFiatValue")&&(typeof t=="string"||typeof t=="number")?b(Math.round(Number(t)*100)):typeof t=="string"?t.length>40?`${t.slice(0,37)}\u2026`:t:JSON.stringify(t).slice(0,40)}async function xn(n,t,a,s){try{let i=await n.q(Wt,{ids:[t.id]}),r=i.getClientAuditLogs.auditLogs;if(v(a),r.length===0){a.append(e("p",{class:"muted",id:"history-empty"},"No changes since it was imported."));return}let l=e("div",{role:"status"});a.append(e("ul",{class:"history",id:"history-list"},...r.map(d=>{let g=d.field?`${ca[d.field]||d.field}: ${$n(d.field,d.oldValue)} \u2192 ${$n(d.field,d.newValue)}`:d.action.replace(/^\w+\./,"").replace(/_/g," "),u=d.actorType==="USER"?"you":d.actorType==="API_KEY"?"an app":d.actorType==="STAFF"?"support":`${n.brand.name} or an import`;return e("li",{"data-audit":d.id,class:d.undoneAt?"undone":""},e("span",{},e("strong",{},g),e("span",{class:"muted small"},` \xB7 ${G(d.createdAt)} \xB7 by ${u}`),d.undoneAt?e("span",{class:"badge muted"},"Undone"):""),d.canUndo?N("Undo",async o=>{try{await _(o.currentTarget,"Undoing\u2026",()=>n.q(Zt,{ids:[d.id]})),await s(`Undone: ${g}.`)}catch(y){l.replaceChildren(x(y))}},"secondary small",{"data-undo":d.id}):"")})),l,i.getClientAuditLogs.total>r.length?e("p",{class:"muted small"},`The latest ${r.length} of ${i.getClientAuditLogs.total} changes.`):"")}catch(i){a.replaceChildren(x(i,()=>xn(n,t,a,s)))}}function da(n,t){let a=n.lotTransactionId?e("a",{href:`#/transactions/${n.lotTransactionId}`},q(n.lotAcquiredAt)):q(n.lotAcquiredAt),s=n.match==="SAME_DAY"?[`${F(n.amountExact)} ${t} matched with the same day\u2019s acquisitions`]:n.match==="THIRTY_DAY"?[`${F(n.amountExact)} ${t} matched with the acquisition of `,a," (within 30 days)"]:n.match==="POOL"?[`${F(n.amountExact)} ${t} from the section 104 pool, at its average cost`]:[`${F(n.amountExact)} ${t} at the adjusted cost base`],i=n.deniedLossExact?Math.round(Number(n.deniedLossExact)*100):0;return[...s,`: proceeds ${b(n.proceedsCents)} \u2212 cost ${b(n.costBasisCents)} = ${E(n.gainCents)}`,i?e("span",{class:"badge warning","data-denied":i},`Superficial loss denied: ${b(i)}`):""]}var ua={CRITICAL:"Makes figures wrong",WARNING:"Likely wrong",INFO:"Worth a look"},He=5,pa={MISSING_BASIS:"These sales use coins whose purchase price is unknown, so their whole value counts as a gain. Give the receipt a price, or accept a zero cost basis if you really paid nothing.",UNCOVERED_DISPOSALS:"These transactions send or sell more than your accounts held at the time. Usually an account or a purchase is missing: add it, or pair the move that brought the coins.",NEGATIVE_BALANCE:"An account sent more of an asset than it held. Add the missing account or transaction, or hide a duplicate.",UNLABELED_TRANSACTIONS:"Without a label, what leaves an account counts as a sale and what arrives as a purchase. Label income, gifts and fees as such.",POSSIBLE_INTERNAL_TRANSFER:"A withdrawal followed by a deposit of nearly the same amount into another of your accounts. Unpaired, the first counts as a sale and the second as a purchase.",POSSIBLE_SPAM:"A token whose name advertises a website or a claim, as airdropped spam does. Never visit the site; mark the token as spam to leave it out of your figures.",NEEDS_REVIEW_CLASSIFICATION:"No rule recognised these on-chain transactions with confidence, so what arrived counts as a purchase and what left as a sale. Open each one to see what was read, then label it, or confirm that the reading is right."},ma=new Set(["MISSING_BASIS","UNCOVERED_DISPOSALS","NEGATIVE_BALANCE"]);function An(n,t,a){let{app:s}=n,i=e("div",{class:"recalc-box",id:"review-recalc"}),r=e("div",{id:"review-queue","aria-live":"polite"},M("what needs review"));t.append(e("h1",{},"Needs review"),e("p",{class:"lead"},"What can make your tax figures wrong, most serious first. Fix each item here; the counts fall as you go."),i,r);let l=new Set,d=()=>{let c=n.recalc.state;c==="settled"&&l.clear(),i.dataset.state=c,i.replaceChildren(e("p",{},c==="settled"?"Your figures include every change.":c==="dirty"?"Some fixes are not in your figures yet: prices, pairs and labels change your taxes once they are recalculated.":"Recalculating your taxes with your fixes\u2026"),c==="dirty"?N("Recalculate now",()=>n.recalc.start(),"",{id:"review-recalculate"}):"")};d();let g=n.recalc.onState(d),u=async c=>{ae(c),s.ledgerChanged("edit"),await n.recalc.refresh()},o=async()=>{try{let m=(await s.q(se)).getClientInsights,I=m.reduce((T,$)=>T+$.transactionCount,0);if(n.reviewCount(I),v(r),m.length===0){r.append(H("Nothing needs your attention: your transactions are labeled, priced and paired.","review-empty"));return}r.append(e("p",{id:"review-total","data-count":I},I===1?"1 item to review.":`${I} items to review.`));for(let T of m)r.append(ga(n,T,l,u))}catch(c){r.replaceChildren(x(c,o))}};o();let y=s.onChange(o);return()=>{y(),g()}}function ga(n,t,a,s){let i=e("div",{class:"items"},M("the items")),r=e("section",{class:`insight ${t.severity.toLowerCase()}`,"data-insight":t.patternId,"aria-labelledby":`ins-${t.id}`},e("div",{class:"insight-head"},e("span",{class:`badge ${t.severity.toLowerCase()}`},ua[t.severity]||t.severity),e("h2",{id:`ins-${t.id}`},t.title),e("span",{class:"insight-count","data-insight-count":t.transactionCount},String(t.transactionCount))),e("p",{},pa[t.type]||t.description),ma.has(t.type)?e("p",{class:"muted small"},"This list changes when your taxes are recalculated after a fix."):"",i,t.type!=="POSSIBLE_SPAM"?e("p",{},e("a",{href:`#/transactions?review=${encodeURIComponent(t.patternId)}`},t.transactionCount>He?`See all ${t.transactionCount} in Transactions`:"See them in Transactions")):"");return ya(n,t,i,a,s).catch(l=>i.replaceChildren(x(l))),r}async function ya(n,t,a,s,i){let{app:r}=n;if(t.type==="POSSIBLE_INTERNAL_TRANSFER"){let u=await r.q(Ie,{limit:He});v(a);for(let o of u.getTransferPairSuggestions){let y=De(r,o,async()=>{y.replaceChildren(e("p",{class:"notice ok"},"Paired. Recalculate to update your figures.")),await i("Paired as a move between your accounts.")});a.append(y)}return}let l=t.assetId;if(t.type==="POSSIBLE_SPAM"&&l){v(a);let u=e("div",{role:"status"}),o=N("Mark as spam",async()=>{try{await _(o,"Marking\u2026",()=>r.q(en,{assetId:l,spam:!0})),a.replaceChildren(e("p",{class:"notice ok"},"Marked as spam: its transactions are left out of your figures.")),await i("Marked as spam.")}catch(y){u.replaceChildren(x(y))}},"small",{"data-spam":t.assetId});a.append(o,u);return}let d=await r.q(me,{insightPatternId:t.patternId,limit:He});await r.accounts().then(u=>{r.accountCache=u}),v(a);let g=e("ul",{class:"review-items"});a.append(g);for(let u of d.getClientTransactions.transactions){let o=e("li",{"data-review-item":u.id}),y=m=>async()=>{s.add(u.id),o.replaceChildren(e("p",{class:"notice ok"},m)),await i(m)};if(s.has(u.id)){o.append(e("p",{class:"notice ok"},`${q(u.createdAt)} \xB7 ${te(u)}: fixed. Recalculate to update your figures.`)),g.append(o);continue}o.append(e("p",{},e("a",{href:`#/transactions/${u.id}`},`${q(u.createdAt)} \xB7 ${r.labelName(u.label)}`),` \xB7 ${te(u)} \xB7 ${r.accountName(u.accountId)}`));let c=e("div",{class:"fix"});switch(o.append(c),g.append(o),t.type){case"UNLABELED_TRANSACTIONS":Pn(r,u,c,y);break;case"NEEDS_REVIEW_CLASSIFICATION":Pn(r,u,c,y),ha(r,u,c,y);break;case"MISSING_BASIS":Ia(r,u,c,y);break;case"UNCOVERED_DISPOSALS":fa(r,u,c,y);break;case"NEGATIVE_BALANCE":ba(r,u,c,y);break;default:break}}}function we(n,t,a,s,i){n.addEventListener("click",async()=>{try{await _(n,t,s),await i()}catch(r){a.replaceChildren(x(r))}})}function Pn(n,t,a,s){let i=k("label",[["","Choose a label"]]),r=e("button",{type:"submit",class:"small"},"Save label"),l=e("div",{role:"status"});n.q(he,{id:t.id}).then(g=>{let u=new Set(g.getTransactionTypeOptions.recommended.map(o=>o.value));i.append(...g.getTransactionTypeOptions.options.map(o=>e("option",{value:o.value},u.has(o.value)?`${o.name} (suggested)`:o.name)))}).catch(g=>l.replaceChildren(x(g)));let d=`label-${t.id}`;a.append(e("form",{class:"inline-form","data-label-form":t.id,onsubmit:async g=>{if(g.preventDefault(),!i.value){l.replaceChildren(e("p",{class:"notice error"},"Choose a label first."));return}try{await _(r,"Saving\u2026",()=>n.q(fe,{ids:[t.id],label:i.value})),await s(`Labeled as ${n.labelName(i.value)}.`)()}catch(u){l.replaceChildren(x(u))}}},B(d,"Label",i),r),l)}function ha(n,t,a,s){let i=e("button",{type:"button",class:"small secondary","data-confirm":t.id},"The reading is right"),r=e("div",{role:"status"});we(i,"Saving\u2026",r,()=>n.q(be,{id:t.id,reviewed:!0}),s("Marked as reviewed.")),a.append(i,r)}async function Ia(n,t,a,s){let i=e("div",{role:"status"});try{let d=(await n.q(ge,{id:t.id})).getTransaction.transfers.filter(o=>o.capGainsSumSigned!==null&&o.capGainsSumSigned!==void 0&&o.asset),g=[...new Set(d.map(o=>o.asset.pricingKey))],u=[];for(let o of g){let y=await n.q(ye,{key:o,id:t.id});for(let c of y.getTaxLots.disposals){let m=d.find(I=>I.id===c.transferId);c.isMissingBasis&&!c.isUncovered&&c.lotTransactionId&&m&&!u.some(I=>I.tx===c.lotTransactionId)&&u.push({tx:c.lotTransactionId,at:c.lotAcquiredAt||"",symbol:m.asset.symbol,assetId:m.assetId,amount:c.amountExact})}}for(let o of u){let y=e("input",{type:"number",min:"0",step:"any",inputmode:"decimal",required:!0}),c=e("button",{type:"submit",class:"small"},"Save price");a.append(e("form",{class:"inline-form","data-price-form":o.tx,onsubmit:async m=>{m.preventDefault();let I=Number(y.value);if(!y.value||!isFinite(I)||I<0){i.replaceChildren(e("p",{class:"notice error"},"Enter the price per unit, for example 1.85."));return}try{await _(c,"Saving\u2026",()=>n.q(Jt,{ids:[o.tx],assetId:o.assetId,price:I})),await s(`Saved the price of the ${o.symbol} received on ${q(o.at)}.`)()}catch(T){i.replaceChildren(x(T))}}},e("p",{class:"small"},`The ${F(o.amount)} ${o.symbol} it sold came from `,e("a",{href:`#/transactions/${o.tx}`},`a receipt on ${q(o.at)}`)," without a price."),B(`price-${o.tx}`,`Price per ${o.symbol} when received (${n.client.currency})`,y),c))}}catch(l){i.replaceChildren(x(l))}let r=N("Accept a zero cost basis",()=>{},"secondary small");we(r,"Saving\u2026",i,()=>n.q(le,{ids:[t.id],override:!0}),s("Accepted a zero cost basis.")),a.append(r,i)}function fa(n,t,a,s){let i=e("div",{role:"status"}),r=N("Accept a zero cost basis",()=>{},"secondary small");we(r,"Saving\u2026",i,()=>n.q(le,{ids:[t.id],override:!0}),s("Accepted a zero cost basis.")),a.append(e("a",{href:`#/transactions/${t.id}`,class:"button-link small"},"Open and pair or edit"),r,i)}function ba(n,t,a,s){let i=e("div",{role:"status"}),r=N("Hide (a duplicate)",()=>{},"secondary small");we(r,"Hiding\u2026",i,()=>n.q(oe,{id:t.id,hidden:!0}),s("Hidden: it no longer counts.")),a.append(e("a",{href:`#/transactions/${t.id}`,class:"button-link small"},"Open"),r,i)}var Dn=[["ONE_MONTH","1 month"],["THREE_MONTHS","3 months"],["YEAR_TO_DATE","This year"],["ONE_YEAR","1 year"],["ALL_TIME","All time"]];function wn(n,t){let{app:a}=n,s=e("div",{class:"cards-row",id:"portfolio-totals","aria-live":"polite"},M("your holdings")),i=e("figure",{class:"chart",id:"value-chart"}),r="ALL_TIME",l=e("div",{class:"segmented",role:"radiogroup","aria-label":"Chart range"},...Dn.map(([c,m])=>{let I=`range-${c.toLowerCase()}`,T=e("input",{type:"radio",name:"range",id:I,value:c,checked:c===r,onchange:()=>{r=c,u()}});return e("span",{},T,e("label",{for:I},m))})),d=U("holdings","Holdings",M("your holdings")),g=U("harvest","Tax-loss harvesting",M("losses you could harvest"));t.append(e("h1",{},"Portfolio"),s,U("value","Value over time",l,i).el,d.el,g.el);let u=async()=>{i.replaceChildren(M("the chart"));try{let m=(await a.q(tn,{interval:r})).getChart,I=yn(i,m.points,`Portfolio value and cost basis, ${Dn.find(([T])=>T===r)?.[1].toLowerCase()}`);i.replaceChildren(I,I.tagName==="svg"?e("figcaption",{},`Change over the range: ${E(m.changeCents)}${m.changePercent===null||m.changePercent===void 0?"":` (${Me(m.changePercent)})`}. Coins without a price on a day add nothing to that day.`):"")}catch(c){i.replaceChildren(x(c,u))}},o=async()=>{try{let c=(await a.q(Ce)).getPortfolioV2,m=(p,R,C,P="")=>e("div",{class:"card","data-figure":p},e("span",{class:"card-title"},R),e("span",{class:"card-value"},C),P?e("span",{class:"card-sub"},P):""),I=c.positions.filter(p=>p.valueCents!==null&&p.valueCents!==void 0),T=c.positions.length-I.length,$=I.reduce((p,R)=>p+(R.unrealizedGainCents||0),0);s.replaceChildren(m("value","Value",I.length||!T?b(c.totalValueCents):"No prices",T?`${T} holding${T===1?"":"s"} without a price today, left out`:"At today\u2019s prices"),m("basis","Cost basis",b(c.totalCostBasisCents),c.isStale?"Recalculate to include recent changes":"What you paid for what you hold"),m("unrealized","Unrealized gain",I.length||!T?E($):"No prices",T?"Of the holdings with a price":"If you sold everything today")),v(d.body),c.positions.length===0?d.body.append(H("You hold nothing yet: add and sync your wallets and exchanges on the Overview page.","holdings-empty")):(d.body.append(e("table",{class:"table cards",id:"holdings-table"},e("caption",{class:"sr-only"},"Your holdings"),e("thead",{},e("tr",{},...["Asset","Quantity","Price","Value","Cost basis","Unrealized","Share"].map(p=>e("th",{scope:"col"},p)))),e("tbody",{},...c.positions.map(p=>{let R=p.amountExact.startsWith("-");return e("tr",{"data-asset":p.assetId},e("td",{"data-label":"Asset"},e("strong",{},p.asset?.symbol||"?"),p.asset?.name&&p.asset.name!==p.asset.symbol?e("div",{class:"muted small"},p.asset.name):"",R?e("span",{class:"badge warning"},"Negative balance"):""),e("td",{"data-label":"Quantity",class:"num"},F(p.amountExact)),e("td",{"data-label":"Price",class:"num"},p.price===null||p.price===void 0?e("span",{class:"badge muted"},"No price"):b(Math.round(p.price*100))),e("td",{"data-label":"Value",class:"num"},b(p.valueCents)),e("td",{"data-label":"Cost basis",class:"num"},b(p.costBasisCents)),e("td",{"data-label":"Unrealized",class:"num"},p.unrealizedGainCents===null||p.unrealizedGainCents===void 0?"\u2014":e("span",{class:p.unrealizedGainCents<0?"loss":"gain"},`${E(p.unrealizedGainCents)} (${Me(p.unrealizedGainPercent)})`)),e("td",{"data-label":"Share",class:"num"},p.portfolioPercent===null||p.portfolioPercent===void 0?"\u2014":`${p.portfolioPercent.toFixed(1)}%`))})))),c.total>c.positions.length&&d.body.append(e("p",{class:"muted small"},`The ${c.positions.length} largest of ${c.total} holdings.`)))}catch(c){s.replaceChildren(x(c,o)),v(d.body)}y()},y=async()=>{try{let c=new Date().toISOString().slice(0,10),m=(await a.q(nn,{date:c})).getHarvestableLosses;v(g.body),g.body.append(e("p",{},"Selling holdings worth less than you paid realizes a loss that offsets your gains. These lots are below their cost basis at today\u2019s prices.")),m.assets.length===0?g.body.append(H("None of your holdings is worth less than its cost basis today.","harvest-empty")):g.body.append(e("p",{id:"harvest-total"},e("strong",{},`Up to ${b(-m.totalUnrealizedLossCents)} of losses`),` (short-term ${b(-m.shortTermUnrealizedLossCents)}, long-term ${b(-m.longTermUnrealizedLossCents)}).`),e("table",{class:"table cards",id:"harvest-table"},e("caption",{class:"sr-only"},"Holdings you could sell at a loss"),e("thead",{},e("tr",{},...["Asset","Held at a loss","Value","Cost basis","Loss",""].map(I=>e("th",{scope:"col"},I)))),e("tbody",{},...m.assets.map(I=>e("tr",{"data-harvest":I.assetId},e("td",{"data-label":"Asset"},e("strong",{},I.asset?.symbol||"?")),e("td",{"data-label":"Held at a loss",class:"num"},F(I.amountExact)),e("td",{"data-label":"Value",class:"num"},b(I.marketValueCents)),e("td",{"data-label":"Cost basis",class:"num"},b(I.costBasisCents)),e("td",{"data-label":"Loss",class:"num"},e("span",{class:"loss"},E(I.unrealizedGainCents)),e("div",{class:"muted small"},`short-term ${E(I.shortTermUnrealizedGainCents)} \xB7 long-term ${E(I.longTermUnrealizedGainCents)}`)),e("td",{"data-label":"Note"},I.hasRecentAcquisition?e("span",{class:"badge info"},"Bought in the last 30 days"):"")))))),m.unpricedAssetIds.length&&g.body.append(e("p",{class:"muted small"},`${m.unpricedAssetIds.length} holding${m.unpricedAssetIds.length===1?" has":"s have"} no price today and ${m.unpricedAssetIds.length===1?"is":"are"} left out.`)),g.body.append(e("p",{class:"muted small"},"This is information, not advice: check with a tax professional before you sell."))}catch(c){g.body.replaceChildren(x(c,y))}};return o(),u(),a.onChange(()=>{o(),u()})}var Ca={A:"Short-term, on Form 1099-B with basis reported",B:"Short-term, on Form 1099-B without basis",C:"Short-term, not on Form 1099-B",D:"Long-term, on Form 1099-B with basis reported",E:"Long-term, on Form 1099-B without basis",F:"Long-term, not on Form 1099-B",G:"Short-term digital assets, on Form 1099-DA with basis reported",H:"Short-term digital assets, on Form 1099-DA without basis",I:"Short-term digital assets, not on Form 1099-DA",J:"Long-term digital assets, on Form 1099-DA with basis reported",K:"Long-term digital assets, on Form 1099-DA without basis",L:"Long-term digital assets, not on Form 1099-DA"},$a={TAX_FORMS:"Tax forms (ZIP of PDFs)",FORM_8949_PDF:"Form 8949 (PDF)",FORM_8949_CSV:"Form 8949 (CSV)",SCHEDULE_D_PDF:"Schedule D (PDF)",SCHEDULE_1_PDF:"Schedule 1, income (PDF)",CAPITAL_GAINS_CSV:"Capital gains (CSV)",INCOME_CSV:"Income (CSV)",TRANSACTION_HISTORY_CSV:"Transaction history (CSV)",TURBOTAX_CSV:"TurboTax import (CSV)",TAXACT_CSV:"TaxAct import (CSV)",END_OF_YEAR_HOLDINGS_CSV:"Holdings at year end (CSV)",UK_CAPITAL_GAINS_SUMMARY_PDF:"UK capital gains summary, SA108 figures (PDF)",UK_CAPITAL_GAINS_SUMMARY_CSV:"UK capital gains summary (CSV)",DE_ANLAGE_SO_PDF:"Anlage SO, private disposals and other income (PDF)",DE_ANLAGE_SO_CSV:"Anlage SO rows (CSV)",AU_CGT_SCHEDULE_PDF:"CGT schedule summary (PDF)",AU_CGT_SCHEDULE_CSV:"CGT schedule events (CSV)",CA_SCHEDULE_3_PDF:"Schedule 3 summary (PDF)",CA_SCHEDULE_3_CSV:"Schedule 3 summary (CSV)"},Ta={QUEUED:"Waiting",GENERATING:"Being made",READY:"Ready",FAILED:"Failed"};function En(n,t,a){let{app:s}=n,i=k("year",[]),r=e("div",{id:"tax-figures","aria-live":"polite"},M("the year\u2019s figures")),l=U("income","Income by kind"),d=U("form-8949","Form 8949 preview"),g=e("div",{id:"reconciliation"}),u=U("reports","Reports");t.append(e("h1",{},"Taxes"),e("div",{class:"toolbar"},B("tax-year","Tax year",i)),r,l.el,d.el,g,u.el);let o=0,y=async()=>{try{let C=await s.years(),P=C.length?C[0]:new Date().getUTCFullYear(),h=Number(a.get("year"));o=h&&h>1900?h:P;let f=[...new Set([...C,o,new Date().getUTCFullYear()])].sort((S,L)=>L-S);i.replaceChildren(...f.map(S=>e("option",{value:S},Y(s.client,S)))),i.value=String(o),await Promise.all([I(),T(0,""),$()])}catch(C){r.replaceChildren(x(C,y))}};i.addEventListener("change",()=>{location.hash=`#/tax?year=${i.value}`});let c=s.client.jurisdictionRules,m=()=>Y(s.client,o),I=async()=>{try{let C=(await s.q(ie,{year:String(o)})).getIncomeAndCapGains,P=Sa(C,c);C.futuresCents&&P.push(["futures","Futures",C.futuresCents,E]),v(r),r.append(C.isStale?e("p",{class:"notice",id:"preview-stale"},"Your ledger changed since these figures were calculated. Recalculate to bring them up to date."):"",C.transactionCount===0?H(`No transactions in ${m()}.`,"year-empty"):"",C.jurisdiction&&c.text?e("p",{class:"muted small",id:"tax-rules","data-jurisdiction":c.jurisdiction},c.text):"",e("dl",{class:"figures","data-year":C.year,"data-year-label":C.taxYearLabel||C.year},...P.map(([h,f,S,L])=>e("div",{class:"figure","data-figure":h,"data-cents":S},e("dt",{},f),e("dd",{},L(S))))),e("p",{class:"muted small"},`${C.disposalCount} transaction${C.disposalCount===1?"":"s"} with a sale or other disposal, ${C.transactionCount} in all`,pe(C.computedAt)?`; calculated ${G(C.computedAt)}.`:"; not calculated yet.")),v(l.body),C.incomeByLabel.length===0?l.body.append(H(`No income in ${m()}.`,"income-empty")):l.body.append(e("table",{class:"table",id:"income-table"},e("caption",{class:"sr-only"},`Income in ${m()} by kind`),e("thead",{},e("tr",{},...["Kind","Transactions","Income"].map(h=>e("th",{scope:"col"},h)))),e("tbody",{},...C.incomeByLabel.map(h=>e("tr",{"data-income":h.label},e("td",{},e("a",{href:`#/transactions?year=${o}&label=${encodeURIComponent(h.label)}`},h.name)),e("td",{class:"num"},String(h.transactionCount)),e("td",{class:"num"},b(h.incomeCents))))),e("tfoot",{},e("tr",{},e("th",{scope:"row"},"Total"),e("td",{}),e("td",{class:"num"},b(C.incomeCents)))))),p.setYear(o)}catch(C){r.replaceChildren(x(C,I))}},T=async(C,P,h=!1)=>{if(!c.hasForm8949){d.el.hidden=!0;return}try{let f=(await s.q(an,{year:o,box:P||void 0,page:C})).getForm8949PreviewForYear;if(v(d.body),f.boxes.length===0){d.body.append(H(`No sales or other disposals in ${o}: nothing goes on Form 8949.`,"f8949-empty"));return}let S=k("box",[["","All boxes"],...f.boxes.map(w=>[w.box,`Box ${w.box}`])],P);S.addEventListener("change",()=>T(0,S.value,!0));let L=e("details",{class:"rows",id:"f8949-details",open:h});d.body.append(e("p",{},"How your sales will be reported on Form 8949, box by box. Generate the form itself under Reports."),e("table",{class:"table cards",id:"f8949-boxes"},e("caption",{class:"sr-only"},`Form 8949 boxes of ${o}`),e("thead",{},e("tr",{},...["Box","Rows","Proceeds","Cost basis","Adjustments","Gain or loss"].map(w=>e("th",{scope:"col"},w)))),e("tbody",{},...f.boxes.map(w=>e("tr",{"data-box":w.box},e("td",{"data-label":"Box"},e("strong",{},`Box ${w.box}`),e("div",{class:"muted small"},Ca[w.box]||"")),e("td",{"data-label":"Rows",class:"num"},String(w.rowCount)),e("td",{"data-label":"Proceeds",class:"num"},b(w.proceedsCents)),e("td",{"data-label":"Cost basis",class:"num"},b(w.costBasisCents)),e("td",{"data-label":"Adjustments",class:"num"},b(w.adjustmentCents)),e("td",{"data-label":"Gain or loss",class:"num"},E(w.gainOrLossCents)))))),L),L.append(e("summary",{},`The ${f.total} row${f.total===1?"":"s"}${P?` of box ${P}`:""}, as on the form`),e("div",{class:"toolbar"},B("f8949-box","Show the rows of",S)),e("table",{class:"table cards",id:"f8949-rows"},e("caption",{class:"sr-only"},"Form 8949 rows"),e("thead",{},e("tr",{},...["Box","(a) Description","(b) Acquired","(c) Sold","(d) Proceeds","(e) Cost basis","(h) Gain or loss"].map(w=>e("th",{scope:"col"},w)))),e("tbody",{},...f.rows.map(w=>e("tr",{},e("td",{"data-label":"Box"},w.box),e("td",{"data-label":"Description"},w.transactionId?e("a",{href:`#/transactions/${w.transactionId}`},w.description):w.description),e("td",{"data-label":"Acquired"},w.dateAcquired?q(w.dateAcquired):"Various"),e("td",{"data-label":"Sold"},q(w.dateSold)),e("td",{"data-label":"Proceeds",class:"num"},b(w.proceedsCents)),e("td",{"data-label":"Cost basis",class:"num"},b(w.costBasisCents)),e("td",{"data-label":"Gain or loss",class:"num"},E(w.gainOrLossCents)))))),e("nav",{class:"pager","aria-label":"Form 8949 pages"},f.page>0?N("Previous rows",()=>T(f.page-1,P,!0),"secondary"):"",e("span",{class:"muted"},`Rows ${f.page*f.limit+1}\u2013${f.page*f.limit+f.rows.length} of ${f.total}`),(f.page+1)*f.limit<f.total?N("Next rows",()=>T(f.page+1,P,!0),"secondary"):""))}catch(f){d.body.replaceChildren(x(f,()=>T(C,P)))}},$=async()=>{if(v(g),!!c.hasForm1099DA)try{let C=(await s.q(sn,{year:o})).getTaxFormStatuses.taxForms;if(C.length===0)return;let P=U("reconciliation-panel","Form 1099-DA reconciliation");g.append(P.el),P.body.append(e("p",{},"Your broker reported these sales to the IRS on Form 1099-DA. Here they are compared with your own figures: differences need a look before you file."));for(let h of C){let f=(await s.q(rn,{formId:h.id})).getTaxFormReconciliation,S=f.rows.filter(L=>L.status!=="MATCHED").slice(0,20);P.body.append(e("div",{class:"recon","data-form":h.id},e("h3",{},`${h.brokerName}: ${h.rowCount} row${h.rowCount===1?"":"s"}`),e("dl",{class:"figures"},...[["Broker proceeds",b(f.brokerProceedsCents)],["Your proceeds",b(f.computedProceedsCents)],["Difference",E(f.proceedsDifferenceCents)],["Matched",String(f.matchedCount)],["Different",String(f.mismatchedCount)],["Missing in your ledger",String(f.missingInLedgerCount)],["Not on the form",String(f.missingOnFormCount)]].map(([L,w])=>e("div",{class:"figure"},e("dt",{},L),e("dd",{},w)))),S.length===0?e("p",{class:"notice ok"},"Every row matches your figures."):e("table",{class:"table cards"},e("caption",{class:"sr-only"},"Rows that differ"),e("thead",{},e("tr",{},...["Sold","Asset","Broker","Yours","Difference",""].map(L=>e("th",{scope:"col"},L)))),e("tbody",{},...S.map(L=>e("tr",{},e("td",{"data-label":"Sold"},q(L.dateSold)),e("td",{"data-label":"Asset"},`${L.amountExact} ${L.assetSymbol}`),e("td",{"data-label":"Broker",class:"num"},b(L.brokerProceedsCents)),e("td",{"data-label":"Yours",class:"num"},b(L.computedProceedsCents)),e("td",{"data-label":"Difference",class:"num"},E(L.proceedsDifferenceCents)),e("td",{"data-label":"Status"},L.status==="MISSING_IN_LEDGER"?"Not in your ledger":L.status==="MISSING_ON_FORM"?"Not on the form":L.transactionId?e("a",{href:`#/transactions/${L.transactionId}`},"Different: open"):"Different")))))))}}catch(C){g.replaceChildren(x(C,$))}},p=new Ge(s,u.body,s.client);p.load(),y();let R=s.onChange(()=>{s.years().then(()=>{I(),T(0,"")})});return()=>{p.stop(),R()}}var Ge=class{constructor(t,a,s){this.app=t;this.client=s;this.list=e("div",{id:"report-list","aria-live":"polite"},M("your reports"));this.msg=e("div",{id:"report-message",role:"status"});this.yearSel=k("year",[]);this.polling=!1;this.alive=!0;let i=e("input",{name:"email",type:"email",autocomplete:"email",value:t.s.email||""}),r=e("button",{type:"submit",id:"request-report-button"},"Request report");this.form=e("form",{id:"request-report",class:"inline-form",onsubmit:l=>{l.preventDefault(),this.request(r)}},B("report-year","Tax year",this.yearSel),B("report-type","Report",k("type",s.jurisdictionRules.reportTypes.map(l=>[l,_e(l)])),"grow"),B("report-email","E-mail me a link (optional)",i,"grow"),r),a.append(e("p",{},"Reports are made from your calculated figures. They are ready in a few seconds; you can also get a link by e-mail."),this.form,this.msg,this.list)}stop(){this.alive=!1}async setYear(t){let a=await this.app.years(),s=[...new Set([...a,t])].sort((i,r)=>r-i);this.yearSel.replaceChildren(...s.map(i=>e("option",{value:i},Y(this.client,i)))),this.yearSel.value=String(t)}async load(){try{let t=(await this.app.q(ke)).getReports;this.render(t),t.some(vn)&&this.poll()}catch(t){this.list.replaceChildren(x(t,()=>this.load()))}}render(t){if(v(this.list),t.length===0){this.list.append(H("No reports yet. Choose a year and a report above.","reports-empty"));return}this.list.append(e("table",{class:"table cards"},e("caption",{class:"sr-only"},"Your reports"),e("thead",{},e("tr",{},...["Year","Report","Status","Requested",""].map(a=>e("th",{scope:"col"},a)))),e("tbody",{},...t.map(a=>e("tr",{"data-report":a.id,"data-type":a.type,"data-status":a.status},e("td",{"data-label":"Year"},a.year?Y(this.client,Number(a.year)):"\u2014"),e("td",{"data-label":"Report"},_e(a.type),a.isStale?e("div",{class:"muted small"},"Your figures changed since; request it again for current ones."):""),e("td",{"data-label":"Status"},e("span",{class:`badge ${a.status.toLowerCase()}`},Ta[a.status]||a.status),a.error?e("div",{class:"muted small"},a.error):""),e("td",{"data-label":"Requested"},G(a.createdAt)),e("td",{"data-label":"File"},a.status==="READY"?N("Download",s=>this.download(a,s.currentTarget),"secondary small download",{"aria-label":`Download ${a.year||""} ${_e(a.type)}`}):""))))))}async request(t){let a=new FormData(this.form),s=String(a.get("email")||"").trim();try{let r=(await _(t,"Requesting\u2026",()=>this.app.q(on,{year:String(a.get("year")),type:String(a.get("type")),email:s||void 0}))).getReportExportV2;this.msg.replaceChildren(e("p",{class:"notice ok"},r.isCached?"You have this report already, up to date: it is in the list below.":`Report requested. It appears below when it is ready${s?`, and we e-mail a link to ${s}`:""}.`)),await this.load()}catch(i){this.msg.replaceChildren(x(i))}}async poll(){if(!this.polling){this.polling=!0;try{for(;this.alive;){await W(1e3);let t=(await this.app.q(ke)).getReports;if(!this.alive||(this.render(t),!t.some(vn)))return}}catch(t){this.list.replaceChildren(x(t,()=>this.load()))}finally{this.polling=!1}}}async download(t,a){try{let s=await _(a,"Preparing\u2026",()=>this.app.q(ln,{id:t.id})),i=e("a",{href:s.getReportDownloadUrl.url,download:s.getReportDownloadUrl.fileName,hidden:!0});document.body.append(i),i.click(),i.remove(),this.msg.replaceChildren(e("p",{class:"notice ok",id:"download-started"},`Downloading ${s.getReportDownloadUrl.fileName}.`))}catch(s){this.msg.replaceChildren(x(s))}}},vn=n=>n.status==="QUEUED"||n.status==="GENERATING";function _e(n){return $a[n]||n.replace(/_/g," ").toLowerCase()}function Sa(n,t){let a=t.words,s=[["proceeds",a.proceeds,n.proceedsCents,b],["cost-basis",a.cost,n.costBasisCents,b]];return t.hasHoldingTerms&&s.push(["short-term",`${a.shortTerm||"Short-term"} gains`,n.shortTermCapGainsCents,E],["long-term",`${a.longTerm||"Long-term"} gains`,n.longTermCapGainsCents,E]),(!t.hasHoldingTerms||n.gainsCents!==null&&n.gainsCents!==void 0)&&s.push(["gains",a.gains,n.gainsCents??0,b],["losses",a.losses,-(n.lossesCents??0),b]),a.deniedLosses&&s.push(["denied-losses",a.deniedLosses,n.deniedLossesCents??0,b]),s.push(["capital-gains",a.netGain,n.capGainsCents,E]),n.lossesBroughtForwardCents!=null&&s.push(["losses-brought-forward","Net capital losses brought forward",n.lossesBroughtForwardCents,b]),n.discountCents!=null&&s.push(["discount","CGT discount applied",n.discountCents,b]),n.gainThresholdCents!=null&&s.push(["threshold",`${a.threshold||"Threshold"} (taxed in full from this amount)`,n.gainThresholdCents,b]),a.taxableGain&&s.push(["taxable-gains",a.taxableGain,n.taxableCapitalGainsCents??0,E]),n.lossesCarriedForwardCents!=null&&s.push(["losses-carried-forward","Net capital losses carried forward",n.lossesCarriedForwardCents,b]),s.push(["income","Income",n.incomeCents,b]),a.taxableIncome&&n.taxableIncomeCents!=null&&s.push(["taxable-income",a.taxableIncome,n.taxableIncomeCents,b]),s}var We="taxd.portal.session",Qe=(()=>{try{return JSON.parse(document.getElementById("taxd-page")?.textContent||"{}")}catch{return{}}})(),z=document.getElementById("main"),je=document.getElementById("top"),ve=!1;function xa(n){try{let t=n.split(".")[1].replace(/-/g,"+").replace(/_/g,"/");return JSON.parse(atob(t))}catch{return{}}}function Pa(n){sessionStorage.setItem(We,JSON.stringify(n))}function Aa(){try{let n=JSON.parse(sessionStorage.getItem(We)||"null");return n&&n.code&&n.token?n:null}catch{return null}}function Ye(n){let t=n?.partnerId?`?partner=${encodeURIComponent(n.partnerId)}`:"",a=()=>history.replaceState(null,"",location.pathname+t+location.hash);document.readyState==="complete"?a():window.addEventListener("load",a,{once:!0})}function Fn(n){if(document.body.dataset.partner=n.name,document.title=`${n.name} \xB7 Crypto tax portal`,n.primaryColor&&/^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(n.primaryColor)){let[a,s]=Da(n.primaryColor),i=document.documentElement.style;i.setProperty("--brand",a),i.setProperty("--on-brand",s)}v(je),je.append(e("div",{class:"brand"},n.logoUrl&&/^https:\/\//.test(n.logoUrl)?e("img",{src:n.logoUrl,alt:`${n.name} logo`,class:"logo"}):"",e("span",{class:"partner-name"},n.name),e("span",{class:"product"},"Crypto tax portal")));let t=document.getElementById("foot");t||(t=e("footer",{id:"foot",class:"foot"}),document.body.append(t)),t.replaceChildren(e("p",{},`The tax portal of ${n.name}.`,n.supportEmail?[" Questions? Write to ",e("a",{href:`mailto:${n.supportEmail}`},n.supportEmail),"."]:""))}function Da(n){let t=n.slice(1);t.length===3&&(t=t.split("").map(r=>r+r).join(""));let a=[0,2,4].map(r=>parseInt(t.slice(r,r+2),16)),s=r=>r.map(l=>{let d=l/255;return d<=.03928?d/12.92:Math.pow((d+.055)/1.055,2.4)}).reduce((l,d,g)=>l+d*[.2126,.7152,.0722][g],0),i=s(a);if((i+.05)/.05>=4.5&&(i+.05)/.05>1.05/(i+.05))return[n,"#000000"];for(let r=0;r<40&&1.05/(s(a)+.05)<4.5;r++)a=a.map(l=>Math.floor(l*.94));return[`#${a.map(r=>r.toString(16).padStart(2,"0")).join("")}`,"#ffffff"]}function Ee(n,t,...a){v(z),document.getElementById("app-nav")?.remove(),z.append(e("section",{class:"panel state",id:n,"aria-labelledby":`${n}-h`},e("h1",{id:`${n}-h`},t),...a))}function ze(){if(ve)return;ve=!0,sessionStorage.removeItem(We);let n=document.body.dataset.partner||"your provider",t=e("p",{hidden:!0,role:"status"},`Return to ${n} and open the tax portal from there: it signs you in with a new link.`),a=e("button",{type:"button",id:"sign-in-again",onclick:()=>{window.parent!==window&&window.parent.postMessage({type:"taxd:portal:session-expired"},"*"),t.hidden=!1}},"Sign in again");Ee("state-expired","Your session has expired",e("p",{},`For your security the tax portal signs you out after a while. Sign in again from ${n}.`),a,t),z.focus()}function wa(){Ee("state-signed-out","Sign in to your tax portal",e("p",{},"Open the tax portal from your provider\u2019s website or app: it signs you in automatically."))}var va=[["","Overview"],["transactions","Transactions"],["review","Review"],["portfolio","Portfolio"],["tax","Taxes"]];async function Bn(n){v(z),z.append(M("your tax portal"));let t,a;try{[t,a]=await Promise.all([J(n,"GET","/user"),ue(n,Ot).then(r=>r.getMyActiveClient)])}catch(r){if(ve)return;if(r instanceof O&&r.status===404)return Ee("state-not-found","We could not find your account",e("p",{},"This sign-in link does not belong to an account here. Open the tax portal again from your provider."));v(z),z.append(e("section",{class:"panel state",id:"state-error"},e("h1",{},"The tax portal could not open"),e("p",{},K(r)),e("button",{type:"button",onclick:()=>Bn(n)},"Try again")));return}Fn(t.partner),nt(a.currency),n.email=n.email||t.email||void 0;let s=new $e(n,a,t.partner);s.labels().then(r=>{s.labelCache=r}).catch(()=>{}),s.accounts().then(r=>{s.accountCache=r}).catch(()=>{}),s.onChange(()=>{s.accounts().then(r=>{s.accountCache=r}).catch(()=>{})});let i=new Se(s);Ea(s,i),i.refresh(),window.parent!==window&&window.parent.postMessage({type:"taxd:portal:ready"},"*")}var ne,Rn=!0;function Ea(n,t){let a=va.map(([g,u])=>e("li",{},e("a",{href:`#/${g}`,"data-route":g,id:`nav-${g||"overview"}`},u,g==="review"?e("span",{class:"count",id:"review-count",hidden:!0}):""))),s=e("nav",{class:"tabs",id:"app-nav","aria-label":"Tax portal"},e("ul",{},...a));document.getElementById("app-nav")?.remove(),je.after(s);let i=e("div",{class:"bar"},t.el),r=e("div",{id:"view"});v(z),z.append(i,r);let l={app:n,recalc:t,reviewCount:g=>Nn(g)},d=()=>{if(ve)return;typeof ne=="function"&&ne();let[g,u]=location.hash.replace(/^#\/?/,"").split("?"),o=g.split("/").filter(Boolean).map(decodeURIComponent),y=new URLSearchParams(u||""),c=o[0]||"";for(let m of s.querySelectorAll("a"))m.dataset.route===c?m.setAttribute("aria-current","page"):m.removeAttribute("aria-current");switch(v(r),window.scrollTo(0,0),c){case"transactions":ne=o[1]?Tn(l,r,o[1]):bn(l,r,y);break;case"review":ne=An(l,r,y);break;case"portfolio":ne=wn(l,r);break;case"tax":ne=En(l,r,y);break;default:ne=In(l,r)}if(!Rn){let m=r.querySelector("h1");m&&(m.setAttribute("tabindex","-1"),m.focus())}Rn=!1};window.addEventListener("hashchange",d),d(),Ln(n),n.onChange(()=>Ln(n))}async function Ln(n){try{let t=await n.q(se);Nn(t.getClientInsights.reduce((a,s)=>a+s.transactionCount,0))}catch{}}function Nn(n){let t=document.getElementById("review-count");t&&(t.hidden=n===0,t.textContent=String(n),t.setAttribute("aria-label",`${n} to review`))}async function Ra(){Qe.brand&&Fn(Qe.brand);let n=new URLSearchParams(location.search);if(n.get("report")&&n.get("signature"))return pn(z,n,Qe.download);Xe(ze);let t=null;if(n.get("token")&&n.get("code"))t={code:n.get("code"),token:n.get("token"),email:n.get("email")||void 0,clientId:""};else if(n.get("link")){Ye(null);try{let s=await tt(n.get("link"));t={code:s.referenceId,token:s.accessToken,partnerId:s.partnerId,clientId:""}}catch(s){return Ee("state-link-invalid","This link does not work",e("p",{},K(s)))}}else t=Aa();if(!t)return Ye(null),wa();let a=xa(t.token);return t.partnerId=t.partnerId||a.pid,t.clientId=a.sub||"",Pa(t),Ye(t),a.exp&&a.exp*1e3<=Date.now()?ze():(a.exp&&setTimeout(ze,Math.min(a.exp*1e3-Date.now(),2**31-1)),Bn(t))}Ra();})();
