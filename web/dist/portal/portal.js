"use strict";(()=>{var Je=document.querySelector('meta[name="taxd-api"]')?.content||"/api",Mn=document.querySelector('meta[name="taxd-graphql"]')?.content||"/graphql",z=class extends Error{},O=class extends Error{constructor(a,s,i=""){super(s);this.status=a;this.code=i}},Ke=()=>{};function We(n){Ke=n}function ve(){throw Ke(),new z("session expired")}async function J(n,t,a,s){let i;try{i=await fetch(`${Je}/users/${encodeURIComponent(n.code)}${a}`,{method:t,headers:{Authorization:`Bearer ${n.token}`,...s===void 0?{}:{"Content-Type":"application/json"}},body:s===void 0?void 0:JSON.stringify(s)})}catch{throw ce()}if(i.status===401&&ve(),!i.ok)throw new O(i.status,await Xe(i));return(await i.json()).data}async function Xe(n){try{let t=await n.json();if(t&&typeof t.message=="string")return we(t.message)}catch{}return Ee(n.status)}function Ee(n){return n===404?"We could not find this. It may have been removed.":n===429?"Too many requests in a short time. Wait a minute, then try again.":n===503?"The service is busy or under maintenance. Try again in a minute.":"Something went wrong on our side. Try again in a moment."}function ce(){return new O(0,"The portal could not reach the server. Check your internet connection and try again.","OFFLINE")}async function de(n,t,a){let s=t.toString(),i;try{i=await fetch(Mn,{method:"POST",headers:{Authorization:`Bearer ${n.token}`,"Content-Type":"application/json"},body:JSON.stringify({query:s,variables:a??{}})})}catch{throw ce()}i.status===401&&ve();let r;try{r=await i.json()}catch{throw new O(i.status,Ee(i.status))}let l=r.errors?.[0];if(l){let d=l.extensions?.code||"";throw d==="UNAUTHENTICATED"&&ve(),new O(i.status,Nn(d,l.message),d)}return r.data}function Nn(n,t){switch(n){case"BAD_USER_INPUT":return we(t);case"NOT_FOUND":return"We could not find this. It may have been merged, deleted or changed meanwhile; reload the page.";case"CONFLICT":return`This could not be done: ${Vn(we(t))}`;case"TAXES_LOCKED":return"This falls in a tax period that is locked because it was filed. Ask your provider to unlock it first.";case"FORBIDDEN":return"Your sign-in does not allow this.";case"RATE_LIMITED":return"Too many requests in a short time. Wait a minute, then try again.";case"TIMEOUT":return"This took too long to answer. Try again, or narrow the filters.";default:return"Something went wrong on our side. Try again in a moment."}}function Vn(n){return n.charAt(0).toLowerCase()+n.slice(1)}function we(n){let t=n.replace(/^[\w.[\]]+: /,"");return/regular expression|doesn't match|format "/.test(t)?"That value is not in the expected format.":(t=t.replace(/\s+/g," ").trim(),t?t.charAt(0).toUpperCase()+t.slice(1)+(/[.!?]$/.test(t)?"":"."):"That value is not valid.")}function K(n){return n instanceof O?n.message:"Something went wrong in the portal. Reload the page and try again."}async function Ze(n,t,a,s){let i;try{i=await fetch(`${Je}/users/${encodeURIComponent(n)}/reports/${encodeURIComponent(t)}/download`,{method:"POST",headers:{"Content-Type":"application/json"},body:JSON.stringify({expires:a,signature:s})})}catch{throw ce()}if(i.status===401)return"expired";if(i.status===404)return"gone";if(!i.ok)throw new O(i.status,Ee(i.status));return Un(await i.blob(),kn(i,"report")),"ok"}function kn(n,t){let a=n.headers.get("Content-Disposition")||"",s=/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(a);return s?decodeURIComponent(s[1]):t}function Un(n,t){let a=URL.createObjectURL(n),s=document.createElement("a");s.href=a,s.download=t,s.hidden=!0,document.body.append(s),s.click(),s.remove(),setTimeout(()=>URL.revokeObjectURL(a),6e4)}async function et(n){let t;try{t=await fetch("/portal/link-session",{method:"POST",headers:{"Content-Type":"application/json"},body:JSON.stringify({link:n})})}catch{throw ce()}if(t.status===404)throw new O(404,"This link is not valid any more. Ask your provider for a new one.");if(!t.ok)throw new O(t.status,await Xe(t));return t.json()}function e(n,t={},...a){let i=On.has(n)?document.createElementNS("http://www.w3.org/2000/svg",n):document.createElement(n);for(let[r,l]of Object.entries(t))l==null||l===!1||(r.startsWith("on")&&typeof l=="function"?i.addEventListener(r.slice(2),l):l===!0?i.setAttribute(r,""):i.setAttribute(r,String(l)));for(let r of a.flat())r==null||r===!1||r===""||i.append(typeof r=="number"?String(r):r);return i}var On=new Set(["svg","g","rect","line","text","title","desc","path","polyline","circle"]);function w(n){n.replaceChildren()}function _(n){let t=ue(n);return t?t.toLocaleString("en-US",{dateStyle:"medium",timeStyle:"short"}):"\u2014"}function N(n){let t=ue(n);return t?t.toLocaleDateString("en-US",{dateStyle:"medium"}):"\u2014"}function ue(n){if(!n)return null;let t=new Date(n);return isNaN(t.getTime())||t.getUTCFullYear()<1971?null:t}var Re="USD";function tt(n){Re=n||"USD"}function $(n){return n==null?"\u2014":(n/100).toLocaleString("en-US",{style:"currency",currency:Re})}function E(n){return n==null?"\u2014":n>0?`+${$(n)}`:n<0?`\u2212${$(-n)}`:$(0)}function Le(n){return(n/100).toLocaleString("en-US",{style:"currency",currency:Re,notation:"compact",maximumFractionDigits:1})}function F(n){if(!n)return"\u2014";let t=Number(n);return isFinite(t)?t.toLocaleString("en-US",{maximumFractionDigits:Math.abs(t)>=1e3?2:8}):n}function Fe(n){return n==null||!isFinite(n)?"\u2014":`${n>0?"+":n<0?"\u2212":""}${Math.abs(n).toLocaleString("en-US",{maximumFractionDigits:1})}%`}function W(n){return n.length>16?`${n.slice(0,6)}\u2026${n.slice(-4)}`:n}function ne(n){let t=document.getElementById("announcer");t||(t=e("div",{id:"announcer",class:"sr-only",role:"status","aria-live":"polite"}),document.body.append(t)),t.textContent="",setTimeout(()=>{t.textContent=n},50)}function j(n){return new Promise(t=>setTimeout(t,n))}function M(n){return e("p",{class:"loading",role:"status"},e("span",{class:"spinner","aria-hidden":"true"}),`Loading ${n}\u2026`)}function H(n,t,...a){return e("div",{class:"empty",id:t},e("p",{},n),...a)}function B(n,t,a,s=""){return a.id=n,e("div",{class:`field ${s}`},e("label",{for:n},t),a)}function k(n,t,a){let s=e("select",{name:n},...t.map(([i,r])=>e("option",{value:i},r)));return a!==void 0&&(s.value=a),s}function q(n,t,a="",s={}){return e("button",{type:"button",class:a,onclick:t,...s},n)}async function G(n,t,a){let s=n.textContent;n.disabled=!0,n.textContent=t,n.setAttribute("aria-busy","true");try{return await a()}finally{n.disabled=!1,n.textContent=s,n.removeAttribute("aria-busy")}}var A=class extends String{constructor(t,a){super(t),this.value=t,this.__meta__=a}toString(){return this.value}},nt=new A(`
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
    `,{fragmentName:"PortalTxRow"}),at=new A(`
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
    `,{fragmentName:"PortalTxDetail"}),st=new A(`
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
      }
    }
  }
}
    `),rt=new A(`
    query PortalTaxYears($clientId: ID!) {
  getTaxYears(clientId: $clientId)
}
    `),it=new A(`
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
  }
}
    `),ot=new A(`
    query PortalDirty($clientId: ID!) {
  countDirty(clientId: $clientId)
}
    `),lt=new A(`
    query PortalActiveJob($clientId: ID!) {
  getActiveRecalculateJob(clientId: $clientId) {
    id
    status
    progress
    attempt
  }
}
    `),ct=new A(`
    query PortalLastRun {
  getMyActiveClient {
    id
    lastRecalculatedAt
  }
}
    `),dt=new A(`
    mutation PortalRecalculate($clientId: ID!) {
  rerunGraph(clientId: $clientId)
}
    `),ut=new A(`
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
    `),pt=new A(`
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
    `),mt=new A(`
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
    `),gt=new A(`
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
    `),yt=new A(`
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
}`),ht=new A(`
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
    `),ft=new A(`
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
    `),bt=new A(`
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
    `),Ct=new A(`
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
    `),Tt=new A(`
    mutation PortalHide($clientId: ID!, $id: ID!, $hidden: Boolean!) {
  hideTransaction(clientId: $clientId, transactionId: $id, isHidden: $hidden) {
    id
    isHidden
  }
}
    `),Pt=new A(`
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
    `),St=new A(`
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
    `),xt=new A(`
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
    `),At=new A(`
    mutation PortalPair($clientId: ID!, $from: ID!, $to: ID!) {
  markInternalTransfer(
    clientId: $clientId
    fromTransactionId: $from
    toTransactionId: $to
  )
}
    `),Dt=new A(`
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
    `),wt=new A(`
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
    `),Et=new A(`
    mutation PortalMarkSpam($assetId: ID!, $spam: Boolean) {
  updateAsset(assetId: $assetId, isSpam: $spam) {
    id
    isSpam
  }
}
    `),Rt=new A(`
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
    `),Lt=new A(`
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
    `),Ft=new A(`
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
    `),Bt=new A(`
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
    `),qt=new A(`
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
    `),Mt=new A(`
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
    `),Nt=new A(`
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
    `),Vt=new A(`
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
    `),kt=new A(`
    query PortalDownloadUrl($id: ID!) {
  getReportDownloadUrl(reportId: $id) {
    url
    fileName
  }
}
    `);var Gn={"\nfragment PortalTxRow on Transaction {\n  id createdAt label accountId provider isHidden isMissingBasis hasNegativeBalance isInternalTransfer isDirty isSpam\n  fiatValueCents capGainsSumSigned incomeSum\n  transfers { id direction isFee amountExact assetId asset { id symbol } fiatValueCents }\n}":nt,"\nfragment PortalTxDetail on Transaction {\n  id createdAt txnHash accountId provider explorerUrl label labelSource notes isHidden isReviewed isDirty isMissingBasis\n  hasNegativeBalance isInternalTransfer isEdited isSpam isOffChain linkType linkId linkedTransactionId\n  fiatValueCents feeFiatValueCents capGainsSumSigned incomeSum\n  transfers {\n    id ordering assetId asset { id symbol name pricingKey } amountExact fromAccountId toAccountId fromAddress toAddress\n    direction isFee isHidden fiatValueCents basisFiatValueCents isFiatValueOverridden capGainsSumSigned incomeSum\n    saleTerm uncoveredAmountExact\n  }\n}":at,"\nquery PortalClient {\n  getMyActiveClient {\n    id name currency timezone fiscalYearStart costBasisAlgorithm lockTaxesUntil\n    jurisdictionRules {\n      jurisdiction name taxYearStart taxYearLabelFormat hasHoldingTerms hasForm8949 hasForm1099DA reportTypes text matchingText\n      words { proceeds cost gains losses netGain taxableGain deniedLosses holding }\n    }\n  }\n}":st,"\nquery PortalTaxYears($clientId: ID!) { getTaxYears(clientId: $clientId) }":rt,"\nquery PortalYear($clientId: ID!, $year: String!) {\n  getIncomeAndCapGains(clientId: $clientId, year: $year) {\n    year startDate endDate proceedsCents costBasisCents shortTermCapGainsCents longTermCapGainsCents capGainsCents\n    futuresCents incomeCents incomeByLabel { label name incomeCents transactionCount } disposalCount transactionCount\n    isStale computedAt jurisdiction taxYearLabel gainsCents lossesCents deniedLossesCents taxableCapitalGainsCents\n  }\n}":it,"\nquery PortalDirty($clientId: ID!) { countDirty(clientId: $clientId) }":ot,"\nquery PortalActiveJob($clientId: ID!) {\n  getActiveRecalculateJob(clientId: $clientId) { id status progress attempt }\n}":lt,"\nquery PortalLastRun { getMyActiveClient { id lastRecalculatedAt } }":ct,"\nmutation PortalRecalculate($clientId: ID!) { rerunGraph(clientId: $clientId) }":dt,"\nquery PortalInsights($clientId: ID!) {\n  getClientInsights(clientId: $clientId, status: OPEN, limit: 100) {\n    id patternId type severity title description transactionCount assetId\n  }\n}":ut,"\nquery PortalAccounts($clientId: String!) {\n  getClientAccounts(clientId: $clientId) {\n    id name type provider address status transactionCount lastSyncedAt lastSyncError\n  }\n}":pt,"\nquery PortalAssets($clientId: ID!) {\n  getClientAssets(clientId: $clientId, hideSpamAssets: true) { assets { id symbol name pricingKey } }\n}":mt,"\nquery PortalLabels($clientId: ID) {\n  getLabels(clientId: $clientId) { value name description category isIncome isDisposal isNonTaxable }\n}":gt,"\nquery PortalTransactions($clientId: ID!, $page: Int, $limit: Int, $search: String, $startDate: Date, $endDate: Date,\n    $assetIds: [String!], $accountIds: [ID!], $labels: [String!], $labelFilterMode: String, $insightPatternId: ID,\n    $includeHidden: Boolean, $onlyTransactionIds: [String!]) {\n  getClientTransactions(clientId: $clientId, page: $page, limit: $limit, skipTotal: true, search: $search,\n      startDate: $startDate, endDate: $endDate, assetIds: $assetIds, accountIds: $accountIds, labels: $labels,\n      labelFilterMode: $labelFilterMode, insightPatternId: $insightPatternId, includeHidden: $includeHidden,\n      onlyTransactionIds: $onlyTransactionIds) {\n    transactions { ...PortalTxRow }\n    page limit hasNextPage\n  }\n}":yt,"\nquery PortalTransaction($clientId: ID!, $id: ID!) {\n  getTransaction(clientId: $clientId, transactionId: $id, includeAllTransfers: true) { ...PortalTxDetail }\n}":It,"\nquery PortalTransactionLots($clientId: ID!, $key: String!, $id: ID) {\n  getTaxLots(clientId: $clientId, assetPricingKey: $key, transactionId: $id) {\n    costBasisAlgorithm\n    disposals {\n      transferId amountExact proceedsCents costBasisCents gainCents term box lotAcquiredAt lotTransactionId\n      isUncovered isMissingBasis match deniedLossExact\n    }\n    lots { id acquiredAt amountExact originalAmountExact costBasisCents term isMissingBasis }\n  }\n}":ht,"\nquery PortalLabelOptions($clientId: ID!, $id: ID!) {\n  getTransactionTypeOptions(clientId: $clientId, transactionId: $id) {\n    options { value name description } recommended { value } currentLabel\n  }\n}":ft,"\nquery PortalAudit($clientId: ID!, $ids: [ID!]) {\n  getClientAuditLogs(clientId: $clientId, transactionIds: $ids, limit: 25, page: 0) {\n    auditLogs { id createdAt actorType action entityType field oldValue newValue undoneAt canUndo source }\n    total\n  }\n}":bt,"\nquery PortalPairs($clientId: ID!, $id: ID, $limit: Int) {\n  getTransferPairSuggestions(clientId: $clientId, transactionId: $id, limit: $limit) {\n    fromTransactionId toTransactionId fromAccountId toAccountId sentAmountExact receivedAmountExact feeAmountExact\n    sentAt receivedAt asset { symbol }\n  }\n}":$t,'\nmutation PortalLabel($clientId: ID!, $ids: [ID!]!, $label: String, $wipe: Boolean) {\n  labelTransactions(clientId: $clientId, transactionIds: $ids, label: $label, wipeLabel: $wipe, source: "portal") { id label }\n}':Ct,"\nmutation PortalHide($clientId: ID!, $id: ID!, $hidden: Boolean!) {\n  hideTransaction(clientId: $clientId, transactionId: $id, isHidden: $hidden) { id isHidden }\n}":Tt,'\nmutation PortalReviewed($clientId: ID!, $id: ID!, $reviewed: Boolean!) {\n  updateTransaction(clientId: $clientId, transactionId: $id, createDefaultRule: false, source: "portal",\n      updates: { isReviewed: $reviewed }) { transaction { id isReviewed } }\n}':Pt,"\nmutation PortalSetPrice($clientId: ID!, $ids: [ID!]!, $assetId: ID, $price: Float) {\n  saveReceivePriceForTransactions(clientId: $clientId, transactionIds: $ids, assetId: $assetId, fiatValue: $price) { id }\n}":St,'\nmutation PortalSetValue($clientId: ID!, $tx: ID!, $transfer: ID!, $value: Float, $basis: Float, $reset: Boolean) {\n  updateTransfer(clientId: $clientId, transactionId: $tx, transferId: $transfer, fiatValue: $value, basisFiatValue: $basis,\n      resetFiatValue: $reset, source: "portal") { id }\n}':xt,"\nmutation PortalPair($clientId: ID!, $from: ID!, $to: ID!) {\n  markInternalTransfer(clientId: $clientId, fromTransactionId: $from, toTransactionId: $to)\n}":At,"\nmutation PortalUnpair($clientId: ID!, $from: ID!, $to: ID!) {\n  unmarkInternalTransfer(clientId: $clientId, fromTransactionId: $from, toTransactionId: $to)\n}":Dt,'\nmutation PortalUndo($clientId: ID!, $ids: [ID!]!) {\n  undoAuditLogs(clientId: $clientId, auditLogIds: $ids, source: "portal") { id }\n}':vt,"\nmutation PortalAcceptBasis($clientId: ID!, $ids: [ID!]!, $override: Boolean!) {\n  updateMultiTransactionsCostBasis(clientId: $clientId, transactionIds: $ids, isMissingBasis: false, overrideIsMissingBasis: $override) { id }\n}":wt,"\nmutation PortalMarkSpam($assetId: ID!, $spam: Boolean) {\n  updateAsset(assetId: $assetId, isSpam: $spam) { id isSpam }\n}":Et,"\nquery PortalPortfolio($clientId: ID!) {\n  getPortfolioV2(clientId: $clientId, limit: 100, sort: VALUE) {\n    positions {\n      assetId asset { symbol name } amountExact price valueCents costBasisCents unrealizedGainCents\n      unrealizedGainPercent portfolioPercent\n    }\n    total totalValueCents totalCostBasisCents totalUnrealizedGainCents isStale computedAt\n  }\n}":Rt,"\nquery PortalChart($clientId: ID!, $interval: HistoricalBalanceIntervalEnum!) {\n  getChart(clientId: $clientId, interval: $interval) {\n    points { date valueCents costBasisCents } startValueCents endValueCents changeCents changePercent isStale\n  }\n}":Lt,"\nquery PortalHarvest($clientId: ID!, $date: Date!) {\n  getHarvestableLosses(clientId: $clientId, date: $date) {\n    totalUnrealizedLossCents shortTermUnrealizedLossCents longTermUnrealizedLossCents\n    assets {\n      assetId asset { symbol name } amountExact price marketValueCents costBasisCents unrealizedGainCents\n      shortTermUnrealizedGainCents longTermUnrealizedGainCents hasRecentAcquisition\n    }\n    unpricedAssetIds isStale\n  }\n}":Ft,"\nquery PortalForm8949($clientId: ID!, $year: Int!, $box: Form8949BoxEnum, $page: Int) {\n  getForm8949PreviewForYear(clientId: $clientId, year: $year, box: $box, page: $page, limit: 25) {\n    boxes { box term rowCount proceedsCents costBasisCents adjustmentCents gainOrLossCents }\n    rows { transactionId description dateAcquired dateSold proceedsCents costBasisCents gainOrLossCents box }\n    total page limit isStale\n  }\n}":Bt,'\nquery PortalTaxForms($clientId: ID!, $year: Int!) {\n  getTaxFormStatuses(clientId: $clientId, year: $year, formType: "FORM_1099_DA") {\n    taxForms { id brokerName status statusMessage rowCount uploadedAt }\n  }\n}':qt,"\nquery PortalReconciliation($clientId: ID!, $formId: ID!) {\n  getTaxFormReconciliation(clientId: $clientId, taxFormId: $formId) {\n    brokerProceedsCents computedProceedsCents proceedsDifferenceCents brokerCostBasisCents computedCostBasisCents\n    matchedCount mismatchedCount missingInLedgerCount missingOnFormCount\n    rows {\n      id status transactionId assetSymbol amountExact dateSold brokerProceedsCents computedProceedsCents\n      proceedsDifferenceCents brokerCostBasisCents computedCostBasisCents\n    }\n  }\n}":Mt,"\nquery PortalReports($clientId: ID!) {\n  getReports(clientId: $clientId) { id type status year fileName isStale error createdAt completedAt }\n}":Nt,"\nquery PortalRequestReport($clientId: ID!, $type: ReportExportTypeEnum!, $year: String!, $email: String) {\n  getReportExportV2(clientId: $clientId, type: $type, dateQueryType: TAX_YEAR, year: $year, email: $email) {\n    report { id status } isCached emailQueued\n  }\n}":Vt,"\nquery PortalDownloadUrl($id: ID!) { getReportDownloadUrl(reportId: $id) { url fileName } }":kt};function D(n){return Gn[n]??{}}var qa=D(`
fragment PortalTxRow on Transaction {
  id createdAt label accountId provider isHidden isMissingBasis hasNegativeBalance isInternalTransfer isDirty isSpam
  fiatValueCents capGainsSumSigned incomeSum
  transfers { id direction isFee amountExact assetId asset { id symbol } fiatValueCents }
}`),Ma=D(`
fragment PortalTxDetail on Transaction {
  id createdAt txnHash accountId provider explorerUrl label labelSource notes isHidden isReviewed isDirty isMissingBasis
  hasNegativeBalance isInternalTransfer isEdited isSpam isOffChain linkType linkId linkedTransactionId
  fiatValueCents feeFiatValueCents capGainsSumSigned incomeSum
  transfers {
    id ordering assetId asset { id symbol name pricingKey } amountExact fromAccountId toAccountId fromAddress toAddress
    direction isFee isHidden fiatValueCents basisFiatValueCents isFiatValueOverridden capGainsSumSigned incomeSum
    saleTerm uncoveredAmountExact
  }
}`),Ut=D(`
query PortalClient {
  getMyActiveClient {
    id name currency timezone fiscalYearStart costBasisAlgorithm lockTaxesUntil
    jurisdictionRules {
      jurisdiction name taxYearStart taxYearLabelFormat hasHoldingTerms hasForm8949 hasForm1099DA reportTypes text matchingText
      words { proceeds cost gains losses netGain taxableGain deniedLosses holding }
    }
  }
}`),Ot=D(`
query PortalTaxYears($clientId: ID!) { getTaxYears(clientId: $clientId) }`),re=D(`
query PortalYear($clientId: ID!, $year: String!) {
  getIncomeAndCapGains(clientId: $clientId, year: $year) {
    year startDate endDate proceedsCents costBasisCents shortTermCapGainsCents longTermCapGainsCents capGainsCents
    futuresCents incomeCents incomeByLabel { label name incomeCents transactionCount } disposalCount transactionCount
    isStale computedAt jurisdiction taxYearLabel gainsCents lossesCents deniedLossesCents taxableCapitalGainsCents
  }
}`),Ht=D(`
query PortalDirty($clientId: ID!) { countDirty(clientId: $clientId) }`),Be=D(`
query PortalActiveJob($clientId: ID!) {
  getActiveRecalculateJob(clientId: $clientId) { id status progress attempt }
}`),Gt=D(`
query PortalLastRun { getMyActiveClient { id lastRecalculatedAt } }`),_t=D(`
mutation PortalRecalculate($clientId: ID!) { rerunGraph(clientId: $clientId) }`),ae=D(`
query PortalInsights($clientId: ID!) {
  getClientInsights(clientId: $clientId, status: OPEN, limit: 100) {
    id patternId type severity title description transactionCount assetId
  }
}`),Qt=D(`
query PortalAccounts($clientId: String!) {
  getClientAccounts(clientId: $clientId) {
    id name type provider address status transactionCount lastSyncedAt lastSyncError
  }
}`),Yt=D(`
query PortalAssets($clientId: ID!) {
  getClientAssets(clientId: $clientId, hideSpamAssets: true) { assets { id symbol name pricingKey } }
}`),zt=D(`
query PortalLabels($clientId: ID) {
  getLabels(clientId: $clientId) { value name description category isIncome isDisposal isNonTaxable }
}`),pe=D(`
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
}`),me=D(`
query PortalTransaction($clientId: ID!, $id: ID!) {
  getTransaction(clientId: $clientId, transactionId: $id, includeAllTransfers: true) { ...PortalTxDetail }
}`),ge=D(`
query PortalTransactionLots($clientId: ID!, $key: String!, $id: ID) {
  getTaxLots(clientId: $clientId, assetPricingKey: $key, transactionId: $id) {
    costBasisAlgorithm
    disposals {
      transferId amountExact proceedsCents costBasisCents gainCents term box lotAcquiredAt lotTransactionId
      isUncovered isMissingBasis match deniedLossExact
    }
    lots { id acquiredAt amountExact originalAmountExact costBasisCents term isMissingBasis }
  }
}`),ye=D(`
query PortalLabelOptions($clientId: ID!, $id: ID!) {
  getTransactionTypeOptions(clientId: $clientId, transactionId: $id) {
    options { value name description } recommended { value } currentLabel
  }
}`),jt=D(`
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
}`),he=D(`
mutation PortalLabel($clientId: ID!, $ids: [ID!]!, $label: String, $wipe: Boolean) {
  labelTransactions(clientId: $clientId, transactionIds: $ids, label: $label, wipeLabel: $wipe, source: "portal") { id label }
}`),ie=D(`
mutation PortalHide($clientId: ID!, $id: ID!, $hidden: Boolean!) {
  hideTransaction(clientId: $clientId, transactionId: $id, isHidden: $hidden) { id isHidden }
}`),Jt=D(`
mutation PortalReviewed($clientId: ID!, $id: ID!, $reviewed: Boolean!) {
  updateTransaction(clientId: $clientId, transactionId: $id, createDefaultRule: false, source: "portal",
      updates: { isReviewed: $reviewed }) { transaction { id isReviewed } }
}`),Kt=D(`
mutation PortalSetPrice($clientId: ID!, $ids: [ID!]!, $assetId: ID, $price: Float) {
  saveReceivePriceForTransactions(clientId: $clientId, transactionIds: $ids, assetId: $assetId, fiatValue: $price) { id }
}`),qe=D(`
mutation PortalSetValue($clientId: ID!, $tx: ID!, $transfer: ID!, $value: Float, $basis: Float, $reset: Boolean) {
  updateTransfer(clientId: $clientId, transactionId: $tx, transferId: $transfer, fiatValue: $value, basisFiatValue: $basis,
      resetFiatValue: $reset, source: "portal") { id }
}`),Wt=D(`
mutation PortalPair($clientId: ID!, $from: ID!, $to: ID!) {
  markInternalTransfer(clientId: $clientId, fromTransactionId: $from, toTransactionId: $to)
}`),Xt=D(`
mutation PortalUnpair($clientId: ID!, $from: ID!, $to: ID!) {
  unmarkInternalTransfer(clientId: $clientId, fromTransactionId: $from, toTransactionId: $to)
}`),Zt=D(`
mutation PortalUndo($clientId: ID!, $ids: [ID!]!) {
  undoAuditLogs(clientId: $clientId, auditLogIds: $ids, source: "portal") { id }
}`),oe=D(`
mutation PortalAcceptBasis($clientId: ID!, $ids: [ID!]!, $override: Boolean!) {
  updateMultiTransactionsCostBasis(clientId: $clientId, transactionIds: $ids, isMissingBasis: false, overrideIsMissingBasis: $override) { id }
}`),en=D(`
mutation PortalMarkSpam($assetId: ID!, $spam: Boolean) {
  updateAsset(assetId: $assetId, isSpam: $spam) { id isSpam }
}`),fe=D(`
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
}`),Me=D(`
query PortalReports($clientId: ID!) {
  getReports(clientId: $clientId) { id type status year fileName isStale error createdAt completedAt }
}`),on=D(`
query PortalRequestReport($clientId: ID!, $type: ReportExportTypeEnum!, $year: String!, $email: String) {
  getReportExportV2(clientId: $clientId, type: $type, dateQueryType: TAX_YEAR, year: $year, email: $email) {
    report { id status } isCached emailQueued
  }
}`),ln=D(`
query PortalDownloadUrl($id: ID!) { getReportDownloadUrl(reportId: $id) { url fileName } }`);var be=class{constructor(t,a,s){this.s=t;this.client=a;this.brand=s;this.changed=[];this.labelCache=[];this.accountCache=[]}q(t,a){return de(this.s,t,{clientId:this.client.id,...a})}accounts(){return this.accountsP||(this.accountsP=this.q(Qt).then(t=>t.getClientAccounts.filter(a=>!!a))),this.accountsP.catch(()=>{this.accountsP=void 0}),this.accountsP}assets(){return this.assetsP||(this.assetsP=this.q(Yt).then(t=>t.getClientAssets.assets)),this.assetsP.catch(()=>{this.assetsP=void 0}),this.assetsP}labels(){return this.labelsP||(this.labelsP=this.q(zt).then(t=>t.getLabels)),this.labelsP.catch(()=>{this.labelsP=void 0}),this.labelsP}years(){return this.yearsP||(this.yearsP=this.q(Ot).then(t=>[...t.getTaxYears].reverse())),this.yearsP.catch(()=>{this.yearsP=void 0}),this.yearsP}async defaultYear(){let t=await this.years();return t.length?t[0]:new Date().getUTCFullYear()}labelName(t){if(!t)return"Unlabeled";let a=this.labelCache.find(s=>s.value===t);return a?a.name:t.replace(/_/g," ").replace(/^./,s=>s.toUpperCase())}accountName(t,a=this.accountCache){if(!t)return"Outside your accounts";let s=a.find(i=>i.id===t);return s?X(s):"A removed account"}onChange(t){return this.changed.push(t),()=>{this.changed=this.changed.filter(a=>a!==t)}}ledgerChanged(t){t==="accounts"&&(this.accountsP=void 0,this.assetsP=void 0,this.yearsP=void 0),t==="results"&&(this.yearsP=void 0);for(let a of[...this.changed])a(t)}};function X(n){let t=(n.name||"").trim();return t&&t!==n.address?t:n.address?`${$e(n.provider)} wallet ${n.address.length>16?`${n.address.slice(0,6)}\u2026${n.address.slice(-4)}`:n.address}`:$e(n.provider)}var _n={ethereum:"Ethereum",bitcoin:"Bitcoin",solana:"Solana",base:"Base",arbitrum:"Arbitrum",optimism:"Optimism",polygon:"Polygon",bsc:"BNB Smart Chain",coinbase:"Coinbase",kraken:"Kraken",generic:"File",file:"File"};function $e(n){return _n[n]||n.charAt(0).toUpperCase()+n.slice(1)}function S(n,t,...a){return n instanceof z?e("span"):e("div",{class:"notice error",role:"alert"},e("p",{},K(n)),...a,t?q("Try again",t,"secondary small"):"")}function U(n,t,...a){let s=e("div",{class:"section-body"},...a);return{el:e("section",{class:"panel",id:n,"aria-labelledby":`${n}-h`},e("h2",{id:`${n}-h`},t),s),body:s}}function Qn(n,t){let a=new Intl.DateTimeFormat("en-US",{timeZone:n,hourCycle:"h23",year:"numeric",month:"2-digit",day:"2-digit",hour:"2-digit",minute:"2-digit",second:"2-digit"}).formatToParts(t),s=i=>Number(a.find(r=>r.type===i)?.value||0);return Date.UTC(s("year"),s("month")-1,s("day"),s("hour"),s("minute"),s("second"))-Math.floor(t.getTime()/1e3)*1e3}function cn(n,t,a,s){let i=Date.UTC(n,t-1,a);for(let r=0;r<2;r++)try{i=Date.UTC(n,t-1,a)-Qn(s,new Date(i))}catch{return new Date(Date.UTC(n,t-1,a))}return new Date(i)}function dn(n,t){let[a,s]=(n.fiscalYearStart||"01-01").split("-").map(Number);return[cn(t,a||1,s||1,n.timezone).toISOString(),cn(t+1,a||1,s||1,n.timezone).toISOString()]}function Z(n,t){return n.jurisdictionRules.taxYearLabelFormat==="YYYY/YY"?`${t}/${String((t+1)%100).padStart(2,"0")}`:String(t)}var un=1e3,Ce=class{constructor(t){this.app=t;this.el=e("div",{id:"recalc-status",class:"status-bar","aria-live":"polite"});this.state="settled";this.following=!1;this.listeners=[];t.onChange(a=>{a!=="results"&&this.refresh()})}onState(t){return this.listeners.push(t),()=>{this.listeners=this.listeners.filter(a=>a!==t)}}async refresh(){if(!this.following)try{let[t,a,s,i]=await Promise.all([this.app.q(Ht),this.app.q(Be),this.app.q(Gt),this.app.accounts()]);if(a.getActiveRecalculateJob)return this.follow(a.getActiveRecalculateJob);let r=!s.getMyActiveClient.lastRecalculatedAt&&i.length>0;this.show(t.countDirty>0||r?"dirty":"settled",t.countDirty,void 0,r)}catch(t){this.el.replaceChildren(S(t,()=>this.refresh()))}}async start(){if(!this.following)try{let t=(await this.app.q(_t)).rerunGraph;await this.follow({id:t,status:"QUEUED",progress:0,attempt:1})}catch(t){this.el.replaceChildren(S(t,()=>this.start()))}}async follow(t){this.following=!0;let a=t;try{for(;a;){this.show("recalculating",0,a),await j(un);try{a=(await this.app.q(Be)).getActiveRecalculateJob}catch(s){if(s instanceof z)return;await j(un*3)}}}finally{this.following=!1}ne("Recalculation finished: your figures are up to date."),this.app.ledgerChanged("results"),await this.refresh()}show(t,a,s,i=!1){if(this.state=t,this.el.dataset.state=t,t==="recalculating"&&s){let r=s.status==="QUEUED";this.el.replaceChildren(e("div",{class:"status recalculating",id:"recalc-running"},e("span",{class:"spinner","aria-hidden":"true"}),e("span",{},r?"Recalculation queued\u2026":`Recalculating your taxes\u2026 ${s.progress}%`),e("progress",{max:100,value:s.progress,"aria-label":"Recalculation progress"})))}else t==="dirty"?this.el.replaceChildren(e("div",{class:"status dirty",id:"recalc-dirty"},e("span",{},i?"Your taxes have not been calculated yet.":a===1?"1 change is not in your figures yet.":`${a.toLocaleString("en-US")} changes are not in your figures yet.`),q(i?"Calculate":"Recalculate",()=>this.start(),"small",{id:"recalculate"}))):this.el.replaceChildren(e("div",{class:"status settled",id:"recalc-settled"},e("span",{class:"check","aria-hidden":"true"},"\u2713"),e("span",{},"Your figures are up to date.")));for(let r of this.listeners)r(t)}};var Yn={"tax-forms":"tax forms","form-8949-csv":"Form 8949","form-8949-pdf":"Form 8949","schedule-d-csv":"Schedule D","schedule-d-pdf":"Schedule D","schedule-1-pdf":"Schedule 1","capital-gains-csv":"capital gains report","income-csv":"income report","transaction-history-csv":"transaction history","turbotax-csv":"TurboTax file","taxact-csv":"TaxAct file","holdings-csv":"year-end holdings"};function pn(n,t,a){let s=t.get("code")||"",i=t.get("report")||"",r=Number(t.get("expires")),l=t.get("signature")||"",d=()=>history.replaceState(null,"",location.pathname);document.readyState==="complete"?d():window.addEventListener("load",d,{once:!0});let g=(c,...m)=>{w(n),n.append(e("section",{class:"panel state",id:"state-download","data-state":a?.state||"unchecked","aria-labelledby":"dl-h"},e("h1",{id:"dl-h"},c),...m))},u="Request the report again in the tax portal of your provider: it e-mails you a new link.";switch(a?.state){case"expired":return g("This download link has expired",e("p",{id:"download-expired"},`For your security, download links work for a limited time. ${u}`));case"invalid":return g("This download link does not work",e("p",{id:"download-invalid"},`The link is incomplete or was changed. Open the whole link from the e-mail, or: ${u.charAt(0).toLowerCase()}${u.slice(1)}`));case"gone":return g("This report is no longer available",e("p",{id:"download-gone"},u))}let o=e("div",{id:"download-message",role:"status","aria-live":"polite"}),y=e("button",{type:"button",id:"download-report",onclick:async()=>{y.disabled=!0,o.replaceChildren(e("p",{},"Preparing your download\u2026"));try{let c=await Ze(s,i,r,l);o.replaceChildren(c==="ok"?e("p",{class:"notice ok",id:"download-started"},"Your download has started."):c==="expired"?e("p",{class:"notice error",role:"alert",id:"download-expired"},`This link has expired. ${u}`):e("p",{class:"notice error",role:"alert",id:"download-gone"},`This report is no longer available. ${u}`))}catch(c){o.replaceChildren(e("p",{class:"notice error",role:"alert"},c instanceof O?c.message:K(c)))}finally{y.disabled=!1}}},"Download");if(a?.state==="ready"){let c=Yn[a.reportType||""]||"tax report",m=`${a.year?`${a.year} `:""}${c}`;return g(`Your ${m} ${c==="tax forms"?"are":"is"} ready`,e("p",{},a.fileName?`The file ${a.fileName} is ready to download.`:"The file is ready to download.",a.expiresAt?` This link works until ${_(a.expiresAt)}.`:""),y,o)}return g("Download your tax report",e("p",{},r?`This link works until ${_(new Date(r*1e3).toISOString())}.`:""),y,o)}var V=240,Te=16,le=52;function mn(n){return Math.max(280,Math.min(720,Math.floor(n.clientWidth||640)))}function gn(n,t){let a=t.flatMap(C=>[C.capitalGainsCents,C.incomeCents]),s=Math.max(0,...a),i=Math.min(0,...a);if(s===0&&i===0)return e("p",{class:"empty",id:"chart-empty"},"No gains or income yet: the chart fills in once your taxes are calculated.");let r=mn(n),l=60,d=8,g=s-i||1,u=V-Te-le,o=r-l-d,y=C=>Te+(s-C)/g*u,c=o/t.length,m=Math.min(28,c/3),h=[s,(s+i)/2,i].filter((C,p,R)=>R.indexOf(C)===p),T=t.map(C=>`${C.year}: gains ${$(C.capitalGainsCents)}, income ${$(C.incomeCents)}`).join("; ");return e("svg",{viewBox:`0 0 ${r} ${V}`,width:r,height:V,role:"img","aria-labelledby":"chart-title chart-desc",class:"chart-svg"},e("title",{id:"chart-title"},"Capital gains and income by tax year"),e("desc",{id:"chart-desc"},T),...h.map(C=>e("g",{},e("line",{x1:l,x2:r-d,y1:y(C),y2:y(C),class:"grid"}),e("text",{x:l-6,y:y(C)+4,"text-anchor":"end",class:"axis"},Le(Math.round(C))))),e("line",{x1:l,x2:r-d,y1:y(0),y2:y(0),class:"zero"}),...t.map((C,p)=>{let R=l+c*p+c/2,b=(x,I,f,P)=>e("rect",{x:I,width:m,y:Math.min(y(x),y(0)),height:Math.max(1,Math.abs(y(x)-y(0))),class:f,"data-year":C.year,"data-cents":x},e("title",{},`${C.year} ${P}: ${$(x)}`));return e("g",{},b(C.capitalGainsCents,R-m-1,"bar gains","capital gains"),b(C.incomeCents,R+1,"bar income","income"),e("text",{x:R,y:V-le+18,"text-anchor":"middle",class:"axis"},String(C.year)))}),e("g",{class:"legend"},e("rect",{x:l,y:V-14,width:12,height:12,class:"bar gains"}),e("text",{x:l+16,y:V-4,class:"axis"},"Capital gains"),e("rect",{x:l+120,y:V-14,width:12,height:12,class:"bar income"}),e("text",{x:l+136,y:V-4,class:"axis"},"Income")))}function yn(n,t,a){if(t.length<2||t.every(I=>I.valueCents===0&&I.costBasisCents===0))return e("p",{class:"empty",id:"value-chart-empty"},"Nothing to chart for this range yet.");let s=mn(n),i=64,r=8,l=t.flatMap(I=>[I.valueCents,I.costBasisCents]),d=Math.max(...l,0),g=Math.min(...l,0),u=d-g||1,o=V-Te-le,y=s-i-r,c=I=>i+y*I/(t.length-1),m=I=>Te+(d-I)/u*o,h=I=>t.map((f,P)=>`${c(P).toFixed(1)},${m(I(f)).toFixed(1)}`).join(" "),T=`M${c(0).toFixed(1)},${m(0).toFixed(1)} L${h(I=>I.valueCents).replace(/ /g," L")} L${c(t.length-1).toFixed(1)},${m(0).toFixed(1)} Z`,C=[d,(d+g)/2,g].filter((I,f,P)=>P.indexOf(I)===f),p=new Date(t[0].date),R=new Date(t[t.length-1].date),b=I=>I.toLocaleDateString("en-US",{month:"short",year:"numeric"}),x=t[t.length-1];return e("svg",{viewBox:`0 0 ${s} ${V}`,width:s,height:V,role:"img","aria-labelledby":"value-title value-desc",class:"chart-svg"},e("title",{id:"value-title"},a),e("desc",{id:"value-desc"},`From ${b(p)} to ${b(R)}: value now ${$(x.valueCents)}, cost basis ${$(x.costBasisCents)}.`),...C.map(I=>e("g",{},e("line",{x1:i,x2:s-r,y1:m(I),y2:m(I),class:"grid"}),e("text",{x:i-6,y:m(I)+4,"text-anchor":"end",class:"axis"},Le(Math.round(I))))),e("path",{d:T,class:"area"}),e("polyline",{points:h(I=>I.valueCents),class:"value-line"}),e("polyline",{points:h(I=>I.costBasisCents),class:"basis-line"}),e("text",{x:i,y:V-le+18,class:"axis"},b(p)),e("text",{x:s-r,y:V-le+18,"text-anchor":"end",class:"axis"},b(R)),e("g",{class:"legend"},e("rect",{x:i,y:V-14,width:12,height:12,class:"swatch-value"}),e("text",{x:i+16,y:V-4,class:"axis"},"Value"),e("line",{x1:i+80,x2:i+100,y1:V-8,y2:V-8,class:"basis-line"}),e("text",{x:i+106,y:V-4,class:"axis"},"Cost basis")))}var Ne=10,In=1e3,zn=[["ethereum","Ethereum"],["bitcoin","Bitcoin"],["solana","Solana"],["base","Base"],["arbitrum","Arbitrum"],["optimism","Optimism"],["polygon","Polygon"],["bsc","BNB Smart Chain"]],jn={ACTIVE:"Up to date",SYNCING:"Syncing",ERROR:"Sync failed",NEEDS_REAUTHENTICATION:"Needs new credentials",RETIRED:"Retired",DELETING:"Being removed"},Jn={WALLET:"Wallet",EXCHANGE:"Exchange",BANK:"Bank",FILE:"File import",MANUAL:"Manual",VIRTUAL:"Position"},Pe=class{constructor(t,a){this.app=t;this.accounts=[];this.syncing=!1;this.list=e("div",{id:"wallet-list"},M("your accounts"));this.count=e("p",{id:"wallet-count",class:"muted"});this.msg=e("div",{id:"wallet-message",role:"status","aria-live":"polite"});this.progress=e("div",{id:"sync-progress","aria-live":"polite"});this.syncButton=e("button",{type:"button",id:"sync-wallets",onclick:()=>this.startSync()},"Sync wallets");this.alive=!0;let s=e("input",{name:"address",required:!0,autocomplete:"off",spellcheck:!1,placeholder:"0x\u2026 , bc1\u2026 or a Solana address"}),i=e("input",{name:"name",maxlength:100,autocomplete:"off",placeholder:"e.g. Cold storage"});this.form=e("form",{id:"add-wallet",class:"inline-form",onsubmit:r=>{r.preventDefault(),this.add()}},B("wallet-address","Wallet address",s,"grow"),B("wallet-chain","Chain",k("chain",zn)),B("wallet-name","Name (optional)",i),e("button",{type:"submit",id:"add-wallet-button"},"Add wallet")),a.append(this.count,this.list,e("details",{class:"add-wallet"},e("summary",{},"Add a wallet"),this.form,this.msg),e("div",{class:"actions"},this.syncButton),this.progress)}stop(){this.alive=!1}async load(){try{this.accounts=await this.app.accounts(),this.render();let a=(await J(this.app.s,"GET","/account_syncs")).syncs.find(s=>s.status==="queued"||s.status==="running");a&&this.follow(a)}catch(t){w(this.list),this.list.append(S(t,()=>this.load()))}}render(){w(this.list);let t=this.accounts.length,a=this.accounts.filter(i=>i.type==="WALLET").length;this.count.textContent=`${t===1?"1 account":`${t} accounts`} \xB7 ${a} of ${Ne} wallets`;let s=a>=Ne;if(this.form.querySelectorAll("input,select,button").forEach(i=>i.disabled=s),s&&this.msg.replaceChildren(e("p",{class:"notice"},`You have reached the limit of ${Ne} wallets.`)),this.syncButton.disabled=a===0||this.syncing,this.syncButton.hidden=a===0,t===0){this.list.append(H("No accounts yet. Add the address of a wallet you own, then sync it to import its transactions.","wallets-empty"));return}this.list.append(e("table",{class:"table cards"},e("caption",{class:"sr-only"},"Your accounts"),e("thead",{},e("tr",{},...["Account","Kind","Transactions","Status","Last synced"].map(i=>e("th",{scope:"col"},i)))),e("tbody",{},...this.accounts.map(i=>e("tr",{"data-account":i.id},e("td",{"data-label":"Account"},e("strong",{},X(i)),i.address&&X(i)===i.name?e("div",{class:"mono muted small",title:i.address},W(i.address)):""),e("td",{"data-label":"Kind"},`${Jn[i.type]||i.type}${i.type==="WALLET"?` \xB7 ${$e(i.provider)}`:""}`),e("td",{"data-label":"Transactions",class:"num"},i.transactionCount.toLocaleString("en-US")),e("td",{"data-label":"Status"},e("span",{class:`badge ${i.status.toLowerCase()}`},jn[i.status]||i.status),i.lastSyncError?e("div",{class:"muted small"},i.lastSyncError):""),e("td",{"data-label":"Last synced"},i.type==="FILE"?"Imported file":_(i.lastSyncedAt)))))))}async add(){let t=new FormData(this.form),a={address:String(t.get("address")).trim(),chain:String(t.get("chain"))},s=String(t.get("name")||"").trim();s&&(a.name=s),this.msg.replaceChildren(e("p",{},"Adding the wallet\u2026"));try{let i=await J(this.app.s,"POST","/accounts",{wallets:[a]});this.form.reset();let r=i.skipped.map(l=>`${W(l.address)} was not added: ${l.reason==="already_added"?"you have it already":l.reason.replace(/_/g," ")}.`);this.msg.replaceChildren(...i.accounts.length?[e("p",{class:"notice ok"},"Wallet added. Sync it to import its transactions.")]:[],...r.map(l=>e("p",{class:"notice"},l))),this.app.ledgerChanged("accounts"),this.accounts=await this.app.accounts(),this.render()}catch(i){if(i instanceof O&&i.status===400){this.msg.replaceChildren(e("p",{class:"notice error",role:"alert",id:"wallet-error"},i.message)),document.getElementById("wallet-address").focus();return}this.msg.replaceChildren(S(i))}}async startSync(){this.syncButton.disabled=!0;try{this.follow(await J(this.app.s,"POST","/account_syncs",{}))}catch(t){this.syncButton.disabled=!1,this.progress.replaceChildren(S(t))}}async follow(t){for(this.syncing=!0,this.syncButton.disabled=!0;this.showSync(t),!(t.status==="completed"||t.status==="failed"||!this.alive);){await j(In);try{t=await J(this.app.s,"GET",`/account_syncs/${t.id}`)}catch(a){if(a instanceof z)return;this.progress.replaceChildren(e("p",{class:"notice"},"Lost contact with the server; trying again\u2026")),await j(In*3)}}if(this.syncing=!1,this.syncButton.disabled=!1,!!this.alive){this.app.ledgerChanged("accounts");try{this.accounts=await this.app.accounts(),this.render()}catch(a){this.list.replaceChildren(S(a,()=>this.load()))}}}showSync(t){let a=t.status==="completed"?"Sync complete":t.status==="failed"?"Sync failed":t.status==="queued"?"Sync queued":"Syncing",s=t.accounts.filter(i=>i.status==="syncing"&&i.nextAttemptAt);this.progress.replaceChildren(e("div",{class:`sync ${t.status}`,id:"sync-status","data-status":t.status},e("p",{},e("strong",{},`${a}: ${t.progress}%`)),e("progress",{max:100,value:t.progress,"aria-label":"Sync progress"}),s.length?e("p",{class:"notice",id:"sync-retrying"},"A wallet\u2019s blockchain source did not answer; the sync is retrying automatically."):"",t.error?e("p",{class:"notice error"},t.error):"",e("ul",{class:"sync-accounts"},...t.accounts.map(i=>{let r=this.accounts.find(l=>l.id===i.accountId);return e("li",{},`${r?X(r):"A wallet"}: ${i.status} (${i.progress}%)`,i.message?e("span",{class:"muted"},` \u2013 ${i.message}`):"")}))))}};function hn(n,t){let{app:a}=n;t.append(e("h1",{class:"welcome"},"Your crypto taxes"),a.s.email?e("p",{class:"muted",id:"signed-in-as"},`Signed in as ${a.s.email}`):"");let s=e("div",{class:"cards-row",id:"summary-cards","aria-live":"polite"},M("your figures")),i=e("figure",{id:"gains-chart",class:"chart"}),r=U("gains","Gains and income by year",i),l=U("wallets","Accounts and wallets");t.append(s,r.el,l.el);let d=new Pe(a,l.body);d.load();let g=async()=>{try{let o=await a.years(),y=o.length?o[0]:new Date().getUTCFullYear(),[c,m,h]=await Promise.all([a.q(re,{year:String(y)}).then(I=>I.getIncomeAndCapGains),a.q(fe).then(I=>I.getPortfolioV2),a.q(ae).then(I=>I.getClientInsights)]),T=h.reduce((I,f)=>I+f.transactionCount,0);n.reviewCount(T);let C=(I,f,P,L,v)=>e("a",{class:"card",href:f,"data-figure":I},e("span",{class:"card-title"},P),e("span",{class:"card-value"},L),e("span",{class:"card-sub"},v)),p=(I,f)=>{let P=I.filter(v=>v.valueCents!==null&&v.valueCents!==void 0);if(I.length===0)return C("portfolio","#/portfolio","Portfolio value",$(0),"You hold nothing yet");if(P.length===0)return C("portfolio","#/portfolio","Portfolio value","No prices","Prices are not available right now");let L=P.reduce((v,qn)=>v+(qn.unrealizedGainCents||0),0);return C("portfolio","#/portfolio","Portfolio value",$(f),`Unrealized ${E(L)}${P.length<I.length?` \xB7 ${I.length-P.length} without a price`:""}`)};w(s),o.length===0?s.append(e("div",{class:"empty wide",id:"overview-empty"},e("p",{},"No tax figures yet. Add your wallets and exchanges below and sync them; your taxes are calculated from their transactions."))):s.append(C("capital-gains",`#/tax?year=${y}`,`${y} capital gains`,E(c.capGainsCents),`Short-term ${E(c.shortTermCapGainsCents)} \xB7 long-term ${E(c.longTermCapGainsCents)}`),C("income",`#/tax?year=${y}`,`${y} income`,$(c.incomeCents),"Staking, rewards and other income")),s.append(p(m.positions,m.totalValueCents),C("review","#/review","To review",T===0?"All clear":String(T),T===0?"Nothing needs your attention":`${T===1?"transaction needs":"transactions need"} a look`));let R=[...o].slice(0,6).reverse(),b=await Promise.all(R.map(I=>a.q(re,{year:String(I)}).then(f=>({year:I,capitalGainsCents:f.getIncomeAndCapGains.capGainsCents,incomeCents:f.getIncomeAndCapGains.incomeCents})))),x=gn(i,b);i.replaceChildren(x,x.tagName==="svg"?e("figcaption",{},`Capital gains and income by tax year (${a.client.currency})`):"")}catch(o){s.replaceChildren(S(o,g))}};g();let u=a.onChange(g);return()=>{u(),d.stop()}}function se(n){return`${F(n.amountExact)} ${n.asset?.symbol||"?"}`}var Kn={sell:"Sold",gift_sent:"Gave away",donation:"Donated",lost:"Lost",payment:"Paid with",fee:"Paid a fee of"},Wn={buy:"Bought",staking_reward:"Earned",mining:"Mined",airdrop:"Received an airdrop of",interest:"Earned interest of",reward:"Earned",income:"Was paid",gift_received:"Was given"};function ee(n){let t=n.transfers.filter(l=>!l.isFee),a=t.filter(l=>l.direction==="OUTGOING"),s=t.filter(l=>l.direction==="INCOMING"),i=t.filter(l=>l.direction==="INTERNAL");if(t.length===0)return n.transfers.length?`Fee of ${se(n.transfers[0])}`:"No transfers";if(a.length&&s.length)return`${a.map(se).join(" + ")} \u2192 ${s.map(se).join(" + ")}`;if(i.length&&!a.length&&!s.length)return`Moved ${i.map(se).join(" + ")}`;let r=n.label||"";return a.length?`${Kn[r]||"Sent"} ${a.map(se).join(" + ")}`:`${Wn[r]||"Received"} ${s.map(se).join(" + ")}`}function Se(n){let t=[],a=(s,i)=>t.push(e("span",{class:`badge ${s}`},i));return n.isMissingBasis&&a("critical","Missing cost basis"),n.hasNegativeBalance&&a("warning","Negative balance"),n.isInternalTransfer&&a("info","Internal transfer"),n.isHidden&&a("muted","Hidden"),n.isSpam&&a("muted","Spam"),n.isDirty&&a("info","Changed; recalculate"),t}function Ve(n){return!!n.isMissingBasis&&!n.fiatValueCents}function fn(n){if(Ve(n)&&!Number(n.capGainsSumSigned??0)&&!n.incomeSum)return e("span",{class:"badge critical"},"No price");if(n.capGainsSumSigned!==null&&n.capGainsSumSigned!==void 0){let t=Number(n.capGainsSumSigned);return e("span",{class:t<0?"loss":"gain"},`${t<0?"Loss":"Gain"} ${E(t)}`)}return n.incomeSum?e("span",{class:"income"},`Income ${$(n.incomeSum)}`):""}var Xn=()=>window.matchMedia("(max-width: 40rem)").matches?25:50,Zn=[["","Everything"],["missing-basis","Missing cost basis"],["uncovered-disposals","Sold more than held"],["negative-balance","Negative balance"],["unlabeled","Unlabeled"],["possible-internal-transfer","Possible move between your accounts"]];function bn(n,t,a){let{app:s}=n,i=Math.max(0,Number(a.get("page"))||0),r={q:a.get("q")||"",year:a.get("year")||"",asset:a.get("asset")||"",account:a.get("account")||"",label:a.get("label")||"",review:a.get("review")||"",hidden:a.get("hidden")==="1"},l=b=>{let x=new URLSearchParams,I={q:r.q,year:r.year,asset:r.asset,account:r.account,label:r.label,review:r.review,hidden:r.hidden?"1":"",page:"",...b};for(let[f,P]of Object.entries(I))P&&x.set(f,P);location.hash=`#/transactions${x.toString()?`?${x}`:""}`},d=!!(r.q||r.year||r.asset||r.account||r.label||r.review||r.hidden),g=e("input",{type:"search",name:"q",value:r.q,placeholder:"Hash, note, address or asset",autocomplete:"off"}),u=k("year",[["","All years"]],r.year),o=k("asset",[["","All assets"]],r.asset),y=k("account",[["","All accounts"]],r.account),c=k("label",[["","All labels"],["unlabeled","Unlabeled"]],r.label),m=k("review",Zn,r.review),h=e("input",{type:"checkbox",name:"hidden",id:"f-hidden",checked:r.hidden}),T=e("form",{class:"filters",id:"tx-filters",role:"search","aria-label":"Filter transactions",onsubmit:b=>{b.preventDefault(),l({q:g.value.trim()})}},e("div",{class:"search-row"},B("f-q","Search",g,"grow"),e("button",{type:"submit",id:"f-search"},"Search")),e("div",{class:"filter-row"},B("f-year","Tax year",u),B("f-asset","Asset",o),B("f-account","Account",y),B("f-label","Label",c),B("f-review","Needs review",m),e("div",{class:"field check"},h,e("label",{for:"f-hidden"},"Include hidden"))),d?q("Clear filters",()=>{location.hash="#/transactions"},"link",{id:"f-clear"}):""),C=(b,x)=>b.addEventListener("change",()=>l({[x]:b instanceof HTMLInputElement&&b.type==="checkbox"?b.checked?"1":"":b.value}));C(u,"year"),C(o,"asset"),C(y,"account"),C(c,"label"),C(m,"review"),C(h,"hidden");let p=e("div",{id:"tx-list","aria-live":"polite"},M("transactions"));t.append(e("h1",{},"Transactions"),T,p),Promise.all([s.years(),s.assets(),s.accounts(),s.labels()]).then(([b,x,I,f])=>{u.append(...b.map(P=>e("option",{value:P},Z(s.client,P)))),o.append(...x.map(P=>e("option",{value:P.id},P.name&&P.name!==P.symbol?`${P.symbol} \xB7 ${P.name}`:P.symbol))),y.append(...I.map(P=>e("option",{value:P.id},X(P)))),c.append(...f.map(P=>e("option",{value:P.value},P.name))),u.value=r.year,o.value=r.asset,y.value=r.account,c.value=r.label}).catch(()=>{});let R=async()=>{let b={page:i,limit:Xn(),includeHidden:r.hidden||void 0};r.q&&(b.search=r.q),r.year&&([b.startDate,b.endDate]=dn(s.client,Number(r.year))),r.asset&&(b.assetIds=[r.asset]),r.account&&(b.accountIds=[r.account]),r.label==="unlabeled"?b.labelFilterMode="unlabeled":r.label&&(b.labels=[r.label]),r.review&&(b.insightPatternId=r.review);try{let[x]=await Promise.all([s.q(pe,b),s.accounts().then(f=>{s.accountCache=f}),s.labels().then(f=>{s.labelCache=f})]),I=x.getClientTransactions;if(w(p),I.transactions.length===0){p.append(i>0?H("No more transactions on this page.","tx-empty",e("a",{href:"#",onclick:f=>{f.preventDefault(),l({page:""})}},"Back to the first page")):d?H("No transaction matches these filters.","tx-empty",q("Clear filters",()=>{location.hash="#/transactions"},"secondary")):H("No transactions yet. Add your wallets and exchanges on the Overview page and sync them.","tx-empty"));return}p.append(e("table",{class:"table cards tx-table"},e("caption",{class:"sr-only"},`Transactions, page ${i+1}`),e("thead",{},e("tr",{},...["Date","Type","What happened","Value","Gain or income",""].map(f=>e("th",{scope:"col"},f)))),e("tbody",{},...I.transactions.map(f=>e("tr",{"data-tx":f.id,class:f.isHidden?"hidden-tx":"",onclick:P=>{P.target.closest("a, button")||(location.hash=`#/transactions/${f.id}`)}},e("td",{"data-label":"Date"},e("a",{href:`#/transactions/${f.id}`,class:"tx-link"},N(f.createdAt))),e("td",{"data-label":"Type"},s.labelName(f.label)),e("td",{"data-label":"What happened"},ee(f),e("div",{class:"muted small"},s.accountName(f.accountId))),e("td",{"data-label":"Value",class:"num"},Ve(f)?e("span",{class:"badge critical"},"No price"):$(f.fiatValueCents)),e("td",{"data-label":"Gain or income",class:"num"},fn(f)),e("td",{"data-label":"State",class:"flags"},...Se(f))))))),p.append(e("nav",{class:"pager","aria-label":"Pages"},i>0?q("Previous page",()=>l({page:i>1?String(i-1):""}),"secondary",{id:"tx-prev"}):"",e("span",{class:"muted"},`Page ${i+1}`),I.hasNextPage?q("Next page",()=>l({page:String(i+1)}),"secondary",{id:"tx-next"}):""))}catch(x){p.replaceChildren(S(x,R))}};return R(),s.onChange(R)}function ea(n,t){let a=Math.round((new Date(t).getTime()-new Date(n).getTime())/6e4);if(a<1)return"at once";if(a<120)return`${a} minute${a===1?"":"s"} later`;let s=Math.round(a/60);return s<48?`${s} hours later`:`${Math.round(s/24)} days later`}function xe(n,t,a){let s=t.asset?.symbol||"",i=e("div",{role:"status"}),r=Number(t.feeAmountExact),l=e("button",{type:"button",class:"small","data-pair":`${t.fromTransactionId}:${t.toTransactionId}`,onclick:async()=>{try{await G(l,"Pairing\u2026",()=>n.q(Wt,{from:t.fromTransactionId,to:t.toTransactionId})),await a()}catch(d){i.replaceChildren(S(d))}}},"Pair as a move between my accounts");return e("div",{class:"pair-card","data-pair-card":`${t.fromTransactionId}:${t.toTransactionId}`},e("p",{},e("a",{href:`#/transactions/${t.fromTransactionId}`},`Sent ${F(t.sentAmountExact)} ${s}`),` from ${n.accountName(t.fromAccountId)} on ${N(t.sentAt)}, and `,e("a",{href:`#/transactions/${t.toTransactionId}`},`received ${F(t.receivedAmountExact)} ${s}`),` in ${n.accountName(t.toAccountId)} ${ea(t.sentAt,t.receivedAt)}`,r>0?` (${F(t.feeAmountExact)} ${s} went to fees).`:"."),e("p",{class:"muted small"},`Unpaired, the first counts as a sale on ${_(t.sentAt)} and the second as a new purchase. If both accounts are yours, pair them: the coins keep their cost basis and nothing is taxed.`),l,i)}var ke={SHORT_TERM:"short-term",LONG_TERM:"long-term"};function Tn(n,t,a){let{app:s}=n,i=e("div",{id:"tx-detail"},M("the transaction"));t.append(e("p",{class:"back"},e("a",{href:"#/transactions"},"\u2190 All transactions")),i);let r=!0,l=async o=>{try{let[y]=await Promise.all([s.q(me,{id:a}),s.accounts().then(c=>{s.accountCache=c}),s.labels().then(c=>{s.labelCache=c})]);if(!r)return;g(y.getTransaction,o)}catch(y){w(i),i.append(e("h1",{},"Transaction"),S(y,()=>l()))}},d=async o=>{s.ledgerChanged("edit"),n.recalc.refresh(),await l(o),ne(o)},g=(o,y)=>{w(i);let c=`${s.labelName(o.label)} \xB7 ${N(o.createdAt)}`,m=e("div",{id:"tx-message",role:"status","aria-live":"polite"},y?e("p",{class:"notice ok"},y,n.recalc.state!=="recalculating"?" Recalculate to update your figures.":""):"");i.append(e("h1",{id:"tx-title"},c),e("p",{class:"lead"},ee(o)),e("p",{class:"muted"},`${s.accountName(o.accountId)} \xB7 ${_(o.createdAt)}`,o.txnHash?[" \xB7 ",o.explorerUrl&&/^https:\/\//.test(o.explorerUrl)?e("a",{href:o.explorerUrl,target:"_blank",rel:"noopener noreferrer"},`View on explorer (${W(o.txnHash)})`):e("span",{class:"mono",title:o.txnHash},W(o.txnHash))]:""),e("div",{class:"flags"},...Se(o)),m,ta(o),na(s,o,d));let h=U("why","Why these figures",M("the lots behind this transaction"));i.append(h.el),Pn(s,o,h.body),i.append(ra(n,o,d));let T=U("history","History of changes",M("the history"));i.append(T.el),Sn(s,o,T.body,d)};l();let u=s.onChange(()=>{n.recalc.state==="settled"&&l()});return()=>{r=!1,u()}}function ta(n){let t=n.capGainsSumSigned!==null&&n.capGainsSumSigned!==void 0?Number(n.capGainsSumSigned):null,a=[["value","Value",$(n.fiatValueCents)],["fees","Fees",$(n.feeFiatValueCents)]];return t!==null&&a.push(["gain",t<0?"Capital loss":"Capital gain",E(t)]),n.incomeSum&&a.push(["income","Income",$(n.incomeSum)]),e("dl",{class:"figures",id:"tx-figures"},...a.map(([s,i,r])=>e("div",{class:"figure","data-figure":s},e("dt",{},i),e("dd",{},r))))}function $n(n,t,a){return t?n.accountName(t):a?W(a):"Outside your accounts"}function na(n,t,a){let s=U("transfers","Transfers"),i=t.transfers.map(r=>{let l=r.capGainsSumSigned!==null&&r.capGainsSumSigned!==void 0?Number(r.capGainsSumSigned):null,d=e("div",{class:"transfer-edit",id:`edit-${r.id}`}),g=e("tr",{class:"edit-row",hidden:!0},e("td",{colspan:6},d)),u=q("Edit value",()=>{g.hidden=!g.hidden,u.setAttribute("aria-expanded",String(!g.hidden)),g.hidden||d.querySelector("input")?.focus()},"link small",{"aria-expanded":"false","aria-controls":`edit-${r.id}`,"data-edit-transfer":r.id});return aa(n,t,r,d,a),[e("tr",{"data-transfer":r.id,class:r.isHidden?"hidden-tx":""},e("td",{"data-label":"Transfer"},e("strong",{},`${r.direction==="OUTGOING"?"\u2212":r.direction==="INCOMING"?"+":""}${F(r.amountExact)} ${r.asset?.symbol||""}`),r.isFee?e("span",{class:"badge muted"},"Fee"):"",r.isHidden?e("span",{class:"badge muted"},"Hidden"):""),e("td",{"data-label":"From \u2192 to"},`${$n(n,r.fromAccountId,r.fromAddress)} \u2192 ${$n(n,r.toAccountId,r.toAddress)}`),e("td",{"data-label":"Market value",class:"num"},r.fiatValueCents===null||r.fiatValueCents===void 0?e("span",{class:"badge critical"},"No price"):$(r.fiatValueCents),r.isFiatValueOverridden?e("div",{class:"muted small"},"set by you"):""),e("td",{"data-label":"Cost basis",class:"num"},$(r.basisFiatValueCents)),e("td",{"data-label":"Gain or income",class:"num"},l!==null?`${E(l)}${r.saleTerm?` (${ke[r.saleTerm]})`:""}`:r.incomeSum?`Income ${$(r.incomeSum)}`:"\u2014",r.uncoveredAmountExact?e("div",{class:"muted small"},`${F(r.uncoveredAmountExact)} ${r.asset?.symbol||""} not covered by your lots`):""),e("td",{"data-label":"Change"},u)),g]});return s.body.append(e("table",{class:"table cards"},e("caption",{class:"sr-only"},"Transfers of this transaction"),e("thead",{},e("tr",{},...["Transfer","From \u2192 to","Market value","Cost basis","Gain or income",""].map(r=>e("th",{scope:"col"},r)))),e("tbody",{},...i.flat()))),s.el}function aa(n,t,a,s,i){let r=a.asset?.symbol||"units",l=e("input",{type:"number",min:"0",step:"0.01",inputmode:"decimal",value:a.fiatValueCents!=null?(a.fiatValueCents/100).toFixed(2):""}),d=e("input",{type:"number",min:"0",step:"any",inputmode:"decimal"}),g=e("input",{type:"number",min:"0",step:"0.01",inputmode:"decimal",value:a.basisFiatValueCents!=null?(a.basisFiatValueCents/100).toFixed(2):""}),u=e("div",{role:"status"}),o=a.direction==="INCOMING",y=l.value,c=g.value;d.addEventListener("input",()=>{let T=Number(d.value);d.value&&isFinite(T)&&(l.value=(T*Number(a.amountExact)).toFixed(2))});let m=e("button",{type:"submit"},"Save value"),h=e("form",{class:"inline-form","data-value-form":a.id,onsubmit:async T=>{T.preventDefault();let C=l.value===""||l.value===y?void 0:Number(l.value),p=o&&g.value!==""&&g.value!==c?Number(g.value):void 0;if(C===void 0&&p===void 0){u.replaceChildren(e("p",{class:"notice error"},l.value===""?"Enter a value.":"Change the value or the cost basis."));return}try{await G(m,"Saving\u2026",()=>n.q(qe,{tx:t.id,transfer:a.id,value:C,basis:p})),await i(`Saved the value of ${F(a.amountExact)} ${r}.`)}catch(R){u.replaceChildren(S(R))}}},B(`per-unit-${a.id}`,`Price per ${r} (${n.client.currency})`,d),B(`value-${a.id}`,`${o?"Market value":a.isFee?"Fee value":"Proceeds"} (${n.client.currency})`,l),o?B(`basis-${a.id}`,`Cost basis (${n.client.currency})`,g):"",m,a.isFiatValueOverridden?q("Back to the imported value",async T=>{try{await G(T.currentTarget,"Resetting\u2026",()=>n.q(qe,{tx:t.id,transfer:a.id,reset:!0})),await i("The imported value is back.")}catch(C){u.replaceChildren(S(C))}},"secondary"):"");s.append(h,u)}async function Pn(n,t,a){let s=t.transfers.filter(d=>d.capGainsSumSigned!==null&&d.capGainsSumSigned!==void 0),i=t.transfers.filter(d=>d.incomeSum),r=t.transfers.filter(d=>d.direction==="INCOMING"&&!d.incomeSum&&!t.isInternalTransfer),l=[...new Set([...s,...r].map(d=>d.asset?.pricingKey).filter(d=>!!d))];try{let d=await Promise.all(l.map(u=>n.q(ge,{key:u,id:t.id}).then(o=>({key:u,...o.getTaxLots}))));w(a);let g=[];t.isHidden&&g.push(e("p",{},"This transaction is hidden: it does not count in your taxes.")),t.isInternalTransfer&&g.push(e("p",{},"A move between your own accounts: the coins keep their cost basis and purchase date, and nothing is taxed."));for(let u of s){let o=d.flatMap(p=>p.disposals).filter(p=>p.transferId===u.id),y=d.find(p=>p.key===u.asset?.pricingKey)?.costBasisAlgorithm||n.client.costBasisAlgorithm,c=u.asset?.symbol||"",m=Number(u.capGainsSumSigned),h=u.basisFiatValueCents??o.reduce((p,R)=>p+R.costBasisCents,0),T=h+m,C=(u.fiatValueCents??T)-T;g.push(e("div",{class:"why","data-why-transfer":u.id},e("h3",{},`${u.isFee?"Fee paid with":"Disposal of"} ${F(u.amountExact)} ${c}`),e("p",{class:"equation"},`Proceeds ${$(T)} \u2212 cost basis ${$(h)} = `,e("strong",{},`${m<0?"loss":"gain"} ${E(m)}`)),C>0?e("p",{class:"muted small"},`The proceeds are the market value of ${$(u.fiatValueCents)} less ${$(C)} of fees.`):"",e("p",{class:"muted small"},n.client.jurisdictionRules.matchingText||`Lots are taken ${sa(y)}. Each piece below is the part of this disposal one lot covered.`),e("ul",{class:"pieces"},...o.map(p=>e("li",{"data-piece":p.lotTransactionId||"uncovered","data-match":p.match||""},p.isUncovered?[e("strong",{},`${F(p.amountExact)} ${c} not covered by any ${n.client.jurisdictionRules.words.holding}`),": counted with a zero cost basis. Add the account or transaction it came from, or pair the move that brought it."]:p.match&&p.match!=="LOT"?oa(p,c):[`${F(p.amountExact)} ${c} from the lot acquired `,p.lotTransactionId?e("a",{href:`#/transactions/${p.lotTransactionId}`},N(p.lotAcquiredAt)):N(p.lotAcquiredAt),`: proceeds ${$(p.proceedsCents)} \u2212 basis ${$(p.costBasisCents)} = ${E(p.gainCents)}, ${ke[p.term]||p.term}${p.box?`, Form 8949 box ${p.box}`:""}`,p.isMissingBasis?e("span",{class:"badge critical"},"Basis unknown"):""]))),o.length===0?e("p",{class:"muted"},"The lots behind this disposal appear once your taxes are recalculated."):""))}for(let u of i)g.push(e("div",{class:"why"},e("h3",{},`Income: ${F(u.amountExact)} ${u.asset?.symbol||""}`),e("p",{},`Counted as income of ${$(u.incomeSum)}, its market value when received. That value is also the cost basis of the coins, for when you sell them.`)));for(let u of r){let o=d.filter(c=>c.key===u.asset?.pricingKey).flatMap(c=>c.lots),y=u.asset?.symbol||"";g.push(e("div",{class:"why"},e("h3",{},`Acquisition of ${F(u.amountExact)} ${y}`),u.basisFiatValueCents===null||u.basisFiatValueCents===void 0?e("p",{},"No price is known for this receipt, so its coins have an unknown cost basis: a later sale of them counts in full as a gain. Set its value above."):e("p",{},`Cost basis ${$(u.basisFiatValueCents)}: what was paid or given for it, fees included.`),o.length?e("p",{class:"muted"},`Still held from it: ${o.map(c=>`${F(c.amountExact)} of ${F(c.originalAmountExact)} ${y} (basis ${$(c.costBasisCents)}, ${ke[c.term]} if sold now)`).join("; ")}.`):e("p",{class:"muted"},"Nothing of it is held any more: it was sold, spent or moved on.")))}g.length===0&&g.push(e("p",{class:"muted"},"This transaction has no tax effect: nothing was sold, spent or earned.")),a.append(...g)}catch(d){a.replaceChildren(S(d,()=>Pn(n,t,a)))}}function sa(n){return{FIFO:"first in, first out (FIFO)",LIFO:"last in, first out (LIFO)",HIFO:"highest cost first (HIFO)",LOFO:"lowest cost first (LOFO)",AVERAGE_COST:"at their average cost"}[n]||n}function ra(n,t,a){let{app:s}=n,i=U("fix","Change this transaction"),r=e("div",{role:"status","aria-live":"polite"}),l=k("label",[["","Loading labels\u2026"]]);l.disabled=!0;let d=e("button",{type:"submit",id:"save-label"},"Save label"),g=e("p",{class:"muted small",id:"label-help"});s.q(ye,{id:t.id}).then(m=>{let h=m.getTransactionTypeOptions,T=new Set(h.recommended.map(p=>p.value));l.replaceChildren(e("option",{value:""},"No label"),...h.options.map(p=>e("option",{value:p.value},T.has(p.value)?`${p.name} (suggested)`:p.name))),l.value=t.label||"",l.disabled=!1;let C=()=>{g.textContent=h.options.find(p=>p.value===l.value)?.description||"Without a label, what leaves is taxed as a sale and what arrives as a purchase."};l.addEventListener("change",C),C()}).catch(m=>r.replaceChildren(S(m)));let u=e("form",{class:"inline-form",id:"label-form",onsubmit:async m=>{m.preventDefault();let h=l.value;try{await G(d,"Saving\u2026",()=>s.q(he,h?{ids:[t.id],label:h}:{ids:[t.id],wipe:!0})),await a(h?`Labeled as ${s.labelName(h)}.`:"Label removed.")}catch(T){r.replaceChildren(S(T))}}},B("tx-label","Label",l,"grow"),d),o=e("div",{class:"actions",id:"tx-actions"}),y=(m,h,T,C,p,R="secondary")=>q(m,async b=>{try{await G(b.currentTarget,T,C),await a(p)}catch(x){r.replaceChildren(S(x))}},R,{id:h});o.append(t.isHidden?y("Unhide","unhide-tx","Unhiding\u2026",()=>s.q(ie,{id:t.id,hidden:!1}),"The transaction counts again."):y("Hide","hide-tx","Hiding\u2026",()=>s.q(ie,{id:t.id,hidden:!0}),"Hidden: the transaction no longer counts in your taxes."),y(t.isReviewed?"Mark as not reviewed":"Mark as reviewed","review-tx","Saving\u2026",()=>s.q(Jt,{id:t.id,reviewed:!t.isReviewed}),t.isReviewed?"Marked as not reviewed.":"Marked as reviewed.")),t.isMissingBasis&&o.append(y("Accept a zero cost basis","accept-basis","Saving\u2026",()=>s.q(oe,{ids:[t.id],override:!0}),"Accepted: this transaction is no longer flagged for its missing cost basis."));let c=e("div",{id:"tx-pair"});if(t.isInternalTransfer&&t.linkedTransactionId){let m=t.transfers.some(C=>C.direction==="OUTGOING"||C.fromAccountId&&!C.isFee),[h,T]=m?[t.id,t.linkedTransactionId]:[t.linkedTransactionId,t.id];c.append(e("p",{},`Paired ${t.linkType==="BRIDGE"?"as a bridge":t.linkType==="CROSS_CHAIN_SWAP"?"as a cross-chain swap":"as a move between your own accounts"} with `,e("a",{href:`#/transactions/${t.linkedTransactionId}`},"the other side"),"."),y("Unpair","unpair-tx","Unpairing\u2026",()=>s.q(Xt,{from:h,to:T}),"Unpaired: both sides count on their own again."))}else s.q(Ie,{id:t.id,limit:1}).then(m=>{let h=m.getTransferPairSuggestions[0];h&&c.append(xe(s,h,async()=>{await a("Paired as a move between your own accounts.")}))}).catch(m=>c.append(S(m)));return i.body.append(u,g,c,o,r),i.el}var ia={label:"Label",isHidden:"Hidden",isReviewed:"Reviewed",notes:"Notes",fiatValue:"Value",basisFiatValue:"Cost basis",internalTransferTo:"Paired as internal transfer",bridgeTo:"Paired as bridge",crossChainSwapTo:"Paired as cross-chain swap",isMissingBasisOverride:"Missing cost basis accepted",createdAt:"Date",amount:"Quantity",quantity:"Quantity",assetId:"Asset"};function Cn(n,t){return t==null||t===""?n==="label"?"no label":"nothing":typeof t=="boolean"?t?"yes":"no":n==="label"&&typeof t=="string"?t.replace(/_/g," "):(n==="fiatValue"||n==="basisFiatValue")&&(typeof t=="string"||typeof t=="number")?$(Math.round(Number(t)*100)):typeof t=="string"?t.length>40?`${t.slice(0,37)}\u2026`:t:JSON.stringify(t).slice(0,40)}async function Sn(n,t,a,s){try{let i=await n.q(jt,{ids:[t.id]}),r=i.getClientAuditLogs.auditLogs;if(w(a),r.length===0){a.append(e("p",{class:"muted",id:"history-empty"},"No changes since it was imported."));return}let l=e("div",{role:"status"});a.append(e("ul",{class:"history",id:"history-list"},...r.map(d=>{let g=d.field?`${ia[d.field]||d.field}: ${Cn(d.field,d.oldValue)} \u2192 ${Cn(d.field,d.newValue)}`:d.action.replace(/^\w+\./,"").replace(/_/g," "),u=d.actorType==="USER"?"you":d.actorType==="API_KEY"?"an app":d.actorType==="STAFF"?"support":`${n.brand.name} or an import`;return e("li",{"data-audit":d.id,class:d.undoneAt?"undone":""},e("span",{},e("strong",{},g),e("span",{class:"muted small"},` \xB7 ${_(d.createdAt)} \xB7 by ${u}`),d.undoneAt?e("span",{class:"badge muted"},"Undone"):""),d.canUndo?q("Undo",async o=>{try{await G(o.currentTarget,"Undoing\u2026",()=>n.q(Zt,{ids:[d.id]})),await s(`Undone: ${g}.`)}catch(y){l.replaceChildren(S(y))}},"secondary small",{"data-undo":d.id}):"")})),l,i.getClientAuditLogs.total>r.length?e("p",{class:"muted small"},`The latest ${r.length} of ${i.getClientAuditLogs.total} changes.`):"")}catch(i){a.replaceChildren(S(i,()=>Sn(n,t,a,s)))}}function oa(n,t){let a=n.lotTransactionId?e("a",{href:`#/transactions/${n.lotTransactionId}`},N(n.lotAcquiredAt)):N(n.lotAcquiredAt),s=n.match==="SAME_DAY"?[`${F(n.amountExact)} ${t} matched with the same day\u2019s acquisitions`]:n.match==="THIRTY_DAY"?[`${F(n.amountExact)} ${t} matched with the acquisition of `,a," (within 30 days)"]:n.match==="POOL"?[`${F(n.amountExact)} ${t} from the section 104 pool, at its average cost`]:[`${F(n.amountExact)} ${t} at the adjusted cost base`],i=n.deniedLossExact?Math.round(Number(n.deniedLossExact)*100):0;return[...s,`: proceeds ${$(n.proceedsCents)} \u2212 cost ${$(n.costBasisCents)} = ${E(n.gainCents)}`,i?e("span",{class:"badge warning","data-denied":i},`Superficial loss denied: ${$(i)}`):""]}var la={CRITICAL:"Makes figures wrong",WARNING:"Likely wrong",INFO:"Worth a look"},Ue=5,ca={MISSING_BASIS:"These sales use coins whose purchase price is unknown, so their whole value counts as a gain. Give the receipt a price, or accept a zero cost basis if you really paid nothing.",UNCOVERED_DISPOSALS:"These transactions send or sell more than your accounts held at the time. Usually an account or a purchase is missing: add it, or pair the move that brought the coins.",NEGATIVE_BALANCE:"An account sent more of an asset than it held. Add the missing account or transaction, or hide a duplicate.",UNLABELED_TRANSACTIONS:"Without a label, what leaves an account counts as a sale and what arrives as a purchase. Label income, gifts and fees as such.",POSSIBLE_INTERNAL_TRANSFER:"A withdrawal followed by a deposit of nearly the same amount into another of your accounts. Unpaired, the first counts as a sale and the second as a purchase.",POSSIBLE_SPAM:"A token whose name advertises a website or a claim, as airdropped spam does. Never visit the site; mark the token as spam to leave it out of your figures."},da=new Set(["MISSING_BASIS","UNCOVERED_DISPOSALS","NEGATIVE_BALANCE"]);function xn(n,t,a){let{app:s}=n,i=e("div",{class:"recalc-box",id:"review-recalc"}),r=e("div",{id:"review-queue","aria-live":"polite"},M("what needs review"));t.append(e("h1",{},"Needs review"),e("p",{class:"lead"},"What can make your tax figures wrong, most serious first. Fix each item here; the counts fall as you go."),i,r);let l=new Set,d=()=>{let c=n.recalc.state;c==="settled"&&l.clear(),i.dataset.state=c,i.replaceChildren(e("p",{},c==="settled"?"Your figures include every change.":c==="dirty"?"Some fixes are not in your figures yet: prices, pairs and labels change your taxes once they are recalculated.":"Recalculating your taxes with your fixes\u2026"),c==="dirty"?q("Recalculate now",()=>n.recalc.start(),"",{id:"review-recalculate"}):"")};d();let g=n.recalc.onState(d),u=async c=>{ne(c),s.ledgerChanged("edit"),await n.recalc.refresh()},o=async()=>{try{let m=(await s.q(ae)).getClientInsights,h=m.reduce((T,C)=>T+C.transactionCount,0);if(n.reviewCount(h),w(r),m.length===0){r.append(H("Nothing needs your attention: your transactions are labeled, priced and paired.","review-empty"));return}r.append(e("p",{id:"review-total","data-count":h},h===1?"1 item to review.":`${h} items to review.`));for(let T of m)r.append(ua(n,T,l,u))}catch(c){r.replaceChildren(S(c,o))}};o();let y=s.onChange(o);return()=>{y(),g()}}function ua(n,t,a,s){let i=e("div",{class:"items"},M("the items")),r=e("section",{class:`insight ${t.severity.toLowerCase()}`,"data-insight":t.patternId,"aria-labelledby":`ins-${t.id}`},e("div",{class:"insight-head"},e("span",{class:`badge ${t.severity.toLowerCase()}`},la[t.severity]||t.severity),e("h2",{id:`ins-${t.id}`},t.title),e("span",{class:"insight-count","data-insight-count":t.transactionCount},String(t.transactionCount))),e("p",{},ca[t.type]||t.description),da.has(t.type)?e("p",{class:"muted small"},"This list changes when your taxes are recalculated after a fix."):"",i,t.type!=="POSSIBLE_SPAM"?e("p",{},e("a",{href:`#/transactions?review=${encodeURIComponent(t.patternId)}`},t.transactionCount>Ue?`See all ${t.transactionCount} in Transactions`:"See them in Transactions")):"");return pa(n,t,i,a,s).catch(l=>i.replaceChildren(S(l))),r}async function pa(n,t,a,s,i){let{app:r}=n;if(t.type==="POSSIBLE_INTERNAL_TRANSFER"){let u=await r.q(Ie,{limit:Ue});w(a);for(let o of u.getTransferPairSuggestions){let y=xe(r,o,async()=>{y.replaceChildren(e("p",{class:"notice ok"},"Paired. Recalculate to update your figures.")),await i("Paired as a move between your accounts.")});a.append(y)}return}let l=t.assetId;if(t.type==="POSSIBLE_SPAM"&&l){w(a);let u=e("div",{role:"status"}),o=q("Mark as spam",async()=>{try{await G(o,"Marking\u2026",()=>r.q(en,{assetId:l,spam:!0})),a.replaceChildren(e("p",{class:"notice ok"},"Marked as spam: its transactions are left out of your figures.")),await i("Marked as spam.")}catch(y){u.replaceChildren(S(y))}},"small",{"data-spam":t.assetId});a.append(o,u);return}let d=await r.q(pe,{insightPatternId:t.patternId,limit:Ue});await r.accounts().then(u=>{r.accountCache=u}),w(a);let g=e("ul",{class:"review-items"});a.append(g);for(let u of d.getClientTransactions.transactions){let o=e("li",{"data-review-item":u.id}),y=m=>async()=>{s.add(u.id),o.replaceChildren(e("p",{class:"notice ok"},m)),await i(m)};if(s.has(u.id)){o.append(e("p",{class:"notice ok"},`${N(u.createdAt)} \xB7 ${ee(u)}: fixed. Recalculate to update your figures.`)),g.append(o);continue}o.append(e("p",{},e("a",{href:`#/transactions/${u.id}`},`${N(u.createdAt)} \xB7 ${r.labelName(u.label)}`),` \xB7 ${ee(u)} \xB7 ${r.accountName(u.accountId)}`));let c=e("div",{class:"fix"});switch(o.append(c),g.append(o),t.type){case"UNLABELED_TRANSACTIONS":ma(r,u,c,y);break;case"MISSING_BASIS":ga(r,u,c,y);break;case"UNCOVERED_DISPOSALS":ya(r,u,c,y);break;case"NEGATIVE_BALANCE":Ia(r,u,c,y);break;default:break}}}function Oe(n,t,a,s,i){n.addEventListener("click",async()=>{try{await G(n,t,s),await i()}catch(r){a.replaceChildren(S(r))}})}function ma(n,t,a,s){let i=k("label",[["","Choose a label"]]),r=e("button",{type:"submit",class:"small"},"Save label"),l=e("div",{role:"status"});n.q(ye,{id:t.id}).then(g=>{let u=new Set(g.getTransactionTypeOptions.recommended.map(o=>o.value));i.append(...g.getTransactionTypeOptions.options.map(o=>e("option",{value:o.value},u.has(o.value)?`${o.name} (suggested)`:o.name)))}).catch(g=>l.replaceChildren(S(g)));let d=`label-${t.id}`;a.append(e("form",{class:"inline-form","data-label-form":t.id,onsubmit:async g=>{if(g.preventDefault(),!i.value){l.replaceChildren(e("p",{class:"notice error"},"Choose a label first."));return}try{await G(r,"Saving\u2026",()=>n.q(he,{ids:[t.id],label:i.value})),await s(`Labeled as ${n.labelName(i.value)}.`)()}catch(u){l.replaceChildren(S(u))}}},B(d,"Label",i),r),l)}async function ga(n,t,a,s){let i=e("div",{role:"status"});try{let d=(await n.q(me,{id:t.id})).getTransaction.transfers.filter(o=>o.capGainsSumSigned!==null&&o.capGainsSumSigned!==void 0&&o.asset),g=[...new Set(d.map(o=>o.asset.pricingKey))],u=[];for(let o of g){let y=await n.q(ge,{key:o,id:t.id});for(let c of y.getTaxLots.disposals){let m=d.find(h=>h.id===c.transferId);c.isMissingBasis&&!c.isUncovered&&c.lotTransactionId&&m&&!u.some(h=>h.tx===c.lotTransactionId)&&u.push({tx:c.lotTransactionId,at:c.lotAcquiredAt||"",symbol:m.asset.symbol,assetId:m.assetId,amount:c.amountExact})}}for(let o of u){let y=e("input",{type:"number",min:"0",step:"any",inputmode:"decimal",required:!0}),c=e("button",{type:"submit",class:"small"},"Save price");a.append(e("form",{class:"inline-form","data-price-form":o.tx,onsubmit:async m=>{m.preventDefault();let h=Number(y.value);if(!y.value||!isFinite(h)||h<0){i.replaceChildren(e("p",{class:"notice error"},"Enter the price per unit, for example 1.85."));return}try{await G(c,"Saving\u2026",()=>n.q(Kt,{ids:[o.tx],assetId:o.assetId,price:h})),await s(`Saved the price of the ${o.symbol} received on ${N(o.at)}.`)()}catch(T){i.replaceChildren(S(T))}}},e("p",{class:"small"},`The ${F(o.amount)} ${o.symbol} it sold came from `,e("a",{href:`#/transactions/${o.tx}`},`a receipt on ${N(o.at)}`)," without a price."),B(`price-${o.tx}`,`Price per ${o.symbol} when received (${n.client.currency})`,y),c))}}catch(l){i.replaceChildren(S(l))}let r=q("Accept a zero cost basis",()=>{},"secondary small");Oe(r,"Saving\u2026",i,()=>n.q(oe,{ids:[t.id],override:!0}),s("Accepted a zero cost basis.")),a.append(r,i)}function ya(n,t,a,s){let i=e("div",{role:"status"}),r=q("Accept a zero cost basis",()=>{},"secondary small");Oe(r,"Saving\u2026",i,()=>n.q(oe,{ids:[t.id],override:!0}),s("Accepted a zero cost basis.")),a.append(e("a",{href:`#/transactions/${t.id}`,class:"button-link small"},"Open and pair or edit"),r,i)}function Ia(n,t,a,s){let i=e("div",{role:"status"}),r=q("Hide (a duplicate)",()=>{},"secondary small");Oe(r,"Hiding\u2026",i,()=>n.q(ie,{id:t.id,hidden:!0}),s("Hidden: it no longer counts.")),a.append(e("a",{href:`#/transactions/${t.id}`,class:"button-link small"},"Open"),r,i)}var An=[["ONE_MONTH","1 month"],["THREE_MONTHS","3 months"],["YEAR_TO_DATE","This year"],["ONE_YEAR","1 year"],["ALL_TIME","All time"]];function Dn(n,t){let{app:a}=n,s=e("div",{class:"cards-row",id:"portfolio-totals","aria-live":"polite"},M("your holdings")),i=e("figure",{class:"chart",id:"value-chart"}),r="ALL_TIME",l=e("div",{class:"segmented",role:"radiogroup","aria-label":"Chart range"},...An.map(([c,m])=>{let h=`range-${c.toLowerCase()}`,T=e("input",{type:"radio",name:"range",id:h,value:c,checked:c===r,onchange:()=>{r=c,u()}});return e("span",{},T,e("label",{for:h},m))})),d=U("holdings","Holdings",M("your holdings")),g=U("harvest","Tax-loss harvesting",M("losses you could harvest"));t.append(e("h1",{},"Portfolio"),s,U("value","Value over time",l,i).el,d.el,g.el);let u=async()=>{i.replaceChildren(M("the chart"));try{let m=(await a.q(tn,{interval:r})).getChart,h=yn(i,m.points,`Portfolio value and cost basis, ${An.find(([T])=>T===r)?.[1].toLowerCase()}`);i.replaceChildren(h,h.tagName==="svg"?e("figcaption",{},`Change over the range: ${E(m.changeCents)}${m.changePercent===null||m.changePercent===void 0?"":` (${Fe(m.changePercent)})`}. Coins without a price on a day add nothing to that day.`):"")}catch(c){i.replaceChildren(S(c,u))}},o=async()=>{try{let c=(await a.q(fe)).getPortfolioV2,m=(p,R,b,x="")=>e("div",{class:"card","data-figure":p},e("span",{class:"card-title"},R),e("span",{class:"card-value"},b),x?e("span",{class:"card-sub"},x):""),h=c.positions.filter(p=>p.valueCents!==null&&p.valueCents!==void 0),T=c.positions.length-h.length,C=h.reduce((p,R)=>p+(R.unrealizedGainCents||0),0);s.replaceChildren(m("value","Value",h.length||!T?$(c.totalValueCents):"No prices",T?`${T} holding${T===1?"":"s"} without a price today, left out`:"At today\u2019s prices"),m("basis","Cost basis",$(c.totalCostBasisCents),c.isStale?"Recalculate to include recent changes":"What you paid for what you hold"),m("unrealized","Unrealized gain",h.length||!T?E(C):"No prices",T?"Of the holdings with a price":"If you sold everything today")),w(d.body),c.positions.length===0?d.body.append(H("You hold nothing yet: add and sync your wallets and exchanges on the Overview page.","holdings-empty")):(d.body.append(e("table",{class:"table cards",id:"holdings-table"},e("caption",{class:"sr-only"},"Your holdings"),e("thead",{},e("tr",{},...["Asset","Quantity","Price","Value","Cost basis","Unrealized","Share"].map(p=>e("th",{scope:"col"},p)))),e("tbody",{},...c.positions.map(p=>{let R=p.amountExact.startsWith("-");return e("tr",{"data-asset":p.assetId},e("td",{"data-label":"Asset"},e("strong",{},p.asset?.symbol||"?"),p.asset?.name&&p.asset.name!==p.asset.symbol?e("div",{class:"muted small"},p.asset.name):"",R?e("span",{class:"badge warning"},"Negative balance"):""),e("td",{"data-label":"Quantity",class:"num"},F(p.amountExact)),e("td",{"data-label":"Price",class:"num"},p.price===null||p.price===void 0?e("span",{class:"badge muted"},"No price"):$(Math.round(p.price*100))),e("td",{"data-label":"Value",class:"num"},$(p.valueCents)),e("td",{"data-label":"Cost basis",class:"num"},$(p.costBasisCents)),e("td",{"data-label":"Unrealized",class:"num"},p.unrealizedGainCents===null||p.unrealizedGainCents===void 0?"\u2014":e("span",{class:p.unrealizedGainCents<0?"loss":"gain"},`${E(p.unrealizedGainCents)} (${Fe(p.unrealizedGainPercent)})`)),e("td",{"data-label":"Share",class:"num"},p.portfolioPercent===null||p.portfolioPercent===void 0?"\u2014":`${p.portfolioPercent.toFixed(1)}%`))})))),c.total>c.positions.length&&d.body.append(e("p",{class:"muted small"},`The ${c.positions.length} largest of ${c.total} holdings.`)))}catch(c){s.replaceChildren(S(c,o)),w(d.body)}y()},y=async()=>{try{let c=new Date().toISOString().slice(0,10),m=(await a.q(nn,{date:c})).getHarvestableLosses;w(g.body),g.body.append(e("p",{},"Selling holdings worth less than you paid realizes a loss that offsets your gains. These lots are below their cost basis at today\u2019s prices.")),m.assets.length===0?g.body.append(H("None of your holdings is worth less than its cost basis today.","harvest-empty")):g.body.append(e("p",{id:"harvest-total"},e("strong",{},`Up to ${$(-m.totalUnrealizedLossCents)} of losses`),` (short-term ${$(-m.shortTermUnrealizedLossCents)}, long-term ${$(-m.longTermUnrealizedLossCents)}).`),e("table",{class:"table cards",id:"harvest-table"},e("caption",{class:"sr-only"},"Holdings you could sell at a loss"),e("thead",{},e("tr",{},...["Asset","Held at a loss","Value","Cost basis","Loss",""].map(h=>e("th",{scope:"col"},h)))),e("tbody",{},...m.assets.map(h=>e("tr",{"data-harvest":h.assetId},e("td",{"data-label":"Asset"},e("strong",{},h.asset?.symbol||"?")),e("td",{"data-label":"Held at a loss",class:"num"},F(h.amountExact)),e("td",{"data-label":"Value",class:"num"},$(h.marketValueCents)),e("td",{"data-label":"Cost basis",class:"num"},$(h.costBasisCents)),e("td",{"data-label":"Loss",class:"num"},e("span",{class:"loss"},E(h.unrealizedGainCents)),e("div",{class:"muted small"},`short-term ${E(h.shortTermUnrealizedGainCents)} \xB7 long-term ${E(h.longTermUnrealizedGainCents)}`)),e("td",{"data-label":"Note"},h.hasRecentAcquisition?e("span",{class:"badge info"},"Bought in the last 30 days"):"")))))),m.unpricedAssetIds.length&&g.body.append(e("p",{class:"muted small"},`${m.unpricedAssetIds.length} holding${m.unpricedAssetIds.length===1?" has":"s have"} no price today and ${m.unpricedAssetIds.length===1?"is":"are"} left out.`)),g.body.append(e("p",{class:"muted small"},"This is information, not advice: check with a tax professional before you sell."))}catch(c){g.body.replaceChildren(S(c,y))}};return o(),u(),a.onChange(()=>{o(),u()})}var ha={A:"Short-term, on Form 1099-B with basis reported",B:"Short-term, on Form 1099-B without basis",C:"Short-term, not on Form 1099-B",D:"Long-term, on Form 1099-B with basis reported",E:"Long-term, on Form 1099-B without basis",F:"Long-term, not on Form 1099-B",G:"Short-term digital assets, on Form 1099-DA with basis reported",H:"Short-term digital assets, on Form 1099-DA without basis",I:"Short-term digital assets, not on Form 1099-DA",J:"Long-term digital assets, on Form 1099-DA with basis reported",K:"Long-term digital assets, on Form 1099-DA without basis",L:"Long-term digital assets, not on Form 1099-DA"},fa={TAX_FORMS:"Tax forms (ZIP of PDFs)",FORM_8949_PDF:"Form 8949 (PDF)",FORM_8949_CSV:"Form 8949 (CSV)",SCHEDULE_D_PDF:"Schedule D (PDF)",SCHEDULE_1_PDF:"Schedule 1, income (PDF)",CAPITAL_GAINS_CSV:"Capital gains (CSV)",INCOME_CSV:"Income (CSV)",TRANSACTION_HISTORY_CSV:"Transaction history (CSV)",TURBOTAX_CSV:"TurboTax import (CSV)",TAXACT_CSV:"TaxAct import (CSV)",END_OF_YEAR_HOLDINGS_CSV:"Holdings at year end (CSV)",UK_CAPITAL_GAINS_SUMMARY_PDF:"UK capital gains summary, SA108 figures (PDF)",UK_CAPITAL_GAINS_SUMMARY_CSV:"UK capital gains summary (CSV)",CA_SCHEDULE_3_PDF:"Schedule 3 summary (PDF)",CA_SCHEDULE_3_CSV:"Schedule 3 summary (CSV)"},ba={QUEUED:"Waiting",GENERATING:"Being made",READY:"Ready",FAILED:"Failed"};function wn(n,t,a){let{app:s}=n,i=k("year",[]),r=e("div",{id:"tax-figures","aria-live":"polite"},M("the year\u2019s figures")),l=U("income","Income by kind"),d=U("form-8949","Form 8949 preview"),g=e("div",{id:"reconciliation"}),u=U("reports","Reports");t.append(e("h1",{},"Taxes"),e("div",{class:"toolbar"},B("tax-year","Tax year",i)),r,l.el,d.el,g,u.el);let o=0,y=async()=>{try{let b=await s.years(),x=b.length?b[0]:new Date().getUTCFullYear(),I=Number(a.get("year"));o=I&&I>1900?I:x;let f=[...new Set([...b,o,new Date().getUTCFullYear()])].sort((P,L)=>L-P);i.replaceChildren(...f.map(P=>e("option",{value:P},Z(s.client,P)))),i.value=String(o),await Promise.all([h(),T(0,""),C()])}catch(b){r.replaceChildren(S(b,y))}};i.addEventListener("change",()=>{location.hash=`#/tax?year=${i.value}`});let c=s.client.jurisdictionRules,m=()=>Z(s.client,o),h=async()=>{try{let b=(await s.q(re,{year:String(o)})).getIncomeAndCapGains,x=$a(b,c);b.futuresCents&&x.push(["futures","Futures",b.futuresCents,E]),w(r),r.append(b.isStale?e("p",{class:"notice",id:"preview-stale"},"Your ledger changed since these figures were calculated. Recalculate to bring them up to date."):"",b.transactionCount===0?H(`No transactions in ${m()}.`,"year-empty"):"",b.jurisdiction&&c.text?e("p",{class:"muted small",id:"tax-rules","data-jurisdiction":c.jurisdiction},c.text):"",e("dl",{class:"figures","data-year":b.year,"data-year-label":b.taxYearLabel||b.year},...x.map(([I,f,P,L])=>e("div",{class:"figure","data-figure":I,"data-cents":P},e("dt",{},f),e("dd",{},L(P))))),e("p",{class:"muted small"},`${b.disposalCount} transaction${b.disposalCount===1?"":"s"} with a sale or other disposal, ${b.transactionCount} in all`,ue(b.computedAt)?`; calculated ${_(b.computedAt)}.`:"; not calculated yet.")),w(l.body),b.incomeByLabel.length===0?l.body.append(H(`No income in ${m()}.`,"income-empty")):l.body.append(e("table",{class:"table",id:"income-table"},e("caption",{class:"sr-only"},`Income in ${m()} by kind`),e("thead",{},e("tr",{},...["Kind","Transactions","Income"].map(I=>e("th",{scope:"col"},I)))),e("tbody",{},...b.incomeByLabel.map(I=>e("tr",{"data-income":I.label},e("td",{},e("a",{href:`#/transactions?year=${o}&label=${encodeURIComponent(I.label)}`},I.name)),e("td",{class:"num"},String(I.transactionCount)),e("td",{class:"num"},$(I.incomeCents))))),e("tfoot",{},e("tr",{},e("th",{scope:"row"},"Total"),e("td",{}),e("td",{class:"num"},$(b.incomeCents)))))),p.setYear(o)}catch(b){r.replaceChildren(S(b,h))}},T=async(b,x,I=!1)=>{if(!c.hasForm8949){d.el.hidden=!0;return}try{let f=(await s.q(an,{year:o,box:x||void 0,page:b})).getForm8949PreviewForYear;if(w(d.body),f.boxes.length===0){d.body.append(H(`No sales or other disposals in ${o}: nothing goes on Form 8949.`,"f8949-empty"));return}let P=k("box",[["","All boxes"],...f.boxes.map(v=>[v.box,`Box ${v.box}`])],x);P.addEventListener("change",()=>T(0,P.value,!0));let L=e("details",{class:"rows",id:"f8949-details",open:I});d.body.append(e("p",{},"How your sales will be reported on Form 8949, box by box. Generate the form itself under Reports."),e("table",{class:"table cards",id:"f8949-boxes"},e("caption",{class:"sr-only"},`Form 8949 boxes of ${o}`),e("thead",{},e("tr",{},...["Box","Rows","Proceeds","Cost basis","Adjustments","Gain or loss"].map(v=>e("th",{scope:"col"},v)))),e("tbody",{},...f.boxes.map(v=>e("tr",{"data-box":v.box},e("td",{"data-label":"Box"},e("strong",{},`Box ${v.box}`),e("div",{class:"muted small"},ha[v.box]||"")),e("td",{"data-label":"Rows",class:"num"},String(v.rowCount)),e("td",{"data-label":"Proceeds",class:"num"},$(v.proceedsCents)),e("td",{"data-label":"Cost basis",class:"num"},$(v.costBasisCents)),e("td",{"data-label":"Adjustments",class:"num"},$(v.adjustmentCents)),e("td",{"data-label":"Gain or loss",class:"num"},E(v.gainOrLossCents)))))),L),L.append(e("summary",{},`The ${f.total} row${f.total===1?"":"s"}${x?` of box ${x}`:""}, as on the form`),e("div",{class:"toolbar"},B("f8949-box","Show the rows of",P)),e("table",{class:"table cards",id:"f8949-rows"},e("caption",{class:"sr-only"},"Form 8949 rows"),e("thead",{},e("tr",{},...["Box","(a) Description","(b) Acquired","(c) Sold","(d) Proceeds","(e) Cost basis","(h) Gain or loss"].map(v=>e("th",{scope:"col"},v)))),e("tbody",{},...f.rows.map(v=>e("tr",{},e("td",{"data-label":"Box"},v.box),e("td",{"data-label":"Description"},v.transactionId?e("a",{href:`#/transactions/${v.transactionId}`},v.description):v.description),e("td",{"data-label":"Acquired"},v.dateAcquired?N(v.dateAcquired):"Various"),e("td",{"data-label":"Sold"},N(v.dateSold)),e("td",{"data-label":"Proceeds",class:"num"},$(v.proceedsCents)),e("td",{"data-label":"Cost basis",class:"num"},$(v.costBasisCents)),e("td",{"data-label":"Gain or loss",class:"num"},E(v.gainOrLossCents)))))),e("nav",{class:"pager","aria-label":"Form 8949 pages"},f.page>0?q("Previous rows",()=>T(f.page-1,x,!0),"secondary"):"",e("span",{class:"muted"},`Rows ${f.page*f.limit+1}\u2013${f.page*f.limit+f.rows.length} of ${f.total}`),(f.page+1)*f.limit<f.total?q("Next rows",()=>T(f.page+1,x,!0),"secondary"):""))}catch(f){d.body.replaceChildren(S(f,()=>T(b,x)))}},C=async()=>{if(w(g),!!c.hasForm1099DA)try{let b=(await s.q(sn,{year:o})).getTaxFormStatuses.taxForms;if(b.length===0)return;let x=U("reconciliation-panel","Form 1099-DA reconciliation");g.append(x.el),x.body.append(e("p",{},"Your broker reported these sales to the IRS on Form 1099-DA. Here they are compared with your own figures: differences need a look before you file."));for(let I of b){let f=(await s.q(rn,{formId:I.id})).getTaxFormReconciliation,P=f.rows.filter(L=>L.status!=="MATCHED").slice(0,20);x.body.append(e("div",{class:"recon","data-form":I.id},e("h3",{},`${I.brokerName}: ${I.rowCount} row${I.rowCount===1?"":"s"}`),e("dl",{class:"figures"},...[["Broker proceeds",$(f.brokerProceedsCents)],["Your proceeds",$(f.computedProceedsCents)],["Difference",E(f.proceedsDifferenceCents)],["Matched",String(f.matchedCount)],["Different",String(f.mismatchedCount)],["Missing in your ledger",String(f.missingInLedgerCount)],["Not on the form",String(f.missingOnFormCount)]].map(([L,v])=>e("div",{class:"figure"},e("dt",{},L),e("dd",{},v)))),P.length===0?e("p",{class:"notice ok"},"Every row matches your figures."):e("table",{class:"table cards"},e("caption",{class:"sr-only"},"Rows that differ"),e("thead",{},e("tr",{},...["Sold","Asset","Broker","Yours","Difference",""].map(L=>e("th",{scope:"col"},L)))),e("tbody",{},...P.map(L=>e("tr",{},e("td",{"data-label":"Sold"},N(L.dateSold)),e("td",{"data-label":"Asset"},`${L.amountExact} ${L.assetSymbol}`),e("td",{"data-label":"Broker",class:"num"},$(L.brokerProceedsCents)),e("td",{"data-label":"Yours",class:"num"},$(L.computedProceedsCents)),e("td",{"data-label":"Difference",class:"num"},E(L.proceedsDifferenceCents)),e("td",{"data-label":"Status"},L.status==="MISSING_IN_LEDGER"?"Not in your ledger":L.status==="MISSING_ON_FORM"?"Not on the form":L.transactionId?e("a",{href:`#/transactions/${L.transactionId}`},"Different: open"):"Different")))))))}}catch(b){g.replaceChildren(S(b,C))}},p=new Ge(s,u.body,s.client);p.load(),y();let R=s.onChange(()=>{s.years().then(()=>{h(),T(0,"")})});return()=>{p.stop(),R()}}var Ge=class{constructor(t,a,s){this.app=t;this.client=s;this.list=e("div",{id:"report-list","aria-live":"polite"},M("your reports"));this.msg=e("div",{id:"report-message",role:"status"});this.yearSel=k("year",[]);this.polling=!1;this.alive=!0;let i=e("input",{name:"email",type:"email",autocomplete:"email",value:t.s.email||""}),r=e("button",{type:"submit",id:"request-report-button"},"Request report");this.form=e("form",{id:"request-report",class:"inline-form",onsubmit:l=>{l.preventDefault(),this.request(r)}},B("report-year","Tax year",this.yearSel),B("report-type","Report",k("type",s.jurisdictionRules.reportTypes.map(l=>[l,He(l)])),"grow"),B("report-email","E-mail me a link (optional)",i,"grow"),r),a.append(e("p",{},"Reports are made from your calculated figures. They are ready in a few seconds; you can also get a link by e-mail."),this.form,this.msg,this.list)}stop(){this.alive=!1}async setYear(t){let a=await this.app.years(),s=[...new Set([...a,t])].sort((i,r)=>r-i);this.yearSel.replaceChildren(...s.map(i=>e("option",{value:i},Z(this.client,i)))),this.yearSel.value=String(t)}async load(){try{let t=(await this.app.q(Me)).getReports;this.render(t),t.some(vn)&&this.poll()}catch(t){this.list.replaceChildren(S(t,()=>this.load()))}}render(t){if(w(this.list),t.length===0){this.list.append(H("No reports yet. Choose a year and a report above.","reports-empty"));return}this.list.append(e("table",{class:"table cards"},e("caption",{class:"sr-only"},"Your reports"),e("thead",{},e("tr",{},...["Year","Report","Status","Requested",""].map(a=>e("th",{scope:"col"},a)))),e("tbody",{},...t.map(a=>e("tr",{"data-report":a.id,"data-type":a.type,"data-status":a.status},e("td",{"data-label":"Year"},a.year?Z(this.client,Number(a.year)):"\u2014"),e("td",{"data-label":"Report"},He(a.type),a.isStale?e("div",{class:"muted small"},"Your figures changed since; request it again for current ones."):""),e("td",{"data-label":"Status"},e("span",{class:`badge ${a.status.toLowerCase()}`},ba[a.status]||a.status),a.error?e("div",{class:"muted small"},a.error):""),e("td",{"data-label":"Requested"},_(a.createdAt)),e("td",{"data-label":"File"},a.status==="READY"?q("Download",s=>this.download(a,s.currentTarget),"secondary small download",{"aria-label":`Download ${a.year||""} ${He(a.type)}`}):""))))))}async request(t){let a=new FormData(this.form),s=String(a.get("email")||"").trim();try{let r=(await G(t,"Requesting\u2026",()=>this.app.q(on,{year:String(a.get("year")),type:String(a.get("type")),email:s||void 0}))).getReportExportV2;this.msg.replaceChildren(e("p",{class:"notice ok"},r.isCached?"You have this report already, up to date: it is in the list below.":`Report requested. It appears below when it is ready${s?`, and we e-mail a link to ${s}`:""}.`)),await this.load()}catch(i){this.msg.replaceChildren(S(i))}}async poll(){if(!this.polling){this.polling=!0;try{for(;this.alive;){await j(1e3);let t=(await this.app.q(Me)).getReports;if(!this.alive||(this.render(t),!t.some(vn)))return}}catch(t){this.list.replaceChildren(S(t,()=>this.load()))}finally{this.polling=!1}}}async download(t,a){try{let s=await G(a,"Preparing\u2026",()=>this.app.q(ln,{id:t.id})),i=e("a",{href:s.getReportDownloadUrl.url,download:s.getReportDownloadUrl.fileName,hidden:!0});document.body.append(i),i.click(),i.remove(),this.msg.replaceChildren(e("p",{class:"notice ok",id:"download-started"},`Downloading ${s.getReportDownloadUrl.fileName}.`))}catch(s){this.msg.replaceChildren(S(s))}}},vn=n=>n.status==="QUEUED"||n.status==="GENERATING";function He(n){return fa[n]||n.replace(/_/g," ").toLowerCase()}function $a(n,t){let a=t.words,s=[["proceeds",a.proceeds,n.proceedsCents,$],["cost-basis",a.cost,n.costBasisCents,$]];return t.hasHoldingTerms?s.push(["short-term","Short-term gains",n.shortTermCapGainsCents,E],["long-term","Long-term gains",n.longTermCapGainsCents,E]):(s.push(["gains",a.gains,n.gainsCents??0,$],["losses",a.losses,-(n.lossesCents??0),$]),a.deniedLosses&&s.push(["denied-losses",a.deniedLosses,n.deniedLossesCents??0,$])),s.push(["capital-gains",a.netGain,n.capGainsCents,E]),a.taxableGain&&s.push(["taxable-gains",a.taxableGain,n.taxableCapitalGainsCents??0,E]),s.push(["income","Income",n.incomeCents,$]),s}var je="taxd.portal.session",_e=(()=>{try{return JSON.parse(document.getElementById("taxd-page")?.textContent||"{}")}catch{return{}}})(),Y=document.getElementById("main"),ze=document.getElementById("top"),Ae=!1;function Ca(n){try{let t=n.split(".")[1].replace(/-/g,"+").replace(/_/g,"/");return JSON.parse(atob(t))}catch{return{}}}function Ta(n){sessionStorage.setItem(je,JSON.stringify(n))}function Pa(){try{let n=JSON.parse(sessionStorage.getItem(je)||"null");return n&&n.code&&n.token?n:null}catch{return null}}function Qe(n){let t=n?.partnerId?`?partner=${encodeURIComponent(n.partnerId)}`:"",a=()=>history.replaceState(null,"",location.pathname+t+location.hash);document.readyState==="complete"?a():window.addEventListener("load",a,{once:!0})}function Ln(n){if(document.body.dataset.partner=n.name,document.title=`${n.name} \xB7 Crypto tax portal`,n.primaryColor&&/^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(n.primaryColor)){let[a,s]=Sa(n.primaryColor),i=document.documentElement.style;i.setProperty("--brand",a),i.setProperty("--on-brand",s)}w(ze),ze.append(e("div",{class:"brand"},n.logoUrl&&/^https:\/\//.test(n.logoUrl)?e("img",{src:n.logoUrl,alt:`${n.name} logo`,class:"logo"}):"",e("span",{class:"partner-name"},n.name),e("span",{class:"product"},"Crypto tax portal")));let t=document.getElementById("foot");t||(t=e("footer",{id:"foot",class:"foot"}),document.body.append(t)),t.replaceChildren(e("p",{},`The tax portal of ${n.name}.`,n.supportEmail?[" Questions? Write to ",e("a",{href:`mailto:${n.supportEmail}`},n.supportEmail),"."]:""))}function Sa(n){let t=n.slice(1);t.length===3&&(t=t.split("").map(r=>r+r).join(""));let a=[0,2,4].map(r=>parseInt(t.slice(r,r+2),16)),s=r=>r.map(l=>{let d=l/255;return d<=.03928?d/12.92:Math.pow((d+.055)/1.055,2.4)}).reduce((l,d,g)=>l+d*[.2126,.7152,.0722][g],0),i=s(a);if((i+.05)/.05>=4.5&&(i+.05)/.05>1.05/(i+.05))return[n,"#000000"];for(let r=0;r<40&&1.05/(s(a)+.05)<4.5;r++)a=a.map(l=>Math.floor(l*.94));return[`#${a.map(r=>r.toString(16).padStart(2,"0")).join("")}`,"#ffffff"]}function De(n,t,...a){w(Y),document.getElementById("app-nav")?.remove(),Y.append(e("section",{class:"panel state",id:n,"aria-labelledby":`${n}-h`},e("h1",{id:`${n}-h`},t),...a))}function Ye(){if(Ae)return;Ae=!0,sessionStorage.removeItem(je);let n=document.body.dataset.partner||"your provider",t=e("p",{hidden:!0,role:"status"},`Return to ${n} and open the tax portal from there: it signs you in with a new link.`),a=e("button",{type:"button",id:"sign-in-again",onclick:()=>{window.parent!==window&&window.parent.postMessage({type:"taxd:portal:session-expired"},"*"),t.hidden=!1}},"Sign in again");De("state-expired","Your session has expired",e("p",{},`For your security the tax portal signs you out after a while. Sign in again from ${n}.`),a,t),Y.focus()}function xa(){De("state-signed-out","Sign in to your tax portal",e("p",{},"Open the tax portal from your provider\u2019s website or app: it signs you in automatically."))}var Aa=[["","Overview"],["transactions","Transactions"],["review","Review"],["portfolio","Portfolio"],["tax","Taxes"]];async function Fn(n){w(Y),Y.append(M("your tax portal"));let t,a;try{[t,a]=await Promise.all([J(n,"GET","/user"),de(n,Ut).then(r=>r.getMyActiveClient)])}catch(r){if(Ae)return;if(r instanceof O&&r.status===404)return De("state-not-found","We could not find your account",e("p",{},"This sign-in link does not belong to an account here. Open the tax portal again from your provider."));w(Y),Y.append(e("section",{class:"panel state",id:"state-error"},e("h1",{},"The tax portal could not open"),e("p",{},K(r)),e("button",{type:"button",onclick:()=>Fn(n)},"Try again")));return}Ln(t.partner),tt(a.currency),n.email=n.email||t.email||void 0;let s=new be(n,a,t.partner);s.labels().then(r=>{s.labelCache=r}).catch(()=>{}),s.accounts().then(r=>{s.accountCache=r}).catch(()=>{}),s.onChange(()=>{s.accounts().then(r=>{s.accountCache=r}).catch(()=>{})});let i=new Ce(s);Da(s,i),i.refresh(),window.parent!==window&&window.parent.postMessage({type:"taxd:portal:ready"},"*")}var te,En=!0;function Da(n,t){let a=Aa.map(([g,u])=>e("li",{},e("a",{href:`#/${g}`,"data-route":g,id:`nav-${g||"overview"}`},u,g==="review"?e("span",{class:"count",id:"review-count",hidden:!0}):""))),s=e("nav",{class:"tabs",id:"app-nav","aria-label":"Tax portal"},e("ul",{},...a));document.getElementById("app-nav")?.remove(),ze.after(s);let i=e("div",{class:"bar"},t.el),r=e("div",{id:"view"});w(Y),Y.append(i,r);let l={app:n,recalc:t,reviewCount:g=>Bn(g)},d=()=>{if(Ae)return;typeof te=="function"&&te();let[g,u]=location.hash.replace(/^#\/?/,"").split("?"),o=g.split("/").filter(Boolean).map(decodeURIComponent),y=new URLSearchParams(u||""),c=o[0]||"";for(let m of s.querySelectorAll("a"))m.dataset.route===c?m.setAttribute("aria-current","page"):m.removeAttribute("aria-current");switch(w(r),window.scrollTo(0,0),c){case"transactions":te=o[1]?Tn(l,r,o[1]):bn(l,r,y);break;case"review":te=xn(l,r,y);break;case"portfolio":te=Dn(l,r);break;case"tax":te=wn(l,r,y);break;default:te=hn(l,r)}if(!En){let m=r.querySelector("h1");m&&(m.setAttribute("tabindex","-1"),m.focus())}En=!1};window.addEventListener("hashchange",d),d(),Rn(n),n.onChange(()=>Rn(n))}async function Rn(n){try{let t=await n.q(ae);Bn(t.getClientInsights.reduce((a,s)=>a+s.transactionCount,0))}catch{}}function Bn(n){let t=document.getElementById("review-count");t&&(t.hidden=n===0,t.textContent=String(n),t.setAttribute("aria-label",`${n} to review`))}async function va(){_e.brand&&Ln(_e.brand);let n=new URLSearchParams(location.search);if(n.get("report")&&n.get("signature"))return pn(Y,n,_e.download);We(Ye);let t=null;if(n.get("token")&&n.get("code"))t={code:n.get("code"),token:n.get("token"),email:n.get("email")||void 0,clientId:""};else if(n.get("link")){Qe(null);try{let s=await et(n.get("link"));t={code:s.referenceId,token:s.accessToken,partnerId:s.partnerId,clientId:""}}catch(s){return De("state-link-invalid","This link does not work",e("p",{},K(s)))}}else t=Pa();if(!t)return Qe(null),xa();let a=Ca(t.token);return t.partnerId=t.partnerId||a.pid,t.clientId=a.sub||"",Ta(t),Qe(t),a.exp&&a.exp*1e3<=Date.now()?Ye():(a.exp&&setTimeout(Ye,Math.min(a.exp*1e3-Date.now(),2**31-1)),Fn(t))}va();})();
