"use strict";(()=>{var lt=document.querySelector('meta[name="taxd-api"]')?.content||"/api",Kn=document.querySelector('meta[name="taxd-graphql"]')?.content||"/graphql",K=class extends Error{},U=class extends Error{constructor(a,s,r=""){super(s);this.status=a;this.code=r}},ct=()=>{};function dt(n){ct=n}function Oe(){throw ct(),new K("session expired")}async function te(n,t,a,s){let r;try{r=await fetch(`${lt}/users/${encodeURIComponent(n.code)}${a}`,{method:t,headers:{Authorization:`Bearer ${n.token}`,...s===void 0?{}:{"Content-Type":"application/json"}},body:s===void 0?void 0:JSON.stringify(s)})}catch{throw be()}if(r.status===401&&Oe(),!r.ok)throw new U(r.status,await ut(r));return(await r.json()).data}async function ut(n){try{let t=await n.json();if(t&&typeof t.message=="string")return He(t.message)}catch{}return _e(n.status)}function _e(n){return n===404?"We could not find this. It may have been removed.":n===429?"Too many requests in a short time. Wait a minute, then try again.":n===503?"The service is busy or under maintenance. Try again in a minute.":"Something went wrong on our side. Try again in a moment."}function be(){return new U(0,"The portal could not reach the server. Check your internet connection and try again.","OFFLINE")}async function $e(n,t,a){let s=t.toString(),r;try{r=await fetch(Kn,{method:"POST",headers:{Authorization:`Bearer ${n.token}`,"Content-Type":"application/json"},body:JSON.stringify({query:s,variables:a??{}})})}catch{throw be()}r.status===401&&Oe();let i;try{i=await r.json()}catch{throw new U(r.status,_e(r.status))}let o=i.errors?.[0];if(o){let u=o.extensions?.code||"";throw u==="UNAUTHENTICATED"&&Oe(),new U(r.status,Jn(u,o.message),u)}return i.data}function Jn(n,t){switch(n){case"BAD_USER_INPUT":return He(t);case"NOT_FOUND":return"We could not find this. It may have been merged, deleted or changed meanwhile; reload the page.";case"CONFLICT":return`This could not be done: ${Xn(He(t))}`;case"TAXES_LOCKED":return"This falls in a tax period that is locked because it was filed. Ask your provider to unlock it first.";case"FORBIDDEN":return"Your sign-in does not allow this.";case"RATE_LIMITED":return"Too many requests in a short time. Wait a minute, then try again.";case"TIMEOUT":return"This took too long to answer. Try again, or narrow the filters.";default:return"Something went wrong on our side. Try again in a moment."}}function Xn(n){return n.charAt(0).toLowerCase()+n.slice(1)}function He(n){let t=n.replace(/^[\w.[\]]+: /,"");return/regular expression|doesn't match|format "/.test(t)?"That value is not in the expected format.":(t=t.replace(/\s+/g," ").trim(),t?t.charAt(0).toUpperCase()+t.slice(1)+(/[.!?]$/.test(t)?"":"."):"That value is not valid.")}function ne(n){return n instanceof U?n.message:"Something went wrong in the portal. Reload the page and try again."}async function pt(n,t,a,s){let r;try{r=await fetch(`${lt}/users/${encodeURIComponent(n)}/reports/${encodeURIComponent(t)}/download`,{method:"POST",headers:{"Content-Type":"application/json"},body:JSON.stringify({expires:a,signature:s})})}catch{throw be()}if(r.status===401)return"expired";if(r.status===404)return"gone";if(!r.ok)throw new U(r.status,_e(r.status));return ea(await r.blob(),Zn(r,"report")),"ok"}function Zn(n,t){let a=n.headers.get("Content-Disposition")||"",s=/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(a);return s?decodeURIComponent(s[1]):t}function ea(n,t){let a=URL.createObjectURL(n),s=document.createElement("a");s.href=a,s.download=t,s.hidden=!0,document.body.append(s),s.click(),s.remove(),setTimeout(()=>URL.revokeObjectURL(a),6e4)}async function mt(n){let t;try{t=await fetch("/portal/link-session",{method:"POST",headers:{"Content-Type":"application/json"},body:JSON.stringify({link:n})})}catch{throw be()}if(t.status===404)throw new U(404,"This link is not valid any more. Ask your provider for a new one.");if(!t.ok)throw new U(t.status,await ut(t));return t.json()}function e(n,t={},...a){let r=ta.has(n)?document.createElementNS("http://www.w3.org/2000/svg",n):document.createElement(n);for(let[i,o]of Object.entries(t))o==null||o===!1||(i.startsWith("on")&&typeof o=="function"?r.addEventListener(i.slice(2),o):o===!0?r.setAttribute(i,""):r.setAttribute(i,String(o)));for(let i of a.flat())i==null||i===!1||i===""||r.append(typeof i=="number"?String(i):i);return r}var ta=new Set(["svg","g","rect","line","text","title","desc","path","polyline","circle"]);function R(n){n.replaceChildren()}function Y(n){let t=pe(n);return t?t.toLocaleString("en-US",{dateStyle:"medium",timeStyle:"short"}):"\u2014"}function V(n){let t=pe(n);return t?t.toLocaleDateString("en-US",{dateStyle:"medium"}):"\u2014"}function Ge(n,t){let a=pe(n);return a?a.toLocaleTimeString("en-US",{hour:"numeric",minute:"2-digit",timeZone:t}):"\u2014"}function pe(n){if(!n)return null;let t=new Date(n);return isNaN(t.getTime())||t.getUTCFullYear()<1971?null:t}var Qe="USD";function gt(n){Qe=n||"USD"}function $(n){return n==null?"\u2014":(Math.round(n)===0?0:n/100).toLocaleString("en-US",{style:"currency",currency:Qe})}function F(n){return n==null?"\u2014":n>0?`+${$(n)}`:n<0?`\u2212${$(-n)}`:$(0)}function Ye(n){return(n/100).toLocaleString("en-US",{style:"currency",currency:Qe,notation:"compact",maximumFractionDigits:1})}function M(n){if(!n)return"\u2014";let t=Number(n);return isFinite(t)?t.toLocaleString("en-US",{maximumFractionDigits:Math.abs(t)>=1e3?2:8}):n}function ze(n){return n==null||!isFinite(n)?"\u2014":`${n>0?"+":n<0?"\u2212":""}${Math.abs(n).toLocaleString("en-US",{maximumFractionDigits:1})}%`}function ae(n){return n.length>16?`${n.slice(0,6)}\u2026${n.slice(-4)}`:n}function le(n){let t=document.getElementById("announcer");t||(t=e("div",{id:"announcer",class:"sr-only",role:"status","aria-live":"polite"}),document.body.append(t)),t.textContent="",setTimeout(()=>{t.textContent=n},50)}function ee(n){return new Promise(t=>setTimeout(t,n))}function k(n){return e("p",{class:"loading",role:"status"},e("span",{class:"spinner","aria-hidden":"true"}),`Loading ${n}\u2026`)}function H(n,t,...a){return e("div",{class:"empty",id:t},e("p",{},n),...a)}function q(n,t,a,s=""){return a.id=n,e("div",{class:`field ${s}`},e("label",{for:n},t),a)}function _(n,t,a){let s=e("select",{name:n},...t.map(([r,i])=>e("option",{value:r},i)));return a!==void 0&&(s.value=a),s}function L(n,t,a="",s={}){return e("button",{type:"button",class:a,onclick:t,...s},n)}function Ce(n,t,a){return s=>{let r=s.currentTarget;if(r.nextElementSibling?.classList.contains("confirm"))return;let i=()=>{u.remove(),r.hidden=!1},o=L(t,()=>{i(),a(r)},"small",{"data-confirm-yes":r.id||""}),u=e("div",{class:"confirm",role:"group","aria-label":n},e("p",{},n),o,L("Cancel",()=>{i(),r.focus()},"secondary small"));r.hidden=!0,r.after(u),o.focus()}}async function Q(n,t,a){let s=n.textContent;n.disabled=!0,n.textContent=t,n.setAttribute("aria-busy","true");try{return await a()}finally{n.disabled=!1,n.textContent=s,n.removeAttribute("aria-busy")}}var D=class extends String{constructor(t,a){super(t),this.value=t,this.__meta__=a}toString(){return this.value}},ht=new D(`
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
    `,{fragmentName:"PortalTxRow"}),yt=new D(`
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
    `,{fragmentName:"PortalTxDetail"}),It=new D(`
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
    `),ft=new D(`
    query PortalTaxYears($clientId: ID!) {
  getTaxYears(clientId: $clientId)
}
    `),bt=new D(`
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
    `),$t=new D(`
    query PortalDirty($clientId: ID!) {
  countDirty(clientId: $clientId)
}
    `),Ct=new D(`
    query PortalActiveJob($clientId: ID!) {
  getActiveRecalculateJob(clientId: $clientId) {
    id
    status
    progress
    attempt
  }
}
    `),Tt=new D(`
    query PortalLastRun {
  getMyActiveClient {
    id
    lastRecalculatedAt
  }
}
    `),St=new D(`
    mutation PortalRecalculate($clientId: ID!) {
  rerunGraph(clientId: $clientId)
}
    `),xt=new D(`
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
    `),Pt=new D(`
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
    `),Dt=new D(`
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
    `),wt=new D(`
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
    `),At=new D(`
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
    `),vt=new D(`
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
}`),Et=new D(`
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
}`),Rt=new D(`
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
    `),Lt=new D(`
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
    `),Ft=new D(`
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
    `),Bt=new D(`
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
    `),Mt=new D(`
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
    `),Nt=new D(`
    mutation PortalHide($clientId: ID!, $id: ID!, $hidden: Boolean!) {
  hideTransaction(clientId: $clientId, transactionId: $id, isHidden: $hidden) {
    id
    isHidden
  }
}
    `),qt=new D(`
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
    `),kt=new D(`
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
    `),Vt=new D(`
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
    `),Ut=new D(`
    mutation PortalPair($clientId: ID!, $from: ID!, $to: ID!) {
  markInternalTransfer(
    clientId: $clientId
    fromTransactionId: $from
    toTransactionId: $to
  )
}
    `),Ot=new D(`
    mutation PortalUnpair($clientId: ID!, $from: ID!, $to: ID!) {
  unmarkInternalTransfer(
    clientId: $clientId
    fromTransactionId: $from
    toTransactionId: $to
  )
}
    `),Ht=new D(`
    mutation PortalUndo($clientId: ID!, $ids: [ID!]!) {
  undoAuditLogs(clientId: $clientId, auditLogIds: $ids, source: "portal") {
    id
  }
}
    `),_t=new D(`
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
    `),Gt=new D(`
    mutation PortalMarkSpam($assetId: ID!, $spam: Boolean) {
  updateAsset(assetId: $assetId, isSpam: $spam) {
    id
    isSpam
  }
}
    `),Qt=new D(`
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
    `),Yt=new D(`
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
    `),zt=new D(`
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
    `),Wt=new D(`
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
    `),jt=new D(`
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
    `),Kt=new D(`
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
    `),Jt=new D(`
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
    `),Xt=new D(`
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
    `),Zt=new D(`
    query PortalDownloadUrl($id: ID!) {
  getReportDownloadUrl(reportId: $id) {
    url
    fileName
  }
}
    `);var aa={"\nfragment PortalTxRow on Transaction {\n  id createdAt label accountId provider isHidden isMissingBasis hasNegativeBalance isInternalTransfer isDirty isSpam\n  fiatValueCents capGainsSumSigned incomeSum\n  transfers { id direction isFee amountExact assetId asset { id symbol } fiatValueCents }\n}":ht,"\nfragment PortalTxDetail on Transaction {\n  id createdAt txnHash accountId provider explorerUrl label labelSource notes isHidden isReviewed isDirty isMissingBasis\n  hasNegativeBalance isInternalTransfer isEdited isSpam isOffChain linkType linkId linkedTransactionId\n  fiatValueCents feeFiatValueCents capGainsSumSigned incomeSum\n  classification { rule confidence explanation }\n  transfers {\n    id ordering assetId asset { id symbol name pricingKey } amountExact fromAccountId toAccountId fromAddress toAddress\n    direction isFee isHidden fiatValueCents basisFiatValueCents isFiatValueOverridden capGainsSumSigned incomeSum\n    saleTerm uncoveredAmountExact\n  }\n}":yt,"\nquery PortalClient {\n  getMyActiveClient {\n    id name currency timezone fiscalYearStart costBasisAlgorithm lockTaxesUntil\n    jurisdictionRules {\n      jurisdiction name taxYearStart taxYearLabelFormat hasHoldingTerms hasForm8949 hasForm1099DA reportTypes text matchingText\n      words { proceeds cost gains losses netGain taxableGain deniedLosses holding shortTerm longTerm taxableIncome threshold }\n    }\n  }\n}":It,"\nquery PortalTaxYears($clientId: ID!) { getTaxYears(clientId: $clientId) }":ft,"\nquery PortalYear($clientId: ID!, $year: String!) {\n  getIncomeAndCapGains(clientId: $clientId, year: $year) {\n    year startDate endDate proceedsCents costBasisCents shortTermCapGainsCents longTermCapGainsCents capGainsCents\n    futuresCents incomeCents incomeByLabel { label name incomeCents transactionCount } disposalCount transactionCount\n    isStale computedAt jurisdiction taxYearLabel gainsCents lossesCents deniedLossesCents taxableCapitalGainsCents\n    gainThresholdCents taxableIncomeCents incomeThresholdCents discountGainsCents lossesBroughtForwardCents discountCents lossesCarriedForwardCents\n  }\n}":bt,"\nquery PortalDirty($clientId: ID!) { countDirty(clientId: $clientId) }":$t,"\nquery PortalActiveJob($clientId: ID!) {\n  getActiveRecalculateJob(clientId: $clientId) { id status progress attempt }\n}":Ct,"\nquery PortalLastRun { getMyActiveClient { id lastRecalculatedAt } }":Tt,"\nmutation PortalRecalculate($clientId: ID!) { rerunGraph(clientId: $clientId) }":St,"\nquery PortalTransactionCount($clientId: ID!, $search: String, $startDate: Date, $endDate: Date, $assetIds: [String!], $accountIds: [ID!],\n    $labels: [String!], $labelFilterMode: String, $insightPatternId: ID, $includeHidden: Boolean) {\n  getClientTransactionsSummary(clientId: $clientId, search: $search, startDate: $startDate, endDate: $endDate, assetIds: $assetIds,\n      accountIds: $accountIds, labels: $labels, labelFilterMode: $labelFilterMode, insightPatternId: $insightPatternId, includeHidden: $includeHidden) {\n    transactionCount\n  }\n}":xt,"\nquery PortalReviewQueue($clientId: ID!, $patternId: ID, $limit: Int) {\n  getClientReviewQueue(clientId: $clientId, patternId: $patternId, limit: $limit) {\n    totalCount\n    groups { patternId type severity title count assetId }\n    items { transactionId patternId type problems }\n  }\n}":Pt,"\nquery PortalAccounts($clientId: String!) {\n  getClientAccounts(clientId: $clientId) {\n    id name type provider address status transactionCount lastSyncedAt lastSyncError\n  }\n}":Dt,"\nquery PortalAssets($clientId: ID!) {\n  getClientAssets(clientId: $clientId, hideSpamAssets: true) { assets { id symbol name pricingKey } }\n}":wt,"\nquery PortalLabels($clientId: ID) {\n  getLabels(clientId: $clientId) { value name description category isIncome isDisposal isNonTaxable }\n}":At,"\nquery PortalTransactions($clientId: ID!, $page: Int, $limit: Int, $search: String, $startDate: Date, $endDate: Date,\n    $assetIds: [String!], $accountIds: [ID!], $labels: [String!], $labelFilterMode: String, $insightPatternId: ID,\n    $includeHidden: Boolean, $onlyTransactionIds: [String!]) {\n  getClientTransactions(clientId: $clientId, page: $page, limit: $limit, skipTotal: true, search: $search,\n      startDate: $startDate, endDate: $endDate, assetIds: $assetIds, accountIds: $accountIds, labels: $labels,\n      labelFilterMode: $labelFilterMode, insightPatternId: $insightPatternId, includeHidden: $includeHidden,\n      onlyTransactionIds: $onlyTransactionIds) {\n    transactions { ...PortalTxRow }\n    page limit hasNextPage\n  }\n}":vt,"\nquery PortalTransaction($clientId: ID!, $id: ID!) {\n  getTransaction(clientId: $clientId, transactionId: $id, includeAllTransfers: true) { ...PortalTxDetail }\n}":Et,"\nquery PortalTransactionLots($clientId: ID!, $key: String!, $id: ID) {\n  getTaxLots(clientId: $clientId, assetPricingKey: $key, transactionId: $id) {\n    costBasisAlgorithm\n    disposals {\n      transferId amountExact proceedsCents costBasisCents gainCents term box lotAcquiredAt lotTransactionId\n      isUncovered isMissingBasis match deniedLossExact\n    }\n    lots { id acquiredAt amountExact originalAmountExact costBasisCents term isMissingBasis }\n  }\n}":Rt,"\nquery PortalLabelOptions($clientId: ID!, $id: ID!) {\n  getTransactionTypeOptions(clientId: $clientId, transactionId: $id) {\n    options { value name description } recommended { value } currentLabel\n  }\n}":Lt,"\nquery PortalAudit($clientId: ID!, $ids: [ID!]) {\n  getClientAuditLogs(clientId: $clientId, transactionIds: $ids, limit: 25, page: 0) {\n    auditLogs { id createdAt actorType action entityType field oldValue newValue undoneAt canUndo source }\n    total\n  }\n}":Ft,"\nquery PortalPairs($clientId: ID!, $id: ID, $limit: Int) {\n  getTransferPairSuggestions(clientId: $clientId, transactionId: $id, limit: $limit) {\n    fromTransactionId toTransactionId fromAccountId toAccountId sentAmountExact receivedAmountExact feeAmountExact\n    sentAt receivedAt asset { symbol }\n  }\n}":Bt,'\nmutation PortalLabel($clientId: ID!, $ids: [ID!]!, $label: String, $wipe: Boolean) {\n  labelTransactions(clientId: $clientId, transactionIds: $ids, label: $label, wipeLabel: $wipe, source: "portal") { id label }\n}':Mt,"\nmutation PortalHide($clientId: ID!, $id: ID!, $hidden: Boolean!) {\n  hideTransaction(clientId: $clientId, transactionId: $id, isHidden: $hidden) { id isHidden }\n}":Nt,'\nmutation PortalReviewed($clientId: ID!, $id: ID!, $reviewed: Boolean!) {\n  updateTransaction(clientId: $clientId, transactionId: $id, createDefaultRule: false, source: "portal",\n      updates: { isReviewed: $reviewed }) { transaction { id isReviewed } }\n}':qt,"\nmutation PortalSetPrice($clientId: ID!, $ids: [ID!]!, $assetId: ID, $price: Float) {\n  saveReceivePriceForTransactions(clientId: $clientId, transactionIds: $ids, assetId: $assetId, fiatValue: $price) { id }\n}":kt,'\nmutation PortalSetValue($clientId: ID!, $tx: ID!, $transfer: ID!, $value: Float, $basis: Float, $reset: Boolean) {\n  updateTransfer(clientId: $clientId, transactionId: $tx, transferId: $transfer, fiatValue: $value, basisFiatValue: $basis,\n      resetFiatValue: $reset, source: "portal") { id }\n}':Vt,"\nmutation PortalPair($clientId: ID!, $from: ID!, $to: ID!) {\n  markInternalTransfer(clientId: $clientId, fromTransactionId: $from, toTransactionId: $to)\n}":Ut,"\nmutation PortalUnpair($clientId: ID!, $from: ID!, $to: ID!) {\n  unmarkInternalTransfer(clientId: $clientId, fromTransactionId: $from, toTransactionId: $to)\n}":Ot,'\nmutation PortalUndo($clientId: ID!, $ids: [ID!]!) {\n  undoAuditLogs(clientId: $clientId, auditLogIds: $ids, source: "portal") { id }\n}':Ht,"\nmutation PortalAcceptBasis($clientId: ID!, $ids: [ID!]!, $override: Boolean!) {\n  updateMultiTransactionsCostBasis(clientId: $clientId, transactionIds: $ids, isMissingBasis: false, overrideIsMissingBasis: $override) { id }\n}":_t,"\nmutation PortalMarkSpam($assetId: ID!, $spam: Boolean) {\n  updateAsset(assetId: $assetId, isSpam: $spam) { id isSpam }\n}":Gt,"\nquery PortalPortfolio($clientId: ID!) {\n  getPortfolioV2(clientId: $clientId, limit: 100, sort: VALUE) {\n    positions {\n      assetId asset { symbol name } amountExact price valueCents costBasisCents unrealizedGainCents\n      unrealizedGainPercent portfolioPercent\n    }\n    total totalValueCents totalCostBasisCents totalUnrealizedGainCents isStale computedAt\n  }\n}":Qt,"\nquery PortalChart($clientId: ID!, $interval: HistoricalBalanceIntervalEnum!) {\n  getChart(clientId: $clientId, interval: $interval) {\n    points { date valueCents costBasisCents } startValueCents endValueCents changeCents changePercent isStale\n  }\n}":Yt,"\nquery PortalHarvest($clientId: ID!, $date: Date!) {\n  getHarvestableLosses(clientId: $clientId, date: $date) {\n    totalUnrealizedLossCents shortTermUnrealizedLossCents longTermUnrealizedLossCents\n    assets {\n      assetId asset { symbol name } amountExact price marketValueCents costBasisCents unrealizedGainCents\n      shortTermUnrealizedGainCents longTermUnrealizedGainCents hasRecentAcquisition\n    }\n    unpricedAssetIds isStale\n  }\n}":zt,"\nquery PortalForm8949($clientId: ID!, $year: Int!, $box: Form8949BoxEnum, $page: Int) {\n  getForm8949PreviewForYear(clientId: $clientId, year: $year, box: $box, page: $page, limit: 25) {\n    boxes { box term rowCount proceedsCents costBasisCents adjustmentCents gainOrLossCents }\n    rows { transactionId description dateAcquired dateSold proceedsCents costBasisCents gainOrLossCents box }\n    total page limit isStale\n  }\n}":Wt,'\nquery PortalTaxForms($clientId: ID!, $year: Int!) {\n  getTaxFormStatuses(clientId: $clientId, year: $year, formType: "FORM_1099_DA") {\n    taxForms { id brokerName status statusMessage rowCount uploadedAt }\n  }\n}':jt,"\nquery PortalReconciliation($clientId: ID!, $formId: ID!) {\n  getTaxFormReconciliation(clientId: $clientId, taxFormId: $formId) {\n    brokerProceedsCents computedProceedsCents proceedsDifferenceCents brokerCostBasisCents computedCostBasisCents\n    matchedCount mismatchedCount missingInLedgerCount missingOnFormCount\n    rows {\n      id status transactionId assetSymbol amountExact dateSold brokerProceedsCents computedProceedsCents\n      proceedsDifferenceCents brokerCostBasisCents computedCostBasisCents\n    }\n  }\n}":Kt,"\nquery PortalReports($clientId: ID!) {\n  getReports(clientId: $clientId) { id type status year fileName isStale error createdAt completedAt }\n}":Jt,"\nquery PortalRequestReport($clientId: ID!, $type: ReportExportTypeEnum!, $year: String!, $email: String) {\n  getReportExportV2(clientId: $clientId, type: $type, dateQueryType: TAX_YEAR, year: $year, email: $email) {\n    report { id status } isCached emailQueued\n  }\n}":Xt,"\nquery PortalDownloadUrl($id: ID!) { getReportDownloadUrl(reportId: $id) { url fileName } }":Zt};function w(n){return aa[n]??{}}var ls=w(`
fragment PortalTxRow on Transaction {
  id createdAt label accountId provider isHidden isMissingBasis hasNegativeBalance isInternalTransfer isDirty isSpam
  fiatValueCents capGainsSumSigned incomeSum
  transfers { id direction isFee amountExact assetId asset { id symbol } fiatValueCents }
}`),cs=w(`
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
}`),en=w(`
query PortalClient {
  getMyActiveClient {
    id name currency timezone fiscalYearStart costBasisAlgorithm lockTaxesUntil
    jurisdictionRules {
      jurisdiction name taxYearStart taxYearLabelFormat hasHoldingTerms hasForm8949 hasForm1099DA reportTypes text matchingText
      words { proceeds cost gains losses netGain taxableGain deniedLosses holding shortTerm longTerm taxableIncome threshold }
    }
  }
}`),tn=w(`
query PortalTaxYears($clientId: ID!) { getTaxYears(clientId: $clientId) }`),me=w(`
query PortalYear($clientId: ID!, $year: String!) {
  getIncomeAndCapGains(clientId: $clientId, year: $year) {
    year startDate endDate proceedsCents costBasisCents shortTermCapGainsCents longTermCapGainsCents capGainsCents
    futuresCents incomeCents incomeByLabel { label name incomeCents transactionCount } disposalCount transactionCount
    isStale computedAt jurisdiction taxYearLabel gainsCents lossesCents deniedLossesCents taxableCapitalGainsCents
    gainThresholdCents taxableIncomeCents incomeThresholdCents discountGainsCents lossesBroughtForwardCents discountCents lossesCarriedForwardCents
  }
}`),nn=w(`
query PortalDirty($clientId: ID!) { countDirty(clientId: $clientId) }`),We=w(`
query PortalActiveJob($clientId: ID!) {
  getActiveRecalculateJob(clientId: $clientId) { id status progress attempt }
}`),an=w(`
query PortalLastRun { getMyActiveClient { id lastRecalculatedAt } }`),sn=w(`
mutation PortalRecalculate($clientId: ID!) { rerunGraph(clientId: $clientId) }`),rn=w(`
query PortalTransactionCount($clientId: ID!, $search: String, $startDate: Date, $endDate: Date, $assetIds: [String!], $accountIds: [ID!],
    $labels: [String!], $labelFilterMode: String, $insightPatternId: ID, $includeHidden: Boolean) {
  getClientTransactionsSummary(clientId: $clientId, search: $search, startDate: $startDate, endDate: $endDate, assetIds: $assetIds,
      accountIds: $accountIds, labels: $labels, labelFilterMode: $labelFilterMode, insightPatternId: $insightPatternId, includeHidden: $includeHidden) {
    transactionCount
  }
}`),se=w(`
query PortalReviewQueue($clientId: ID!, $patternId: ID, $limit: Int) {
  getClientReviewQueue(clientId: $clientId, patternId: $patternId, limit: $limit) {
    totalCount
    groups { patternId type severity title count assetId }
    items { transactionId patternId type problems }
  }
}`),on=w(`
query PortalAccounts($clientId: String!) {
  getClientAccounts(clientId: $clientId) {
    id name type provider address status transactionCount lastSyncedAt lastSyncError
  }
}`),ln=w(`
query PortalAssets($clientId: ID!) {
  getClientAssets(clientId: $clientId, hideSpamAssets: true) { assets { id symbol name pricingKey } }
}`),cn=w(`
query PortalLabels($clientId: ID) {
  getLabels(clientId: $clientId) { value name description category isIncome isDisposal isNonTaxable }
}`),Te=w(`
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
}`),ge=w(`
query PortalTransaction($clientId: ID!, $id: ID!) {
  getTransaction(clientId: $clientId, transactionId: $id, includeAllTransfers: true) { ...PortalTxDetail }
}`),Se=w(`
query PortalTransactionLots($clientId: ID!, $key: String!, $id: ID) {
  getTaxLots(clientId: $clientId, assetPricingKey: $key, transactionId: $id) {
    costBasisAlgorithm
    disposals {
      transferId amountExact proceedsCents costBasisCents gainCents term box lotAcquiredAt lotTransactionId
      isUncovered isMissingBasis match deniedLossExact
    }
    lots { id acquiredAt amountExact originalAmountExact costBasisCents term isMissingBasis }
  }
}`),xe=w(`
query PortalLabelOptions($clientId: ID!, $id: ID!) {
  getTransactionTypeOptions(clientId: $clientId, transactionId: $id) {
    options { value name description } recommended { value } currentLabel
  }
}`),dn=w(`
query PortalAudit($clientId: ID!, $ids: [ID!]) {
  getClientAuditLogs(clientId: $clientId, transactionIds: $ids, limit: 25, page: 0) {
    auditLogs { id createdAt actorType action entityType field oldValue newValue undoneAt canUndo source }
    total
  }
}`),Pe=w(`
query PortalPairs($clientId: ID!, $id: ID, $limit: Int) {
  getTransferPairSuggestions(clientId: $clientId, transactionId: $id, limit: $limit) {
    fromTransactionId toTransactionId fromAccountId toAccountId sentAmountExact receivedAmountExact feeAmountExact
    sentAt receivedAt asset { symbol }
  }
}`),De=w(`
mutation PortalLabel($clientId: ID!, $ids: [ID!]!, $label: String, $wipe: Boolean) {
  labelTransactions(clientId: $clientId, transactionIds: $ids, label: $label, wipeLabel: $wipe, source: "portal") { id label }
}`),he=w(`
mutation PortalHide($clientId: ID!, $id: ID!, $hidden: Boolean!) {
  hideTransaction(clientId: $clientId, transactionId: $id, isHidden: $hidden) { id isHidden }
}`),we=w(`
mutation PortalReviewed($clientId: ID!, $id: ID!, $reviewed: Boolean!) {
  updateTransaction(clientId: $clientId, transactionId: $id, createDefaultRule: false, source: "portal",
      updates: { isReviewed: $reviewed }) { transaction { id isReviewed } }
}`),un=w(`
mutation PortalSetPrice($clientId: ID!, $ids: [ID!]!, $assetId: ID, $price: Float) {
  saveReceivePriceForTransactions(clientId: $clientId, transactionIds: $ids, assetId: $assetId, fiatValue: $price) { id }
}`),je=w(`
mutation PortalSetValue($clientId: ID!, $tx: ID!, $transfer: ID!, $value: Float, $basis: Float, $reset: Boolean) {
  updateTransfer(clientId: $clientId, transactionId: $tx, transferId: $transfer, fiatValue: $value, basisFiatValue: $basis,
      resetFiatValue: $reset, source: "portal") { id }
}`),pn=w(`
mutation PortalPair($clientId: ID!, $from: ID!, $to: ID!) {
  markInternalTransfer(clientId: $clientId, fromTransactionId: $from, toTransactionId: $to)
}`),mn=w(`
mutation PortalUnpair($clientId: ID!, $from: ID!, $to: ID!) {
  unmarkInternalTransfer(clientId: $clientId, fromTransactionId: $from, toTransactionId: $to)
}`),gn=w(`
mutation PortalUndo($clientId: ID!, $ids: [ID!]!) {
  undoAuditLogs(clientId: $clientId, auditLogIds: $ids, source: "portal") { id }
}`),ye=w(`
mutation PortalAcceptBasis($clientId: ID!, $ids: [ID!]!, $override: Boolean!) {
  updateMultiTransactionsCostBasis(clientId: $clientId, transactionIds: $ids, isMissingBasis: false, overrideIsMissingBasis: $override) { id }
}`),hn=w(`
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
}`),yn=w(`
query PortalChart($clientId: ID!, $interval: HistoricalBalanceIntervalEnum!) {
  getChart(clientId: $clientId, interval: $interval) {
    points { date valueCents costBasisCents } startValueCents endValueCents changeCents changePercent isStale
  }
}`),In=w(`
query PortalHarvest($clientId: ID!, $date: Date!) {
  getHarvestableLosses(clientId: $clientId, date: $date) {
    totalUnrealizedLossCents shortTermUnrealizedLossCents longTermUnrealizedLossCents
    assets {
      assetId asset { symbol name } amountExact price marketValueCents costBasisCents unrealizedGainCents
      shortTermUnrealizedGainCents longTermUnrealizedGainCents hasRecentAcquisition
    }
    unpricedAssetIds isStale
  }
}`),fn=w(`
query PortalForm8949($clientId: ID!, $year: Int!, $box: Form8949BoxEnum, $page: Int) {
  getForm8949PreviewForYear(clientId: $clientId, year: $year, box: $box, page: $page, limit: 25) {
    boxes { box term rowCount proceedsCents costBasisCents adjustmentCents gainOrLossCents }
    rows { transactionId description dateAcquired dateSold proceedsCents costBasisCents gainOrLossCents box }
    total page limit isStale
  }
}`),bn=w(`
query PortalTaxForms($clientId: ID!, $year: Int!) {
  getTaxFormStatuses(clientId: $clientId, year: $year, formType: "FORM_1099_DA") {
    taxForms { id brokerName status statusMessage rowCount uploadedAt }
  }
}`),$n=w(`
query PortalReconciliation($clientId: ID!, $formId: ID!) {
  getTaxFormReconciliation(clientId: $clientId, taxFormId: $formId) {
    brokerProceedsCents computedProceedsCents proceedsDifferenceCents brokerCostBasisCents computedCostBasisCents
    matchedCount mismatchedCount missingInLedgerCount missingOnFormCount
    rows {
      id status transactionId assetSymbol amountExact dateSold brokerProceedsCents computedProceedsCents
      proceedsDifferenceCents brokerCostBasisCents computedCostBasisCents
    }
  }
}`),Ke=w(`
query PortalReports($clientId: ID!) {
  getReports(clientId: $clientId) { id type status year fileName isStale error createdAt completedAt }
}`),Cn=w(`
query PortalRequestReport($clientId: ID!, $type: ReportExportTypeEnum!, $year: String!, $email: String) {
  getReportExportV2(clientId: $clientId, type: $type, dateQueryType: TAX_YEAR, year: $year, email: $email) {
    report { id status } isCached emailQueued
  }
}`),Tn=w(`
query PortalDownloadUrl($id: ID!) { getReportDownloadUrl(reportId: $id) { url fileName } }`);var ve=class{constructor(t,a,s){this.s=t;this.client=a;this.brand=s;this.changed=[];this.labelCache=[];this.accountCache=[]}q(t,a){return $e(this.s,t,{clientId:this.client.id,...a})}accounts(){return this.accountsP||(this.accountsP=this.q(on).then(t=>t.getClientAccounts.filter(a=>!!a))),this.accountsP.catch(()=>{this.accountsP=void 0}),this.accountsP}assets(){return this.assetsP||(this.assetsP=this.q(ln).then(t=>t.getClientAssets.assets)),this.assetsP.catch(()=>{this.assetsP=void 0}),this.assetsP}labels(){return this.labelsP||(this.labelsP=this.q(cn).then(t=>t.getLabels)),this.labelsP.catch(()=>{this.labelsP=void 0}),this.labelsP}years(){return this.yearsP||(this.yearsP=this.q(tn).then(t=>[...t.getTaxYears].reverse())),this.yearsP.catch(()=>{this.yearsP=void 0}),this.yearsP}async defaultYear(){let t=await this.years();return t.length?t[0]:new Date().getUTCFullYear()}labelName(t){if(!t)return"Unlabeled";let a=this.labelCache.find(s=>s.value===t);return a?a.name:t.replace(/_/g," ").replace(/^./,s=>s.toUpperCase())}accountName(t,a=this.accountCache){if(!t)return"Outside your accounts";let s=a.find(r=>r.id===t);return s?re(s):"A removed account"}onChange(t){return this.changed.push(t),()=>{this.changed=this.changed.filter(a=>a!==t)}}ledgerChanged(t){t==="accounts"&&(this.accountsP=void 0,this.assetsP=void 0,this.yearsP=void 0),t==="results"&&(this.yearsP=void 0);for(let a of[...this.changed])a(t)}};function re(n){let t=(n.name||"").trim();return t&&t!==n.address?t:n.address?`${ce(n.provider)} wallet ${n.address.length>16?`${n.address.slice(0,6)}\u2026${n.address.slice(-4)}`:n.address}`:ce(n.provider)}var sa={ethereum:"Ethereum",bitcoin:"Bitcoin",solana:"Solana",base:"Base",arbitrum:"Arbitrum",optimism:"Optimism",polygon:"Polygon",bsc:"BNB Smart Chain",coinbase:"Coinbase",kraken:"Kraken",generic:"File",file:"File"};function ce(n){return sa[n]||n.charAt(0).toUpperCase()+n.slice(1)}function x(n,t,...a){return n instanceof K?e("span"):e("div",{class:"notice error",role:"alert"},e("p",{},ne(n)),...a,t?L("Try again",t,"secondary small"):"")}function G(n,t,...a){let s=e("div",{class:"section-body"},...a);return{el:e("section",{class:"panel",id:n,"aria-labelledby":`${n}-h`},e("h2",{id:`${n}-h`},t),s),body:s}}function ra(n,t){let a=new Intl.DateTimeFormat("en-US",{timeZone:n,hourCycle:"h23",year:"numeric",month:"2-digit",day:"2-digit",hour:"2-digit",minute:"2-digit",second:"2-digit"}).formatToParts(t),s=r=>Number(a.find(i=>i.type===r)?.value||0);return Date.UTC(s("year"),s("month")-1,s("day"),s("hour"),s("minute"),s("second"))-Math.floor(t.getTime()/1e3)*1e3}function Sn(n,t,a,s){let r=Date.UTC(n,t-1,a);for(let i=0;i<2;i++)try{r=Date.UTC(n,t-1,a)-ra(s,new Date(r))}catch{return new Date(Date.UTC(n,t-1,a))}return new Date(r)}function Je(n,t){let[a,s]=(n.fiscalYearStart||"01-01").split("-").map(Number);return[Sn(t,a||1,s||1,n.timezone).toISOString(),Sn(t+1,a||1,s||1,n.timezone).toISOString()]}function ia(n,t=new Date){let a=t.getUTCFullYear();return[a+1,a,a-1].find(s=>new Date(Je(n,s)[0])<=t)??a-1}function Ie(n,t,a){let s=[ia(n),...t,...a?[a]:[]],r=[];for(let i=Math.max(...s);i>=Math.min(...s);i--)r.push(i);return r}function z(n,t){let a=n.jurisdictionRules.taxYearLabelFormat;return a.length===7?`${t}${a[4]}${String((t+1)%100).padStart(2,"0")}`:String(t)}function B(n,t=!1){let a=n.jurisdictionRules.words.cost;return t?a.charAt(0).toLowerCase()+a.slice(1):a}function W(n,t,a=!1){let s=n.jurisdictionRules.words,r=t==="SHORT_TERM"?s.shortTerm||"Short-term":t==="LONG_TERM"?s.longTerm||"Long-term":t;return a?r.charAt(0).toLowerCase()+r.slice(1):r}var xn=1e3,oa=1500,la=15e3,ca=5e3,Ee=class{constructor(t){this.app=t;this.el=e("div",{id:"recalc-status",class:"status-bar","aria-live":"polite"});this.state="settled";this.following=!1;this.listeners=[];t.onChange(a=>{a==="edit"&&this.soon(),a!=="results"&&this.refresh()}),window.addEventListener("offline",()=>this.unreachable()),window.addEventListener("online",()=>this.refresh())}again(t){window.clearTimeout(this.check),this.check=window.setTimeout(()=>this.refresh(),t)}unreachable(){this.state="unreachable",this.el.dataset.state="unreachable",this.el.replaceChildren(e("div",{class:"status unreachable",id:"recalc-unreachable",role:"status"},e("span",{},"We can\u2019t reach the server right now, so what you see may be out of date. Trying again\u2026")));for(let t of this.listeners)t("unreachable");this.again(ca)}get scheduled(){return this.timer!==void 0}soon(){window.clearTimeout(this.timer),this.timer=window.setTimeout(()=>{this.timer=void 0,this.following?this.soon():this.start()},oa)}onState(t){return this.listeners.push(t),()=>{this.listeners=this.listeners.filter(a=>a!==t)}}async refresh(){if(!this.following)try{let[t,a,s,r]=await Promise.all([this.app.q(nn),this.app.q(We),this.app.q(an),this.app.accounts()]);if(a.getActiveRecalculateJob)return this.follow(a.getActiveRecalculateJob);let i=!s.getMyActiveClient.lastRecalculatedAt&&r.length>0;this.show(t.countDirty>0||i?"dirty":"settled",t.countDirty,void 0,i),this.again(la)}catch(t){if(t instanceof K)return;if(t instanceof U&&(t.code==="OFFLINE"||t.status>=500))return this.unreachable();this.el.replaceChildren(x(t,()=>this.refresh()))}}async start(){if(window.clearTimeout(this.timer),this.timer=void 0,!this.following)try{let t=(await this.app.q(sn)).rerunGraph;await this.follow({id:t,status:"QUEUED",progress:0,attempt:1})}catch(t){this.el.replaceChildren(x(t,()=>this.start()))}}async follow(t){this.following=!0;let a=t;try{for(;a;){this.show("recalculating",0,a),await ee(xn);try{a=(await this.app.q(We)).getActiveRecalculateJob}catch(s){if(s instanceof K)return;await ee(xn*3)}}}finally{this.following=!1}le("Recalculation finished: your figures are up to date."),this.app.ledgerChanged("results"),await this.refresh()}show(t,a,s,r=!1){if(this.state=t,this.el.dataset.state=t,t==="recalculating"&&s){let i=s.status==="QUEUED";this.el.replaceChildren(e("div",{class:"status recalculating",id:"recalc-running"},e("span",{class:"spinner","aria-hidden":"true"}),e("span",{},i?"Updating your figures: queued\u2026":`Updating your figures\u2026 ${s.progress}%`),e("progress",{max:100,value:s.progress,"aria-label":"Recalculation progress"})))}else t==="dirty"?this.el.replaceChildren(e("div",{class:"status dirty",id:"recalc-dirty"},e("span",{},r?"Your taxes have not been calculated yet.":this.scheduled?"Updating your figures with your changes in a moment\u2026":a===1?"1 change is not in your figures yet.":`${a.toLocaleString("en-US")} changes are not in your figures yet.`),L(r?"Calculate":this.scheduled?"Update now":"Recalculate",()=>this.start(),"small",{id:"recalculate"}))):this.el.replaceChildren(e("div",{class:"status settled",id:"recalc-settled"},e("span",{class:"check","aria-hidden":"true"},"\u2713"),e("span",{},"Your figures are up to date.")));for(let i of this.listeners)i(t)}};var da={"tax-forms":"tax forms","form-8949-csv":"Form 8949","form-8949-pdf":"Form 8949","schedule-d-csv":"Schedule D","schedule-d-pdf":"Schedule D","schedule-1-pdf":"Schedule 1","capital-gains-csv":"capital gains report","income-csv":"income report","transaction-history-csv":"transaction history","turbotax-csv":"TurboTax file","taxact-csv":"TaxAct file","holdings-csv":"year-end holdings"};function Pn(n,t,a){let s=t.get("code")||"",r=t.get("report")||"",i=Number(t.get("expires")),o=t.get("signature")||"",u=()=>history.replaceState(null,"",location.pathname);document.readyState==="complete"?u():window.addEventListener("load",u,{once:!0});let I=(l,...d)=>{R(n),n.append(e("section",{class:"panel state",id:"state-download","data-state":a?.state||"unchecked","aria-labelledby":"dl-h"},e("h1",{id:"dl-h"},l),...d))},g="Request the report again in the tax portal of your provider: it e-mails you a new link.";switch(a?.state){case"expired":return I("This download link has expired",e("p",{id:"download-expired"},`For your security, download links work for a limited time. ${g}`));case"invalid":return I("This download link does not work",e("p",{id:"download-invalid"},`The link is incomplete or was changed. Open the whole link from the e-mail, or: ${g.charAt(0).toLowerCase()}${g.slice(1)}`));case"gone":return I("This report is no longer available",e("p",{id:"download-gone"},g))}let c=e("div",{id:"download-message",role:"status","aria-live":"polite"}),h=e("button",{type:"button",id:"download-report",onclick:async()=>{h.disabled=!0,c.replaceChildren(e("p",{},"Preparing your download\u2026"));try{let l=await pt(s,r,i,o);c.replaceChildren(l==="ok"?e("p",{class:"notice ok",id:"download-started"},"Your download has started."):l==="expired"?e("p",{class:"notice error",role:"alert",id:"download-expired"},`This link has expired. ${g}`):e("p",{class:"notice error",role:"alert",id:"download-gone"},`This report is no longer available. ${g}`))}catch(l){c.replaceChildren(e("p",{class:"notice error",role:"alert"},l instanceof U?l.message:ne(l)))}finally{h.disabled=!1}}},"Download");if(a?.state==="ready"){let l=da[a.reportType||""]||"tax report",d=`${a.year?`${a.year} `:""}${l}`;return I(`Your ${d} ${l==="tax forms"?"are":"is"} ready`,e("p",{},a.fileName?`The file ${a.fileName} is ready to download.`:"The file is ready to download.",a.expiresAt?` This link works until ${Y(a.expiresAt)}.`:""),h,c)}return I("Download your tax report",e("p",{},i?`This link works until ${Y(new Date(i*1e3).toISOString())}.`:""),h,c)}var O=240,Re=16,fe=52;function Dn(n){return Math.max(280,Math.min(720,Math.floor(n.clientWidth||640)))}function wn(n,t){let a=t.flatMap(b=>[b.capitalGainsCents,b.incomeCents]),s=Math.max(0,...a),r=Math.min(0,...a);if(s===0&&r===0)return e("p",{class:"empty",id:"chart-empty"},"No gains or income yet: the chart fills in once your taxes are calculated.");let i=Dn(n),o=60,u=8,I=s-r||1,g=O-Re-fe,c=i-o-u,h=b=>Re+(s-b)/I*g,l=c/t.length,d=Math.min(28,l/3),m=[s,(s+r)/2,r].filter((b,y,E)=>E.indexOf(b)===y),C=t.map(b=>`${b.label}: gains ${$(b.capitalGainsCents)}, income ${$(b.incomeCents)}`).join("; ");return e("svg",{viewBox:`0 0 ${i} ${O}`,width:i,height:O,role:"img","aria-labelledby":"chart-title chart-desc",class:"chart-svg"},e("title",{id:"chart-title"},"Capital gains and income by tax year"),e("desc",{id:"chart-desc"},C),...m.map(b=>e("g",{},e("line",{x1:o,x2:i-u,y1:h(b),y2:h(b),class:"grid"}),e("text",{x:o-6,y:h(b)+4,"text-anchor":"end",class:"axis"},Ye(Math.round(b))))),e("line",{x1:o,x2:i-u,y1:h(0),y2:h(0),class:"zero"}),...t.map((b,y)=>{let E=o+l*y+l/2,p=(S,v,f,T)=>e("rect",{x:v,width:d,y:Math.min(h(S),h(0)),height:Math.max(1,Math.abs(h(S)-h(0))),class:f,"data-year":b.year,"data-cents":S},e("title",{},`${b.label} ${T}: ${$(S)}`));return e("g",{},p(b.capitalGainsCents,E-d-1,"bar gains","capital gains"),p(b.incomeCents,E+1,"bar income","income"),e("text",{x:E,y:O-fe+18,"text-anchor":"middle",class:"axis"},b.label))}),e("g",{class:"legend"},e("rect",{x:o,y:O-14,width:12,height:12,class:"bar gains"}),e("text",{x:o+16,y:O-4,class:"axis"},"Capital gains"),e("rect",{x:o+120,y:O-14,width:12,height:12,class:"bar income"}),e("text",{x:o+136,y:O-4,class:"axis"},"Income")))}function An(n,t,a,s){if(t.length<2||t.every(f=>f.valueCents===0&&f.costBasisCents===0))return e("p",{class:"empty",id:"value-chart-empty"},"Nothing to chart for this range yet.");if(t.every(f=>f.valueCents===0))return e("p",{class:"empty",id:"value-chart-unpriced"},"No price data for your holdings in this range, so their value cannot be charted.");let r=Dn(n),i=64,o=8,u=t.flatMap(f=>[f.valueCents,f.costBasisCents]),I=Math.max(...u,0),g=Math.min(...u,0),c=I-g||1,h=O-Re-fe,l=r-i-o,d=f=>i+l*f/(t.length-1),m=f=>Re+(I-f)/c*h,C=f=>t.map((T,A)=>`${d(A).toFixed(1)},${m(f(T)).toFixed(1)}`).join(" "),b=`M${d(0).toFixed(1)},${m(0).toFixed(1)} L${C(f=>f.valueCents).replace(/ /g," L")} L${d(t.length-1).toFixed(1)},${m(0).toFixed(1)} Z`,y=[I,(I+g)/2,g].filter((f,T,A)=>A.indexOf(f)===T),E=new Date(t[0].date),p=new Date(t[t.length-1].date),S=f=>f.toLocaleDateString("en-US",{month:"short",year:"numeric"}),v=t[t.length-1];return e("svg",{viewBox:`0 0 ${r} ${O}`,width:r,height:O,role:"img","aria-labelledby":"value-title value-desc",class:"chart-svg"},e("title",{id:"value-title"},a),e("desc",{id:"value-desc"},`From ${S(E)} to ${S(p)}: value now ${$(v.valueCents)}, ${s.toLowerCase()} ${$(v.costBasisCents)}.`),...y.map(f=>e("g",{},e("line",{x1:i,x2:r-o,y1:m(f),y2:m(f),class:"grid"}),e("text",{x:i-6,y:m(f)+4,"text-anchor":"end",class:"axis"},Ye(Math.round(f))))),e("path",{d:b,class:"area"}),e("polyline",{points:C(f=>f.valueCents),class:"value-line"}),e("polyline",{points:C(f=>f.costBasisCents),class:"basis-line"}),e("text",{x:i,y:O-fe+18,class:"axis"},S(E)),e("text",{x:r-o,y:O-fe+18,"text-anchor":"end",class:"axis"},S(p)),e("g",{class:"legend"},e("rect",{x:i,y:O-14,width:12,height:12,class:"swatch-value"}),e("text",{x:i+16,y:O-4,class:"axis"},"Value"),e("line",{x1:i+80,x2:i+100,y1:O-8,y2:O-8,class:"basis-line"}),e("text",{x:i+106,y:O-4,class:"axis"},s)))}var Xe=10,vn=1e3,ua=[["ethereum","Ethereum"],["bitcoin","Bitcoin"],["solana","Solana"],["base","Base"],["arbitrum","Arbitrum"],["optimism","Optimism"],["polygon","Polygon"],["bsc","BNB Smart Chain"]],pa={ACTIVE:"Up to date",SYNCING:"Syncing",ERROR:"Sync failed",NEEDS_REAUTHENTICATION:"Needs new credentials",RETIRED:"Retired",DELETING:"Being removed"},ma={WALLET:"Wallet",EXCHANGE:"Exchange",BANK:"Bank",FILE:"File import",MANUAL:"Manual",VIRTUAL:"Position"},Le=class{constructor(t,a){this.app=t;this.accounts=[];this.syncing=!1;this.list=e("div",{id:"wallet-list"},k("your accounts"));this.count=e("p",{id:"wallet-count",class:"muted"});this.msg=e("div",{id:"wallet-message",role:"status","aria-live":"polite"});this.progress=e("div",{id:"sync-progress","aria-live":"polite"});this.syncButton=e("button",{type:"button",id:"sync-wallets",onclick:()=>this.startSync()},"Sync wallets");this.alive=!0;let s=e("input",{name:"address",required:!0,autocomplete:"off",spellcheck:!1,placeholder:"0x\u2026 , bc1\u2026 or a Solana address"}),r=e("input",{name:"name",maxlength:100,autocomplete:"off",placeholder:"e.g. Cold storage"});this.form=e("form",{id:"add-wallet",class:"inline-form",onsubmit:i=>{i.preventDefault(),this.add()}},q("wallet-address","Wallet address",s,"grow"),q("wallet-chain","Chain",_("chain",ua)),q("wallet-name","Name (optional)",r),e("button",{type:"submit",id:"add-wallet-button"},"Add wallet")),a.append(this.count,this.list,e("details",{class:"add-wallet"},e("summary",{},"Add a wallet"),this.form,this.msg),e("div",{class:"actions"},this.syncButton),this.progress)}stop(){this.alive=!1}async load(){try{this.accounts=await this.app.accounts(),this.render();let a=(await te(this.app.s,"GET","/account_syncs")).syncs.find(s=>s.status==="queued"||s.status==="running");a&&this.follow(a)}catch(t){R(this.list),this.list.append(x(t,()=>this.load()))}}render(){R(this.list);let t=this.accounts.length,a=this.accounts.filter(r=>r.type==="WALLET").length;this.count.textContent=`${t===1?"1 account":`${t} accounts`} \xB7 ${a} of ${Xe} wallets`;let s=a>=Xe;if(this.form.querySelectorAll("input,select,button").forEach(r=>r.disabled=s),s&&this.msg.replaceChildren(e("p",{class:"notice"},`You have reached the limit of ${Xe} wallets.`)),this.syncButton.disabled=a===0||this.syncing,this.syncButton.hidden=a===0,t===0){this.list.append(H("No accounts yet. Add the address of a wallet you own, then sync it to import its transactions.","wallets-empty"));return}this.list.append(e("table",{class:"table cards"},e("caption",{class:"sr-only"},"Your accounts"),e("thead",{},e("tr",{},...["Account","Kind","Transactions","Status","Last synced"].map(r=>e("th",{scope:"col"},r)))),e("tbody",{},...this.accounts.map(r=>e("tr",{"data-account":r.id},e("td",{"data-label":"Account"},e("strong",{},re(r)),r.address&&re(r)===r.name?e("div",{class:"mono muted small",title:r.address},ae(r.address)):""),e("td",{"data-label":"Kind"},`${ma[r.type]||r.type}${r.type==="WALLET"?` \xB7 ${ce(r.provider)}`:""}`),e("td",{"data-label":"Transactions",class:"num"},r.transactionCount.toLocaleString("en-US")),e("td",{"data-label":"Status"},e("span",{class:`badge ${r.status.toLowerCase()}`},pa[r.status]||r.status),r.lastSyncError?e("div",{class:"muted small","data-sync-error":r.id},`${Fe(r)} the last time; sync again to retry.`):""),e("td",{"data-label":"Last synced"},r.type==="FILE"?"Imported file":Y(r.lastSyncedAt)))))))}async add(){let t=new FormData(this.form),a={address:String(t.get("address")).trim(),chain:String(t.get("chain"))},s=String(t.get("name")||"").trim();s&&(a.name=s),this.msg.replaceChildren(e("p",{},"Adding the wallet\u2026"));try{let r=await te(this.app.s,"POST","/accounts",{wallets:[a]});this.form.reset();let i=r.skipped.map(o=>`${ae(o.address)} was not added: ${o.reason==="already_added"?"you have it already":o.reason.replace(/_/g," ")}.`);this.msg.replaceChildren(...r.accounts.length?[e("p",{class:"notice ok"},"Wallet added. Sync it to import its transactions.")]:[],...i.map(o=>e("p",{class:"notice"},o))),this.app.ledgerChanged("accounts"),this.accounts=await this.app.accounts(),this.render()}catch(r){if(r instanceof U&&r.status===400){this.msg.replaceChildren(e("p",{class:"notice error",role:"alert",id:"wallet-error"},r.message)),document.getElementById("wallet-address").focus();return}this.msg.replaceChildren(x(r))}}async startSync(){this.syncButton.disabled=!0;try{this.follow(await te(this.app.s,"POST","/account_syncs",{}))}catch(t){this.syncButton.disabled=!1,this.progress.replaceChildren(x(t))}}async follow(t){for(this.syncing=!0,this.syncButton.disabled=!0;this.showSync(t),!(t.status==="completed"||t.status==="failed"||!this.alive);){await ee(vn);try{t=await te(this.app.s,"GET",`/account_syncs/${t.id}`)}catch(a){if(a instanceof K)return;this.progress.replaceChildren(e("p",{class:"notice"},"Lost contact with the server; trying again\u2026")),await ee(vn*3)}}if(this.syncing=!1,this.syncButton.disabled=!1,!!this.alive){this.app.ledgerChanged("accounts");try{this.accounts=await this.app.accounts(),this.render()}catch(a){this.list.replaceChildren(x(a,()=>this.load()))}}}showSync(t){let a=t.status==="completed"?"Sync complete":t.status==="failed"?"Sync stopped":t.status==="queued"?"Sync queued":"Syncing",s=this.app.client.timezone,r=t.retrying,i=r?this.accounts.find(o=>o.id===r.accountId):void 0;this.progress.replaceChildren(e("div",{class:`sync ${t.status}`,id:"sync-status","data-status":t.status},e("p",{},e("strong",{},`${a}: ${t.progress}%`)),e("progress",{max:100,value:t.progress,"aria-label":"Sync progress"}),r?e("p",{class:"notice",id:"sync-retrying"},`${Fe(i)}; we\u2019ll try again at ${Ge(r.nextAttemptAt,s)}.`):"",t.status==="failed"?e("p",{class:"notice error"},"The sync stopped before every account was done. Try again in a few minutes."):"",e("ul",{class:"sync-accounts"},...t.accounts.map(o=>{let u=this.accounts.find(I=>I.id===o.accountId);return e("li",{"data-sync-account":o.accountId},`${u?re(u):"An account"}: ${ga(o,u,s)}`)}))))}};function Fe(n){return n?n.type==="WALLET"?`We couldn\u2019t reach the ${ce(n.provider)} network`:`We couldn\u2019t reach ${ce(n.provider)}`:"We couldn\u2019t reach an account\u2019s source"}function ga(n,t,a){if(n.status==="syncing"&&n.nextAttemptAt)return`${Fe(t).replace("We","we")}; we\u2019ll try again at ${Ge(n.nextAttemptAt,a)}.`;switch(n.status){case"queued":return"waiting to start.";case"syncing":return`importing (${n.progress}%).`;case"synced":return"done.";case"failed":return`${Fe(t).replace("We","we")}, so its new transactions are not imported; sync again later.`;default:return`${n.status}.`}}function En(n,t){let{app:a}=n;t.append(e("h1",{class:"welcome"},"Your crypto taxes"),a.s.email?e("p",{class:"muted",id:"signed-in-as"},`Signed in as ${a.s.email}`):"");let s=e("div",{id:"next-steps"}),r=e("div",{class:"cards-row",id:"summary-cards","aria-live":"polite"},k("your figures")),i=e("figure",{id:"gains-chart",class:"chart"}),o=G("gains","Gains and income by year",i),u=G("wallets","Accounts and wallets");t.append(s,r,o.el,u.el);let I=new Le(a,u.body);I.load();let g=async()=>{try{let l=await a.years(),d=l.length?l[0]:new Date().getUTCFullYear(),[m,C,b]=await Promise.all([a.q(me,{year:String(d)}).then(T=>T.getIncomeAndCapGains),a.q(Ae).then(T=>T.getPortfolioV2),a.q(se,{limit:1}).then(T=>T.getClientReviewQueue)]),y=b.totalCount;n.reviewCount(y),c(y,l.length?d:void 0);let E=(T,A,P,N,Z)=>e("a",{class:"card",href:A,"data-figure":T},e("span",{class:"card-title"},P),e("span",{class:"card-value"},N),e("span",{class:"card-sub"},Z)),p=(T,A)=>{let P=T.filter(Z=>Z.valueCents!==null&&Z.valueCents!==void 0);if(T.length===0)return E("portfolio","#/portfolio","Portfolio value",$(0),"You hold nothing yet");if(P.length===0)return E("portfolio","#/portfolio","Portfolio value","No prices","Prices are not available right now");let N=P.reduce((Z,jn)=>Z+(jn.unrealizedGainCents||0),0);return E("portfolio","#/portfolio","Portfolio value",$(A),`Unrealized ${F(N)}${P.length<T.length?` \xB7 ${T.length-P.length} without a price`:""}`)};if(R(r),l.length===0){let T=(await a.accounts()).reduce((A,P)=>A+P.transactionCount,0);r.append(T>0?e("div",{class:"empty wide",id:"overview-empty","data-imported":T},e("p",{},`${T===1?"1 transaction is":`${T.toLocaleString("en-US")} transactions are`} imported; your taxes have not been calculated yet.`),L("Calculate my taxes",()=>n.recalc.start(),"",{id:"overview-calculate"})):e("div",{class:"empty wide",id:"overview-empty"},e("p",{},"No tax figures yet. Add your wallets and exchanges below and sync them; your taxes are calculated from their transactions.")))}else r.append(E("capital-gains",`#/tax?year=${d}`,`${z(a.client,d)} capital gains`,F(m.capGainsCents),a.client.jurisdictionRules.hasHoldingTerms?`${W(a.client,"SHORT_TERM")} ${F(m.shortTermCapGainsCents)} \xB7 ${W(a.client,"LONG_TERM")} ${F(m.longTermCapGainsCents)}`:a.client.jurisdictionRules.words.netGain),E("income",`#/tax?year=${d}`,`${z(a.client,d)} income`,$(m.incomeCents),"Staking, rewards and other income"));r.append(p(C.positions,C.totalValueCents),E("review","#/review","To review",y===0?"All clear":String(y),y===0?"Nothing needs your attention":`${y===1?"transaction needs":"transactions need"} a look`));let S=[...l].slice(0,6).reverse(),v=await Promise.all(S.map(T=>a.q(me,{year:String(T)}).then(A=>({year:T,label:z(a.client,T),capitalGainsCents:A.getIncomeAndCapGains.capGainsCents,incomeCents:A.getIncomeAndCapGains.incomeCents})))),f=wn(i,v);i.replaceChildren(f,f.tagName==="svg"?e("figcaption",{},`Capital gains and income by tax year (${a.client.currency})`):"")}catch(l){r.replaceChildren(x(l,g))}},c=async(l,d)=>{let m=[],b=(await a.accounts()).filter(y=>y.type!=="FILE"&&(y.status==="ERROR"||!y.lastSyncedAt));l>0&&m.push(["review",e("a",{href:"#/review"},`Review ${l===1?"1 transaction":`${l} transactions`}`)]),b.length&&m.push(["sync",L(`Sync ${b.length===1?"the account":`the ${b.length} accounts`} not synced yet`,()=>{let y=document.getElementById("sync-wallets");y?.scrollIntoView({block:"center"}),y?.focus()},"link")]),n.recalc.state==="dirty"&&m.push(["calculate",L(d===void 0?"Calculate your taxes":"Bring your figures up to date",()=>n.recalc.start(),"link")]),d!==void 0&&m.push(["download",e("a",{href:`#/tax?year=${d}`},`Download your ${z(a.client,d)} tax report`)]),s.replaceChildren(m.length?e("section",{class:"panel next-steps","aria-labelledby":"next-h"},e("h2",{id:"next-h"},"What to do next"),e("ol",{},...m.map(([y,E])=>e("li",{"data-next":y},E)))):"")};g();let h=a.onChange(g);return()=>{h(),I.stop()}}function de(n){return`${M(n.amountExact)} ${n.asset?.symbol||"?"}`}var ha={sell:"Sold",gift_sent:"Gave away",donation:"Donated",lost:"Lost",payment:"Paid with",fee:"Paid a fee of"},ya={buy:"Bought",staking_reward:"Earned",mining:"Mined",airdrop:"Received an airdrop of",interest:"Earned interest of",reward:"Earned",income:"Was paid",gift_received:"Was given"};function ie(n){let t=n.transfers.filter(o=>!o.isFee),a=t.filter(o=>o.direction==="OUTGOING"),s=t.filter(o=>o.direction==="INCOMING"),r=t.filter(o=>o.direction==="INTERNAL");if(t.length===0)return n.transfers.length?`Fee of ${de(n.transfers[0])}`:"No transfers";if(a.length&&s.length)return`${a.map(de).join(" + ")} \u2192 ${s.map(de).join(" + ")}`;if(r.length&&!a.length&&!s.length)return`Moved ${r.map(de).join(" + ")}`;let i=n.label||"";return a.length?`${ha[i]||"Sent"} ${a.map(de).join(" + ")}`:`${ya[i]||"Received"} ${s.map(de).join(" + ")}`}function Be(n,t){let a=[],s=(r,i)=>a.push(e("span",{class:`badge ${r}`},i));return n.isMissingBasis&&s("critical",`Missing ${B(t.client,!0)}`),n.hasNegativeBalance&&s("warning","Negative balance"),n.isInternalTransfer&&s("info","Internal transfer"),n.isHidden&&s("muted","Hidden"),n.isSpam&&s("muted","Spam"),n.isDirty&&s("info","Changed; recalculate"),a}function Ze(n){return!!n.isMissingBasis&&!n.fiatValueCents}function Rn(n){if(Ze(n)&&!Number(n.capGainsSumSigned??0)&&!n.incomeSum)return e("span",{class:"badge critical"},"No price");if(n.capGainsSumSigned!==null&&n.capGainsSumSigned!==void 0){let t=Number(n.capGainsSumSigned);return e("span",{class:t<0?"loss":"gain"},`${t<0?"Loss":"Gain"} ${F(t)}`)}return n.incomeSum?e("span",{class:"income"},`Income ${$(n.incomeSum)}`):""}function ue(n,t){return!t.label&&t.isInternalTransfer?"Transfer between your accounts":n.labelName(t.label)}var Ia=()=>window.matchMedia("(max-width: 40rem)").matches?25:50,fa=n=>[["","Everything"],["missing-basis",`Missing ${n}`],["uncovered-disposals","Sold more than held"],["negative-balance","Negative balance"],["unlabeled","Unlabeled"],["possible-internal-transfer","Possible move between your accounts"]];function Ln(n,t,a){let{app:s}=n,r=Math.max(0,(Number(a.get("page"))||1)-1),i={q:a.get("q")||"",year:a.get("year")||"",asset:a.get("asset")||"",account:a.get("account")||"",label:a.get("label")||"",review:a.get("review")||"",hidden:a.get("hidden")==="1"},o=p=>{let S=new URLSearchParams,v={q:i.q,year:i.year,asset:i.asset,account:i.account,label:i.label,review:i.review,hidden:i.hidden?"1":"",page:"",...p};for(let[f,T]of Object.entries(v))T&&S.set(f,T);location.hash=`#/transactions${S.toString()?`?${S}`:""}`},u=!!(i.q||i.year||i.asset||i.account||i.label||i.review||i.hidden),I=e("input",{type:"search",name:"q",value:i.q,placeholder:"Hash, note, address or asset",autocomplete:"off"}),g=_("year",[["","All years"]],i.year),c=_("asset",[["","All assets"]],i.asset),h=_("account",[["","All accounts"]],i.account),l=_("label",[["","All labels"],["unlabeled","Unlabeled"]],i.label),d=_("review",fa(B(n.app.client,!0)),i.review),m=e("input",{type:"checkbox",name:"hidden",id:"f-hidden",checked:i.hidden}),C=e("form",{class:"filters",id:"tx-filters",role:"search","aria-label":"Filter transactions",onsubmit:p=>{p.preventDefault(),o({q:I.value.trim()})}},e("div",{class:"search-row"},q("f-q","Search",I,"grow"),e("button",{type:"submit",id:"f-search"},"Search")),e("div",{class:"filter-row"},q("f-year","Tax year",g),q("f-asset","Asset",c),q("f-account","Account",h),q("f-label","Label",l),q("f-review","Needs review",d),e("div",{class:"field check"},m,e("label",{for:"f-hidden"},"Include hidden"))),u?L("Clear filters",()=>{location.hash="#/transactions"},"link",{id:"f-clear"}):""),b=(p,S)=>p.addEventListener("change",()=>o({[S]:p instanceof HTMLInputElement&&p.type==="checkbox"?p.checked?"1":"":p.value}));b(g,"year"),b(c,"asset"),b(h,"account"),b(l,"label"),b(d,"review"),b(m,"hidden");let y=e("div",{id:"tx-list","aria-live":"polite"},k("transactions"));t.append(e("h1",{},"Transactions"),C,y),Promise.all([s.years(),s.assets(),s.accounts(),s.labels()]).then(([p,S,v,f])=>{g.append(...Ie(s.client,p).map(T=>e("option",{value:T},z(s.client,T)))),c.append(...S.map(T=>e("option",{value:T.id},T.name&&T.name!==T.symbol?`${T.symbol} \xB7 ${T.name}`:T.symbol))),h.append(...v.map(T=>e("option",{value:T.id},re(T)))),l.append(...f.map(T=>e("option",{value:T.value},T.name))),g.value=i.year,c.value=i.asset,h.value=i.account,l.value=i.label}).catch(()=>{});let E=async()=>{let p={page:r,limit:Ia(),includeHidden:i.hidden||void 0};i.q&&(p.search=i.q),i.year&&([p.startDate,p.endDate]=Je(s.client,Number(i.year))),i.asset&&(p.assetIds=[i.asset]),i.account&&(p.accountIds=[i.account]),i.label==="unlabeled"?p.labelFilterMode="unlabeled":i.label&&(p.labels=[i.label]),i.review&&(p.insightPatternId=i.review);try{let{page:S,limit:v,...f}=p,[T,A]=await Promise.all([s.q(Te,p),s.q(rn,f).then(N=>N.getClientTransactionsSummary.transactionCount),s.accounts().then(N=>{s.accountCache=N}),s.labels().then(N=>{s.labelCache=N})]),P=T.getClientTransactions;if(R(y),P.transactions.length===0){y.append(r>0?H("No more transactions on this page.","tx-empty",e("a",{href:"#",onclick:N=>{N.preventDefault(),o({page:""})}},"Back to the first page")):u?H("No transaction matches these filters.","tx-empty",L("Clear filters",()=>{location.hash="#/transactions"},"secondary")):H("No transactions yet. Add your wallets and exchanges on the Overview page and sync them.","tx-empty"));return}y.append(e("table",{class:"table cards tx-table"},e("caption",{class:"sr-only"},`Transactions, page ${r+1}`),e("thead",{},e("tr",{},...["Date","Type","What happened","Value","Gain or income",""].map(N=>e("th",{scope:"col"},N)))),e("tbody",{},...P.transactions.map(N=>e("tr",{"data-tx":N.id,class:N.isHidden?"hidden-tx":"",onclick:Z=>{Z.target.closest("a, button")||(location.hash=`#/transactions/${N.id}`)}},e("td",{"data-label":"Date"},e("a",{href:`#/transactions/${N.id}`,class:"tx-link"},V(N.createdAt))),e("td",{"data-label":"Type"},ue(s,N)),e("td",{"data-label":"What happened"},ie(N),e("div",{class:"muted small"},s.accountName(N.accountId))),e("td",{"data-label":"Value",class:"num"},Ze(N)?e("span",{class:"badge critical"},"No price"):$(N.fiatValueCents)),e("td",{"data-label":"Gain or income",class:"num"},Rn(N)),e("td",{"data-label":"State",class:"flags"},...Be(N,s))))))),y.append(e("nav",{class:"pager","aria-label":"Pages"},r>0?L("Previous page",()=>o({page:r>1?String(r):""}),"secondary",{id:"tx-prev"}):"",e("span",{class:"muted",id:"tx-page","data-page":r+1},`Page ${r+1} of ${Math.max(1,Math.ceil(A/Number(p.limit)))} \xB7 ${A.toLocaleString("en-US")} ${A===1?"transaction":"transactions"}`),P.hasNextPage?L("Next page",()=>o({page:String(r+2)}),"secondary",{id:"tx-next"}):""))}catch(S){y.replaceChildren(x(S,E))}};return E(),s.onChange(E)}function ba(n,t){let a=Math.round((new Date(t).getTime()-new Date(n).getTime())/6e4);if(a<1)return"at once";if(a<120)return`${a} minute${a===1?"":"s"} later`;let s=Math.round(a/60);return s<48?`${s} hours later`:`${Math.round(s/24)} days later`}function Me(n,t,a){let s=t.asset?.symbol||"",r=e("div",{role:"status"}),i=Number(t.feeAmountExact),o=e("button",{type:"button",class:"small","data-pair":`${t.fromTransactionId}:${t.toTransactionId}`,onclick:async()=>{try{await Q(o,"Pairing\u2026",()=>n.q(pn,{from:t.fromTransactionId,to:t.toTransactionId})),await a()}catch(u){r.replaceChildren(x(u))}}},"Pair as a move between my accounts");return e("div",{class:"pair-card","data-pair-card":`${t.fromTransactionId}:${t.toTransactionId}`},e("p",{},e("a",{href:`#/transactions/${t.fromTransactionId}`},`Sent ${M(t.sentAmountExact)} ${s}`),` from ${n.accountName(t.fromAccountId)} on ${V(t.sentAt)}, and `,e("a",{href:`#/transactions/${t.toTransactionId}`},`received ${M(t.receivedAmountExact)} ${s}`),` in ${n.accountName(t.toAccountId)} ${ba(t.sentAt,t.receivedAt)}`,i>0?` (${M(t.feeAmountExact)} ${s} went to fees).`:"."),e("p",{class:"muted small"},`Unpaired, the first counts as a sale on ${Y(t.sentAt)} and the second as a new purchase. If both accounts are yours, pair them: the coins keep their cost basis and nothing is taxed.`),o,r)}function Mn(n,t,a){let{app:s}=n,r=e("div",{id:"tx-detail"},k("the transaction"));t.append(e("p",{class:"back"},e("a",{href:"#/transactions"},"\u2190 All transactions")),r);let i=!0,o=async h=>{try{let[l]=await Promise.all([s.q(ge,{id:a}),s.accounts().then(b=>{s.accountCache=b}),s.labels().then(b=>{s.labelCache=b})]),d=l.getTransaction,m=d.isInternalTransfer&&d.linkedTransactionId?(await s.q(ge,{id:d.linkedTransactionId})).getTransaction:void 0;if(!i)return;let C=document.activeElement?.id;g(d,m,h),C&&document.activeElement===document.body&&document.getElementById(C)?.focus()}catch(l){R(r),r.append(e("h1",{},"Transaction"),x(l,()=>o()))}},u="";r.addEventListener("focusin",h=>{u=h.target.id||u});let I=async h=>{let l=u;s.ledgerChanged("edit"),n.recalc.refresh(),await o(h),le(h),(l&&document.getElementById(l)||document.getElementById($a[l]||"")||document.getElementById("tx-message"))?.focus()},g=(h,l,d)=>{R(r);let m=`${l&&!h.label?Sa(s,h,l):ue(s,h)} \xB7 ${V(h.createdAt)}`,C=e("div",{id:"tx-message",role:"status","aria-live":"polite",tabindex:"-1"},d?e("p",{class:"notice ok"},d,n.recalc.state!=="recalculating"?" Your figures are updated in a moment.":""):"");r.append(e("h1",{id:"tx-title"},m),e("p",{class:"lead"},ie(h)),e("p",{class:"muted"},`${s.accountName(h.accountId)} \xB7 ${Y(h.createdAt)}`,h.txnHash?[" \xB7 ",h.explorerUrl&&/^https:\/\//.test(h.explorerUrl)?e("a",{href:h.explorerUrl,target:"_blank",rel:"noopener noreferrer"},`View on explorer (${ae(h.txnHash)})`):e("span",{class:"mono",title:h.txnHash},ae(h.txnHash))]:""),e("div",{class:"flags"},...Be(h,s)),Ta(h),C,Pa(h),Da(s,h,l,I));let b=G("why","Why these figures",k("the lots behind this transaction"));r.append(b.el),Nn(s,h,b.body),r.append(va(n,h,I));let y=G("history","History of changes",k("the history"));r.append(y.el),et(s,h,y.body,I)};o();let c=s.onChange(()=>{n.recalc.state==="settled"&&o()});return()=>{i=!1,c()}}var $a={"hide-tx":"unhide-tx","unhide-tx":"hide-tx","save-label":"tx-label"},Ca={HIGH:"high confidence",MEDIUM:"medium confidence",LOW:"low confidence"};function Ta(n){let t=n.classification;if(!t)return"";let a=t.confidence==="LOW"&&!n.isReviewed&&!n.isEdited;return e("div",{class:"classification",id:"tx-classification","data-rule":t.rule,"data-confidence":t.confidence},e("p",{},"Read by the rule ",e("strong",{},t.rule),` (${Ca[t.confidence]||t.confidence}): ${t.explanation}.`,a?[" ",e("span",{class:"badge warning"},"Needs review")]:""),e("p",{class:"muted small"},n.isEdited?"You changed this transaction: your edit stays, whatever the rules say later.":"Change the label below if this reading is wrong: your edit always wins over the rules."))}function Sa(n,t,a){return`Transfer ${t.transfers.some(r=>r.direction==="OUTGOING"&&!r.isFee)?"to":"from"} ${n.accountName(a.accountId)}`}function xa(n){return n.isInternalTransfer?n.transfers.filter(t=>!t.isFee&&t.capGainsSumSigned!==null&&t.capGainsSumSigned!==void 0).reduce((t,a)=>t+Number(a.capGainsSumSigned)+(a.basisFiatValueCents??0),0):0}function Pa(n){let t=n.capGainsSumSigned!==null&&n.capGainsSumSigned!==void 0?Number(n.capGainsSumSigned):null,a=[["value","Value",$(n.fiatValueCents)],["fees","Fees",$((n.feeFiatValueCents??0)+xa(n))]];return t!==null&&a.push(["gain",t<0?"Capital loss":"Capital gain",F(t)]),n.incomeSum&&a.push(["income","Income",$(n.incomeSum)]),e("dl",{class:"figures",id:"tx-figures"},...a.map(([s,r,i])=>e("div",{class:"figure","data-figure":s},e("dt",{},r),e("dd",{},i))))}function Fn(n,t,a){if(t)return n.accountName(t);let s=a?n.accountCache.find(r=>r.address&&r.address.toLowerCase()===a.toLowerCase()):void 0;return s?n.accountName(s.id):a?ae(a):"Outside your accounts"}function Da(n,t,a,s){let r=G("transfers","Transfers"),i=t.transfers.map(o=>{let u=o.capGainsSumSigned!==null&&o.capGainsSumSigned!==void 0?Number(o.capGainsSumSigned):null,I=e("div",{class:"transfer-edit",id:`edit-${o.id}`}),g=e("tr",{class:"edit-row",hidden:!0},e("td",{colspan:6},I)),c=L("Edit value",()=>{g.hidden=!g.hidden,c.setAttribute("aria-expanded",String(!g.hidden)),g.hidden||I.querySelector("input")?.focus()},"link small",{"aria-expanded":"false","aria-controls":`edit-${o.id}`,"data-edit-transfer":o.id});return wa(n,t,o,I,s),[e("tr",{"data-transfer":o.id,class:o.isHidden?"hidden-tx":""},e("td",{"data-label":"Transfer"},e("strong",{},`${o.direction==="OUTGOING"?"\u2212":o.direction==="INCOMING"?"+":""}${M(o.amountExact)} ${o.asset?.symbol||""}`),o.isFee?e("span",{class:"badge muted"},"Fee"):"",o.isHidden?e("span",{class:"badge muted"},"Hidden"):""),e("td",{"data-label":"From \u2192 to"},`${Fn(n,o.fromAccountId??(a&&!o.isFee&&o.direction==="INCOMING"?a.accountId:null),o.fromAddress)} \u2192 ${Fn(n,o.toAccountId??(a&&!o.isFee&&o.direction==="OUTGOING"?a.accountId:null),o.toAddress)}`),e("td",{"data-label":"Market value",class:"num"},o.fiatValueCents===null||o.fiatValueCents===void 0?e("span",{class:"badge critical"},"No price"):$(o.fiatValueCents),o.isFiatValueOverridden?e("div",{class:"muted small"},"set by you"):""),e("td",{"data-label":B(n.client),class:"num"},$(o.basisFiatValueCents)),e("td",{"data-label":"Gain or income",class:"num"},u!==null?`${F(u)}${o.saleTerm&&n.client.jurisdictionRules.hasHoldingTerms?` (${W(n.client,o.saleTerm,!0)})`:""}`:o.incomeSum?`Income ${$(o.incomeSum)}`:"\u2014",o.uncoveredAmountExact?e("div",{class:"muted small"},`${M(o.uncoveredAmountExact)} ${o.asset?.symbol||""} not covered by your lots`):""),e("td",{"data-label":"Change"},c)),g]});return r.body.append(e("table",{class:"table cards"},e("caption",{class:"sr-only"},"Transfers of this transaction"),e("thead",{},e("tr",{},...["Transfer","From \u2192 to","Market value",B(n.client),"Gain or income",""].map(o=>e("th",{scope:"col"},o)))),e("tbody",{},...i.flat()))),r.el}function wa(n,t,a,s,r){let i=a.asset?.symbol||"units",o=e("input",{type:"number",min:"0",step:"0.01",inputmode:"decimal",value:a.fiatValueCents!=null?(a.fiatValueCents/100).toFixed(2):""}),u=e("input",{type:"number",min:"0",step:"any",inputmode:"decimal"}),I=e("input",{type:"number",min:"0",step:"0.01",inputmode:"decimal",value:a.basisFiatValueCents!=null?(a.basisFiatValueCents/100).toFixed(2):""}),g=e("div",{role:"status"}),c=a.direction==="INCOMING",h=o.value,l=I.value;u.addEventListener("input",()=>{let C=Number(u.value);u.value&&isFinite(C)&&(o.value=(C*Number(a.amountExact)).toFixed(2))});let d=e("button",{type:"submit"},"Save value"),m=e("form",{class:"inline-form","data-value-form":a.id,onsubmit:async C=>{C.preventDefault();let b=o.value===""||o.value===h?void 0:Number(o.value),y=c&&I.value!==""&&I.value!==l?Number(I.value):void 0;if(b===void 0&&y===void 0){g.replaceChildren(e("p",{class:"notice error"},o.value===""?"Enter a value.":`Change the value or the ${B(n.client,!0)}.`));return}try{await Q(d,"Saving\u2026",()=>n.q(je,{tx:t.id,transfer:a.id,value:b,basis:y})),await r(`Saved the value of ${M(a.amountExact)} ${i}.`)}catch(E){g.replaceChildren(x(E))}}},q(`per-unit-${a.id}`,`Price per ${i} (${n.client.currency})`,u),q(`value-${a.id}`,`${c?"Market value":a.isFee?"Fee value":"Proceeds"} (${n.client.currency})`,o),c?q(`basis-${a.id}`,`${B(n.client)} (${n.client.currency})`,I):"",d,a.isFiatValueOverridden?L("Back to the imported value",async C=>{try{await Q(C.currentTarget,"Resetting\u2026",()=>n.q(je,{tx:t.id,transfer:a.id,reset:!0})),await r("The imported value is back.")}catch(b){g.replaceChildren(x(b))}},"secondary"):"");s.append(m,g)}async function Nn(n,t,a){let s=t.transfers.filter(u=>u.capGainsSumSigned!==null&&u.capGainsSumSigned!==void 0),r=t.transfers.filter(u=>u.incomeSum),i=t.transfers.filter(u=>u.direction==="INCOMING"&&!u.incomeSum&&!t.isInternalTransfer),o=[...new Set([...s,...i].map(u=>u.asset?.pricingKey).filter(u=>!!u))];try{let u=await Promise.all(o.map(g=>n.q(Se,{key:g,id:t.id}).then(c=>({key:g,...c.getTaxLots}))));R(a);let I=[];t.isHidden&&I.push(e("p",{},"This transaction is hidden: it does not count in your taxes.")),t.isInternalTransfer&&I.push(e("p",{},`A move between your own accounts: the coins keep their ${B(n.client,!0)} and purchase date, and nothing is taxed.`));for(let g of s){let c=u.flatMap(p=>p.disposals).filter(p=>p.transferId===g.id),h=u.find(p=>p.key===g.asset?.pricingKey)?.costBasisAlgorithm||n.client.costBasisAlgorithm,l=g.asset?.symbol||"",d=Number(g.capGainsSumSigned),m=g.basisFiatValueCents??c.reduce((p,S)=>p+S.costBasisCents,0),C=m+d,b=(g.fiatValueCents??C)-C,y=t.isInternalTransfer&&!g.isFee,E=c.reduce((p,S)=>p+Number(S.amountExact),0);I.push(e("div",{class:"why","data-why-transfer":g.id,"data-network-fee":y?"true":void 0},e("h3",{},y?`Network fee of ${M(String(Number(E.toPrecision(12))))} ${l}`:`${g.isFee?"Fee paid with":"Disposal of"} ${M(g.amountExact)} ${l}`),y?e("p",{},`The ${M(String(Number(E.toPrecision(12))))} ${l} that left but did not arrive paid the network fee; it counts as a small sale: ${d<0?"loss":"gain"} ${F(d)}.`):"",e("p",{class:"equation"},`${n.client.jurisdictionRules.words.proceeds} ${$(C)} \u2212 ${B(n.client,!0)} ${$(m)} = `,e("strong",{},`${d<0?"loss":"gain"} ${F(d)}`)),b>0&&!y?e("p",{class:"muted small"},`The proceeds are the market value of ${$(g.fiatValueCents)} less ${$(b)} of fees.`):"",e("p",{class:"muted small"},n.client.jurisdictionRules.matchingText||`Lots are taken ${Aa(h)}. Each piece below is the part of this disposal one lot covered.`),e("ul",{class:"pieces"},...c.map(p=>e("li",{"data-piece":p.lotTransactionId||"uncovered","data-match":p.match||""},p.isUncovered?[e("strong",{},`${M(p.amountExact)} ${l} not covered by any ${n.client.jurisdictionRules.words.holding}`),`: counted with a zero ${B(n.client,!0)}. Add the account or transaction it came from, or pair the move that brought it.`]:p.match&&p.match!=="LOT"?Fa(p,l):[`${M(p.amountExact)} ${l} from the lot acquired `,p.lotTransactionId?e("a",{href:`#/transactions/${p.lotTransactionId}`},V(p.lotAcquiredAt)):V(p.lotAcquiredAt),`: proceeds ${$(p.proceedsCents)} \u2212 ${B(n.client,!0)} ${$(p.costBasisCents)} = ${F(p.gainCents)}${n.client.jurisdictionRules.hasHoldingTerms?`, ${W(n.client,p.term,!0)}`:""}${p.box?`, Form 8949 box ${p.box}`:""}`,p.isMissingBasis?e("span",{class:"badge critical"},"Basis unknown"):""]))),c.length===0?e("p",{class:"muted"},"The lots behind this disposal appear once your taxes are recalculated."):""))}for(let g of r)I.push(e("div",{class:"why"},e("h3",{},`Income: ${M(g.amountExact)} ${g.asset?.symbol||""}`),e("p",{},`Counted as income of ${$(g.incomeSum)}, its market value when received. That value is also the ${B(n.client,!0)} of the coins, for when you sell them.`)));for(let g of i){let c=u.filter(l=>l.key===g.asset?.pricingKey).flatMap(l=>l.lots),h=g.asset?.symbol||"";I.push(e("div",{class:"why"},e("h3",{},`Acquisition of ${M(g.amountExact)} ${h}`),g.basisFiatValueCents===null||g.basisFiatValueCents===void 0?e("p",{},`No price is known for this receipt, so its coins have an unknown ${B(n.client,!0)}: a later sale of them counts in full as a gain. Set its value above.`):e("p",{},`${B(n.client)} ${$(g.basisFiatValueCents)}: what was paid or given for it, fees included.`),c.length?e("p",{class:"muted"},`Still held from it: ${c.map(l=>`${M(l.amountExact)} of ${M(l.originalAmountExact)} ${h} (${B(n.client,!0)} ${$(l.costBasisCents)}${n.client.jurisdictionRules.hasHoldingTerms?`, ${W(n.client,l.term,!0)} if sold now`:""})`).join("; ")}.`):e("p",{class:"muted"},"Nothing of it is held any more: it was sold, spent or moved on.")))}I.length===0&&I.push(e("p",{class:"muted"},"This transaction has no tax effect: nothing was sold, spent or earned.")),a.append(...I)}catch(u){a.replaceChildren(x(u,()=>Nn(n,t,a)))}}function Aa(n){return{FIFO:"first in, first out (FIFO)",LIFO:"last in, first out (LIFO)",HIFO:"highest cost first (HIFO)",LOFO:"lowest cost first (LOFO)",AVERAGE_COST:"at their average cost"}[n]||n}function va(n,t,a){let{app:s}=n,r=G("fix","Change this transaction"),i=e("div",{role:"status","aria-live":"polite"}),o=_("label",[["","Loading labels\u2026"]]);o.disabled=!0;let u=e("button",{type:"submit",id:"save-label"},"Save label"),I=e("p",{class:"muted small",id:"label-help"});s.q(xe,{id:t.id}).then(d=>{let m=d.getTransactionTypeOptions,C=new Set(m.recommended.map(y=>y.value));o.replaceChildren(e("option",{value:""},"No label"),...m.options.map(y=>e("option",{value:y.value},C.has(y.value)?`${y.name} (suggested)`:y.name))),o.value=t.label||"",o.disabled=!1;let b=()=>{I.textContent=m.options.find(y=>y.value===o.value)?.description||"Without a label, what leaves is taxed as a sale and what arrives as a purchase."};o.addEventListener("change",b),b()}).catch(d=>i.replaceChildren(x(d)));let g=e("form",{class:"inline-form",id:"label-form",onsubmit:async d=>{d.preventDefault();let m=o.value;try{await Q(u,"Saving\u2026",()=>s.q(De,m?{ids:[t.id],label:m}:{ids:[t.id],wipe:!0})),await a(m?`Labeled as ${s.labelName(m)}.`:"Label removed.")}catch(C){i.replaceChildren(x(C))}}},q("tx-label","Label",o,"grow"),u),c=e("div",{class:"actions",id:"tx-actions"}),h=(d,m,C,b,y,E="secondary",p)=>{let S=async v=>{try{await Q(v,C,b),await a(y)}catch(f){i.replaceChildren(x(f))}};return L(d,p?Ce(p,`Yes, ${d.charAt(0).toLowerCase()}${d.slice(1)}`,S):v=>S(v.currentTarget),E,{id:m})};c.append(t.isHidden?h("Unhide","unhide-tx","Unhiding\u2026",()=>s.q(he,{id:t.id,hidden:!1}),"The transaction counts again."):h("Hide","hide-tx","Hiding\u2026",()=>s.q(he,{id:t.id,hidden:!0}),"Hidden: the transaction no longer counts in your taxes."),h(t.isReviewed?"Mark as not reviewed":"Mark as reviewed","review-tx","Saving\u2026",()=>s.q(we,{id:t.id,reviewed:!t.isReviewed}),t.isReviewed?"Marked as not reviewed.":"Marked as reviewed.")),t.isMissingBasis&&c.append(h(`Accept a zero ${B(s.client,!0)}`,"accept-basis","Saving\u2026",()=>s.q(ye,{ids:[t.id],override:!0}),`Accepted: this transaction is no longer flagged for its missing ${B(s.client,!0)}.`,"secondary",`Count the coins it disposes of with a zero ${B(s.client,!0)}? Their whole value becomes a gain.`));let l=e("div",{id:"tx-pair"});if(t.isInternalTransfer&&t.linkedTransactionId){let d=t.transfers.some(b=>b.direction==="OUTGOING"||b.fromAccountId&&!b.isFee),[m,C]=d?[t.id,t.linkedTransactionId]:[t.linkedTransactionId,t.id];l.append(e("p",{},`Paired ${t.linkType==="BRIDGE"?"as a bridge":t.linkType==="CROSS_CHAIN_SWAP"?"as a cross-chain swap":"as a move between your own accounts"} with `,e("a",{href:`#/transactions/${t.linkedTransactionId}`,"data-other-side":""},"the other side"),"."),h("Unpair","unpair-tx","Unpairing\u2026",()=>s.q(mn,{from:m,to:C}),"Unpaired: both sides count on their own again.","secondary","Unpair these two transactions? The sending side then counts as a sale and the other as a purchase."))}else s.q(Pe,{id:t.id,limit:1}).then(d=>{let m=d.getTransferPairSuggestions[0];m&&l.append(Me(s,m,async()=>{await a("Paired as a move between your own accounts.")}))}).catch(d=>l.append(x(d)));return r.body.append(g,I,l,c,i),r.el}var Ea={label:"Label",isHidden:"Hidden",isReviewed:"Reviewed",notes:"Notes",fiatValue:"Value",basisFiatValue:"Cost basis",internalTransferTo:"Move between your accounts",bridgeTo:"Bridge",crossChainSwapTo:"Cross-chain swap",isMissingBasisOverride:"Missing cost basis accepted",createdAt:"Date",amount:"Quantity",quantity:"Quantity",assetId:"Asset"},Ra=new Set(["internalTransferTo","bridgeTo","crossChainSwapTo"]),La=/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;function Bn(n,t){return n&&Ra.has(n)?t?"paired":"not paired":t==null||t===""?n==="label"?"no label":"nothing":typeof t=="string"&&La.test(t)?n==="assetId"?"another asset":"another one":typeof t=="boolean"?t?"yes":"no":n==="label"&&typeof t=="string"?t.replace(/_/g," "):(n==="fiatValue"||n==="basisFiatValue")&&(typeof t=="string"||typeof t=="number")?$(Math.round(Number(t)*100)):typeof t=="string"?t.length>40?`${t.slice(0,37)}\u2026`:t:JSON.stringify(t).slice(0,40)}var Ne=!1;async function et(n,t,a,s){try{let r=await n.q(dn,{ids:[t.id]}),i=r.getClientAuditLogs.auditLogs;if(R(a),i.length===0){a.append(e("p",{class:"muted",id:"history-empty"},"No changes since it was imported."));return}let o=e("div",{role:"status"}),u=i.filter(c=>c.undoneAt).length,I=Ne?i:i.filter(c=>!c.undoneAt),g=u?L(Ne?"Show only the changes in force":`Show ${u===1?"the undone change":`the ${u} undone changes`} too`,()=>{Ne=!Ne,et(n,t,a,s).then(()=>document.getElementById("history-toggle")?.focus())},"link small",{id:"history-toggle"}):"";a.append(e("ul",{class:"history",id:"history-list"},...I.map(c=>{let h=c.field?`${Ea[c.field]||c.field}: ${Bn(c.field,c.oldValue)} \u2192 ${Bn(c.field,c.newValue)}`:c.action.replace(/^\w+\./,"").replace(/_/g," "),l=c.actorType==="USER"?"you":c.actorType==="API_KEY"?"an app":c.actorType==="STAFF"?"support":`${n.brand.name} or an import`;return e("li",{"data-audit":c.id,class:c.undoneAt?"undone":""},e("span",{},e("strong",{},h),e("span",{class:"muted small"},` \xB7 ${Y(c.createdAt)} \xB7 by ${l}`),c.undoneAt?e("span",{class:"badge muted"},"Undone"):""),c.canUndo?L("Undo",async d=>{try{await Q(d.currentTarget,"Undoing\u2026",()=>n.q(gn,{ids:[c.id]})),await s(`Undone: ${h}.`)}catch(m){o.replaceChildren(x(m))}},"secondary small",{"data-undo":c.id}):"")})),I.length===0?e("p",{class:"muted",id:"history-none"},"Every change here was undone."):"",g,o,r.getClientAuditLogs.total>i.length?e("p",{class:"muted small"},`The latest ${i.length} of ${r.getClientAuditLogs.total} changes.`):"")}catch(r){a.replaceChildren(x(r,()=>et(n,t,a,s)))}}function Fa(n,t){let a=n.lotTransactionId?e("a",{href:`#/transactions/${n.lotTransactionId}`},V(n.lotAcquiredAt)):V(n.lotAcquiredAt),s=n.match==="SAME_DAY"?[`${M(n.amountExact)} ${t} matched with the same day\u2019s acquisitions`]:n.match==="THIRTY_DAY"?[`${M(n.amountExact)} ${t} matched with the acquisition of `,a," (within 30 days)"]:n.match==="POOL"?[`${M(n.amountExact)} ${t} from the section 104 pool, at its average cost`]:[`${M(n.amountExact)} ${t} at the adjusted cost base`],r=n.deniedLossExact?Math.round(Number(n.deniedLossExact)*100):0;return[...s,`: proceeds ${$(n.proceedsCents)} \u2212 cost ${$(n.costBasisCents)} = ${F(n.gainCents)}`,r?e("span",{class:"badge warning","data-denied":r},`Superficial loss denied: ${$(r)}`):""]}var j,Ba={CRITICAL:"Makes figures wrong",WARNING:"Likely wrong",INFO:"Worth a look"},qe=5,Ma={MISSING_BASIS:"These sales use coins whose purchase price is unknown, so their whole value counts as a gain. Give the receipt a price, or accept a zero cost basis if you really paid nothing.",UNCOVERED_DISPOSALS:"These transactions send or sell more than your accounts held at the time. Usually an account or a purchase is missing: add it, or pair the move that brought the coins.",NEGATIVE_BALANCE:"An account sent more of an asset than it held. Add the missing account or transaction, or hide a duplicate.",UNLABELED_TRANSACTIONS:"Without a label, what leaves an account counts as a sale and what arrives as a purchase. Label income, gifts and fees as such.",POSSIBLE_INTERNAL_TRANSFER:"A withdrawal followed by a deposit of nearly the same amount into another of your accounts. Unpaired, the first counts as a sale and the second as a purchase.",POSSIBLE_SPAM:"A token whose name advertises a website or a claim, as airdropped spam does. Never visit the site; mark the token as spam to leave it out of your figures.",NEEDS_REVIEW_CLASSIFICATION:"No rule recognised these on-chain transactions with confidence, so what arrived counts as a purchase and what left as a sale. Open each one to see what was read, then label it, or confirm that the reading is right."},Na={MISSING_BASIS:"no cost basis",UNCOVERED_DISPOSALS:"sends more than the account held",NEGATIVE_BALANCE:"a balance below zero",UNLABELED_TRANSACTIONS:"no label",POSSIBLE_INTERNAL_TRANSFER:"looks like a move between your accounts",POSSIBLE_SPAM:"looks like spam",NEEDS_REVIEW_CLASSIFICATION:"read with low confidence"},qa=new Set(["MISSING_BASIS","UNCOVERED_DISPOSALS","NEGATIVE_BALANCE"]);function kn(n,t,a){let{app:s}=n,r=e("div",{class:"recalc-box",id:"review-recalc"}),i=e("div",{id:"review-queue","aria-live":"polite"},k("what needs review"));t.append(e("h1",{},"Needs review"),e("p",{class:"lead"},"What can make your tax figures wrong, most serious first. Fix each item here; the counts fall as you go."),r,i);let o=new Set,u=()=>{let l=n.recalc.state;l==="settled"&&o.clear(),r.dataset.state=l,r.replaceChildren(e("p",{},l==="settled"?"Your figures include every change.":l==="dirty"?n.recalc.scheduled?"Your figures are updated with your fixes in a moment.":"Some fixes are not in your figures yet: prices, pairs and labels change your taxes once they are recalculated.":l==="unreachable"?"We can\u2019t reach the server right now; fixes wait until it answers again.":"Updating your figures with your fixes\u2026"),l==="dirty"?L(n.recalc.scheduled?"Update now":"Recalculate now",()=>n.recalc.start(),"",{id:"review-recalculate"}):"")};u();let I=n.recalc.onState(u),g=async l=>{le(l),s.ledgerChanged("edit"),await n.recalc.refresh()},c=async()=>{try{let l=(await s.q(se,{limit:1})).getClientReviewQueue;if(j||(j=document.activeElement?.closest("[data-insight]")?.dataset.insight),n.reviewCount(l.totalCount),R(i),l.totalCount===0){if(i.append(H("Nothing to review: your transactions are labeled, priced and paired.","review-empty")),j){j=void 0;let d=document.getElementById("review-empty");d?.setAttribute("tabindex","-1"),d?.focus()}return}i.append(e("p",{id:"review-total","data-count":l.totalCount,tabindex:"-1"},l.totalCount===1?"1 transaction to review.":`${l.totalCount} transactions to review, each listed once under its most pressing problem.`));for(let d of l.groups)i.append(ka(n,d,o,g));j&&!l.groups.some(d=>d.patternId===j)&&(j=void 0,document.getElementById("review-total")?.focus())}catch(l){i.replaceChildren(x(l,c))}};c();let h=s.onChange(c);return()=>{h(),I()}}function ka(n,t,a,s){let r=e("div",{class:"items"},k("the items")),i=`ins-${t.patternId.replace(/[^a-z0-9-]/gi,"-")}`,o=e("section",{class:`insight ${t.severity.toLowerCase()}`,"data-insight":t.patternId,"aria-labelledby":i},e("div",{class:"insight-head"},e("span",{class:`badge ${t.severity.toLowerCase()}`},Ba[t.severity]||t.severity),e("h2",{id:i},t.title),e("span",{class:"insight-count","data-insight-count":t.count},String(t.count))),e("p",{},Ma[t.type]||""),qa.has(t.type)?e("p",{class:"muted small"},"This list changes when your taxes are recalculated after a fix."):"",r,t.type!=="POSSIBLE_SPAM"&&t.count>qe?e("p",{},e("a",{href:`#/transactions?review=${encodeURIComponent(t.patternId)}`},"See every transaction with this problem in Transactions")):"");return Va(n,t,r,a,s).catch(u=>r.replaceChildren(x(u))),o}async function Va(n,t,a,s,r){let{app:i}=n;if(t.type==="POSSIBLE_INTERNAL_TRANSFER"){let l=await i.q(Pe,{limit:qe});R(a);for(let d of l.getTransferPairSuggestions){let m=Me(i,d,async()=>{j=t.patternId,m.replaceChildren(e("p",{class:"notice ok"},"Paired as a move between your accounts.")),await r("Paired as a move between your accounts.")});a.append(m)}return}let o=t.assetId;if(t.type==="POSSIBLE_SPAM"&&o){R(a);let l=e("div",{role:"status"}),d=L("Mark as spam",async()=>{try{await Q(d,"Marking\u2026",()=>i.q(hn,{assetId:o,spam:!0})),a.replaceChildren(e("p",{class:"notice ok"},"Marked as spam: its transactions are left out of your figures.")),await r("Marked as spam.")}catch(m){l.replaceChildren(x(m))}},"small",{"data-spam":o});a.append(d,l);return}let u=(await i.q(se,{patternId:t.patternId,limit:qe})).getClientReviewQueue.items,I=new Map(u.map(l=>[l.transactionId,l])),g=u.length?await i.q(Te,{onlyTransactionIds:u.map(l=>l.transactionId),limit:qe}):null;await i.accounts().then(l=>{i.accountCache=l}),R(a);let c=e("ul",{class:"review-items"});a.append(c);let h=g?g.getClientTransactions.transactions:[];for(let l of u.map(d=>h.find(m=>m.id===d.transactionId)).filter(d=>!!d)){let d=e("li",{"data-review-item":l.id}),m=y=>async()=>{s.add(l.id),j=t.patternId,d.replaceChildren(e("p",{class:"notice ok"},y)),await r(y)};if(s.has(l.id)){d.append(e("p",{class:"notice ok"},`${V(l.createdAt)} \xB7 ${ie(l)}: fixed.`)),c.append(d);continue}d.append(e("p",{},e("a",{href:`#/transactions/${l.id}`},`${V(l.createdAt)} \xB7 ${ue(i,l)}`),` \xB7 ${ie(l)} \xB7 ${i.accountName(l.accountId)}`));let C=(I.get(l.id)?.problems||[]).slice(1).map(y=>Na[y]).filter(Boolean);C.length&&d.append(e("p",{class:"muted small","data-also":l.id},`Also: ${C.join("; ")}.`));let b=e("div",{class:"fix"});switch(d.append(b),c.append(d),t.type){case"UNLABELED_TRANSACTIONS":qn(i,l,b,m);break;case"NEEDS_REVIEW_CLASSIFICATION":qn(i,l,b,m),Ua(i,l,b,m);break;case"MISSING_BASIS":Oa(i,l,b,m);break;case"UNCOVERED_DISPOSALS":Ha(i,l,b,m);break;case"NEGATIVE_BALANCE":_a(i,l,b,m);break;default:break}}j===t.patternId&&(j=void 0,a.querySelector("a, select, input, button")?.focus())}function ke(n,t,a,s,r,i){let o=async()=>{try{await Q(n,t,s),await r()}catch(u){a.replaceChildren(x(u))}};n.addEventListener("click",i?Ce(i,`Yes, ${(n.textContent||"").charAt(0).toLowerCase()}${(n.textContent||"").slice(1)}`,o):o)}var Vn="Count these coins with nothing paid for them? Their whole value becomes a gain.";function qn(n,t,a,s){let r=_("label",[["","Choose a label"]]),i=e("button",{type:"submit",class:"small"},"Save label"),o=e("div",{role:"status"});n.q(xe,{id:t.id}).then(I=>{let g=new Set(I.getTransactionTypeOptions.recommended.map(c=>c.value));r.append(...I.getTransactionTypeOptions.options.map(c=>e("option",{value:c.value},g.has(c.value)?`${c.name} (suggested)`:c.name)))}).catch(I=>o.replaceChildren(x(I)));let u=`label-${t.id}`;a.append(e("form",{class:"inline-form","data-label-form":t.id,onsubmit:async I=>{if(I.preventDefault(),!r.value){o.replaceChildren(e("p",{class:"notice error"},"Choose a label first."));return}try{await Q(i,"Saving\u2026",()=>n.q(De,{ids:[t.id],label:r.value})),await s(`Labeled as ${n.labelName(r.value)}.`)()}catch(g){o.replaceChildren(x(g))}}},q(u,"Label",r),i),o)}function Ua(n,t,a,s){let r=e("button",{type:"button",class:"small secondary","data-confirm":t.id},"The reading is right"),i=e("div",{role:"status"});ke(r,"Saving\u2026",i,()=>n.q(we,{id:t.id,reviewed:!0}),s("Marked as reviewed.")),a.append(r,i)}async function Oa(n,t,a,s){let r=e("div",{role:"status"});try{let o=(await n.q(ge,{id:t.id})).getTransaction,u=o.transfers.filter(c=>c.capGainsSumSigned!==null&&c.capGainsSumSigned!==void 0&&c.asset),I=[...new Set(u.map(c=>c.asset.pricingKey))],g=[];for(let c of o.transfers)c.direction==="INCOMING"&&!c.isFee&&!c.isHidden&&(c.fiatValueCents===null||c.fiatValueCents===void 0)&&c.asset&&!g.some(h=>h.tx===o.id)&&g.push({tx:o.id,at:o.createdAt,symbol:c.asset.symbol,assetId:c.assetId,amount:c.amountExact});for(let c of I){let h=await n.q(Se,{key:c,id:t.id});for(let l of h.getTaxLots.disposals){let d=u.find(m=>m.id===l.transferId);l.isMissingBasis&&!l.isUncovered&&l.lotTransactionId&&d&&!g.some(m=>m.tx===l.lotTransactionId)&&g.push({tx:l.lotTransactionId,at:l.lotAcquiredAt||"",symbol:d.asset.symbol,assetId:d.assetId,amount:l.amountExact})}}for(let c of g){let h=e("input",{type:"number",min:"0",step:"any",inputmode:"decimal",required:!0}),l=e("button",{type:"submit",class:"small"},"Save price");a.append(e("form",{class:"inline-form","data-price-form":c.tx,onsubmit:async d=>{d.preventDefault();let m=Number(h.value);if(!h.value||!isFinite(m)||m<0){r.replaceChildren(e("p",{class:"notice error"},"Enter the price per unit, for example 1.85."));return}try{await Q(l,"Saving\u2026",()=>n.q(un,{ids:[c.tx],assetId:c.assetId,price:m})),await s(`Saved the price of the ${c.symbol} received on ${V(c.at)}.`)()}catch(C){r.replaceChildren(x(C))}}},c.tx===o.id?e("p",{class:"small"},`The ${M(c.amount)} ${c.symbol} received have no price.`):e("p",{class:"small"},`The ${M(c.amount)} ${c.symbol} it sold came from `,e("a",{href:`#/transactions/${c.tx}`},`a receipt on ${V(c.at)}`)," without a price."),q(`price-${c.tx}`,`Price per ${c.symbol} when received (${n.client.currency})`,h),l))}}catch(o){r.replaceChildren(x(o))}let i=L("Accept a zero cost basis",()=>{},"secondary small");ke(i,"Saving\u2026",r,()=>n.q(ye,{ids:[t.id],override:!0}),s("Accepted a zero cost basis."),Vn),a.append(i,r)}function Ha(n,t,a,s){let r=e("div",{role:"status"}),i=L("Accept a zero cost basis",()=>{},"secondary small");ke(i,"Saving\u2026",r,()=>n.q(ye,{ids:[t.id],override:!0}),s("Accepted a zero cost basis."),Vn),a.append(e("a",{href:`#/transactions/${t.id}`,class:"button-link small"},"Open and pair or edit"),i,r)}function _a(n,t,a,s){let r=e("div",{role:"status"}),i=L("Hide (a duplicate)",()=>{},"secondary small");ke(i,"Hiding\u2026",r,()=>n.q(he,{id:t.id,hidden:!0}),s("Hidden: it no longer counts.")),a.append(e("a",{href:`#/transactions/${t.id}`,class:"button-link small"},"Open"),i,r)}var Un=[["ONE_MONTH","1 month"],["THREE_MONTHS","3 months"],["YEAR_TO_DATE","This year"],["ONE_YEAR","1 year"],["ALL_TIME","All time"]];function On(n,t){let{app:a}=n,s=e("div",{class:"cards-row",id:"portfolio-totals","aria-live":"polite"},k("your holdings")),r=e("figure",{class:"chart",id:"value-chart"}),i="ALL_TIME",o=e("div",{class:"segmented",role:"radiogroup","aria-label":"Chart range"},...Un.map(([l,d])=>{let m=`range-${l.toLowerCase()}`,C=e("input",{type:"radio",name:"range",id:m,value:l,checked:l===i,onchange:()=>{i=l,g()}});return e("span",{},C,e("label",{for:m},d))})),u=G("holdings","Holdings",k("your holdings")),I=G("harvest","Tax-loss harvesting",k("losses you could harvest"));t.append(e("h1",{},"Portfolio"),s,G("value","Value over time",o,r).el,u.el,I.el);let g=async()=>{r.replaceChildren(k("the chart"));try{let d=(await a.q(yn,{interval:i})).getChart,m=An(r,d.points,`Portfolio value and ${B(a.client,!0)}, ${Un.find(([C])=>C===i)?.[1].toLowerCase()}`,B(a.client));r.replaceChildren(m,m.tagName==="svg"?e("figcaption",{},`Change over the range: ${F(d.changeCents)}${d.changePercent===null||d.changePercent===void 0?"":` (${ze(d.changePercent)})`}. Coins without a price on a day add nothing to that day.`):"")}catch(l){r.replaceChildren(x(l,g))}},c=async()=>{try{let l=(await a.q(Ae)).getPortfolioV2,d=(y,E,p,S="")=>e("div",{class:"card","data-figure":y},e("span",{class:"card-title"},E),e("span",{class:"card-value"},p),S?e("span",{class:"card-sub"},S):""),m=l.positions.filter(y=>y.valueCents!==null&&y.valueCents!==void 0),C=l.positions.length-m.length,b=m.reduce((y,E)=>y+(E.unrealizedGainCents||0),0);s.replaceChildren(d("value","Value",m.length||!C?$(l.totalValueCents):"No prices",C?`${C} holding${C===1?"":"s"} without a price today, left out`:"At today\u2019s prices"),d("basis",B(a.client),$(l.totalCostBasisCents),l.isStale?"Recalculate to include recent changes":"What you paid for what you hold"),d("unrealized","Unrealized gain",m.length||!C?F(b):"No prices",C?"Of the holdings with a price":"If you sold everything today")),R(u.body),l.positions.length===0?u.body.append(H("You hold nothing yet: add and sync your wallets and exchanges on the Overview page.","holdings-empty")):(u.body.append(e("table",{class:"table cards",id:"holdings-table"},e("caption",{class:"sr-only"},"Your holdings"),e("thead",{},e("tr",{},...["Asset","Quantity","Price","Value",B(a.client),"Unrealized","Share"].map(y=>e("th",{scope:"col"},y)))),e("tbody",{},...l.positions.map(y=>{let E=y.amountExact.startsWith("-");return e("tr",{"data-asset":y.assetId},e("td",{"data-label":"Asset"},e("strong",{},y.asset?.symbol||"?"),y.asset?.name&&y.asset.name!==y.asset.symbol?e("div",{class:"muted small"},y.asset.name):"",E?e("span",{class:"badge warning"},"Negative balance"):""),e("td",{"data-label":"Quantity",class:"num"},M(y.amountExact)),e("td",{"data-label":"Price",class:"num"},y.price===null||y.price===void 0?e("span",{class:"badge muted"},"No price"):$(Math.round(y.price*100))),e("td",{"data-label":"Value",class:"num"},$(y.valueCents)),e("td",{"data-label":B(a.client),class:"num"},$(y.costBasisCents)),e("td",{"data-label":"Unrealized",class:"num"},y.unrealizedGainCents===null||y.unrealizedGainCents===void 0?"\u2014":e("span",{class:y.unrealizedGainCents<0?"loss":"gain"},`${F(y.unrealizedGainCents)} (${ze(y.unrealizedGainPercent)})`)),e("td",{"data-label":"Share",class:"num"},y.portfolioPercent===null||y.portfolioPercent===void 0?"\u2014":`${y.portfolioPercent.toFixed(1)}%`))})))),l.total>l.positions.length&&u.body.append(e("p",{class:"muted small"},`The ${l.positions.length} largest of ${l.total} holdings.`)))}catch(l){s.replaceChildren(x(l,c)),R(u.body)}h()},h=async()=>{try{let l=new Date().toISOString().slice(0,10),d=(await a.q(In,{date:l})).getHarvestableLosses;R(I.body),I.body.append(e("p",{},`Selling holdings worth less than you paid realizes a loss that offsets your gains. These lots are below their ${B(a.client,!0)} at today\u2019s prices.`)),d.assets.length===0&&d.unpricedAssetIds.length>0?I.body.append(H(`We can\u2019t check for losses without prices: ${d.unpricedAssetIds.length===1?"1 holding has":`${d.unpricedAssetIds.length} holdings have`} no price today.`,"harvest-unpriced")):d.assets.length===0?I.body.append(H(`None of your holdings is worth less than its ${B(a.client,!0)} today.`,"harvest-empty")):I.body.append(e("p",{id:"harvest-total"},e("strong",{},`Up to ${$(-d.totalUnrealizedLossCents)} of losses`),a.client.jurisdictionRules.hasHoldingTerms?` (${W(a.client,"SHORT_TERM",!0)} ${$(-d.shortTermUnrealizedLossCents)}, ${W(a.client,"LONG_TERM",!0)} ${$(-d.longTermUnrealizedLossCents)}).`:"."),e("table",{class:"table cards",id:"harvest-table"},e("caption",{class:"sr-only"},"Holdings you could sell at a loss"),e("thead",{},e("tr",{},...["Asset","Held at a loss","Value",B(a.client),"Loss",""].map(m=>e("th",{scope:"col"},m)))),e("tbody",{},...d.assets.map(m=>e("tr",{"data-harvest":m.assetId},e("td",{"data-label":"Asset"},e("strong",{},m.asset?.symbol||"?")),e("td",{"data-label":"Held at a loss",class:"num"},M(m.amountExact)),e("td",{"data-label":"Value",class:"num"},$(m.marketValueCents)),e("td",{"data-label":B(a.client),class:"num"},$(m.costBasisCents)),e("td",{"data-label":"Loss",class:"num"},e("span",{class:"loss"},F(m.unrealizedGainCents)),a.client.jurisdictionRules.hasHoldingTerms?e("div",{class:"muted small"},`${W(a.client,"SHORT_TERM",!0)} ${F(m.shortTermUnrealizedGainCents)} \xB7 ${W(a.client,"LONG_TERM",!0)} ${F(m.longTermUnrealizedGainCents)}`):""),e("td",{"data-label":"Note"},m.hasRecentAcquisition?e("span",{class:"badge info"},"Bought in the last 30 days"):"")))))),d.unpricedAssetIds.length&&I.body.append(e("p",{class:"muted small"},`${d.unpricedAssetIds.length} holding${d.unpricedAssetIds.length===1?" has":"s have"} no price today and ${d.unpricedAssetIds.length===1?"is":"are"} left out.`)),I.body.append(e("p",{class:"muted small"},"This is information, not advice: check with a tax professional before you sell."))}catch(l){I.body.replaceChildren(x(l,h))}};return c(),g(),a.onChange(()=>{c(),g()})}var Ga={A:"Short-term, on Form 1099-B with basis reported",B:"Short-term, on Form 1099-B without basis",C:"Short-term, not on Form 1099-B",D:"Long-term, on Form 1099-B with basis reported",E:"Long-term, on Form 1099-B without basis",F:"Long-term, not on Form 1099-B",G:"Short-term digital assets, on Form 1099-DA with basis reported",H:"Short-term digital assets, on Form 1099-DA without basis",I:"Short-term digital assets, not on Form 1099-DA",J:"Long-term digital assets, on Form 1099-DA with basis reported",K:"Long-term digital assets, on Form 1099-DA without basis",L:"Long-term digital assets, not on Form 1099-DA"},Qa={TAX_FORMS:"Tax forms (ZIP of PDFs)",FORM_8949_PDF:"Form 8949 (PDF)",FORM_8949_CSV:"Form 8949 (CSV)",SCHEDULE_D_PDF:"Schedule D (PDF)",SCHEDULE_1_PDF:"Schedule 1, income (PDF)",CAPITAL_GAINS_CSV:"Capital gains (CSV)",INCOME_CSV:"Income (CSV)",TRANSACTION_HISTORY_CSV:"Transaction history (CSV)",TURBOTAX_CSV:"TurboTax import (CSV)",TAXACT_CSV:"TaxAct import (CSV)",END_OF_YEAR_HOLDINGS_CSV:"Holdings at year end (CSV)",UK_CAPITAL_GAINS_SUMMARY_PDF:"SA108 capital gains summary (PDF)",UK_CAPITAL_GAINS_SUMMARY_CSV:"UK capital gains summary (CSV)",DE_ANLAGE_SO_PDF:"Anlage SO summary (PDF)",DE_ANLAGE_SO_CSV:"Anlage SO rows (CSV)",AU_CGT_SCHEDULE_PDF:"CGT schedule summary (PDF)",AU_CGT_SCHEDULE_CSV:"CGT schedule events (CSV)",CA_SCHEDULE_3_PDF:"Schedule 3 summary (PDF)",CA_SCHEDULE_3_CSV:"Schedule 3 summary (CSV)"},Ya={QUEUED:"Waiting",GENERATING:"Being made",READY:"Ready",FAILED:"Failed"};function _n(n,t,a){let{app:s}=n,r=_("year",[]),i=e("div",{id:"tax-figures","aria-live":"polite"},k("the year\u2019s figures")),o=G("income","Income by kind"),u=G("form-8949","Form 8949 preview"),I=e("div",{id:"reconciliation"}),g=G("reports","Reports");t.append(e("h1",{},"Taxes"),e("div",{class:"toolbar"},q("tax-year","Tax year",r)),i,o.el,u.el,I,g.el);let c=0,h=async()=>{try{let p=await s.years(),S=p.length?p[0]:new Date().getUTCFullYear(),v=Number(a.get("year"));c=v&&v>1900?v:S,r.replaceChildren(...Ie(s.client,p,c).map(f=>e("option",{value:f},z(s.client,f)))),r.value=String(c),await Promise.all([m(),C(0,""),b()])}catch(p){i.replaceChildren(x(p,h))}};r.addEventListener("change",async()=>{history.replaceState(null,"",`#/tax?year=${r.value}`),a.set("year",r.value),c=Number(r.value);try{await Promise.all([m(),C(0,""),b()])}catch(p){i.replaceChildren(x(p,h))}document.activeElement===document.body&&r.focus()});let l=s.client.jurisdictionRules,d=()=>z(s.client,c),m=async()=>{try{let p=(await s.q(me,{year:String(c)})).getIncomeAndCapGains,S=za(p,l);p.futuresCents&&S.push(["futures","Futures",p.futuresCents,F]),R(i),i.append(p.isStale?e("p",{class:"notice",id:"preview-stale"},"Your ledger changed since these figures were calculated. Recalculate to bring them up to date."):"",p.transactionCount===0?H(`No transactions in ${d()}.`,"year-empty"):"",p.jurisdiction&&l.text?e("p",{class:"muted small",id:"tax-rules","data-jurisdiction":l.jurisdiction},l.text):"",e("dl",{class:"figures","data-year":p.year,"data-year-label":p.taxYearLabel||p.year},...S.map(([v,f,T,A])=>e("div",{class:"figure","data-figure":v,"data-cents":T},e("dt",{},f),e("dd",{},A(T))))),e("p",{class:"muted small"},`${p.disposalCount} transaction${p.disposalCount===1?"":"s"} with a sale or other disposal, ${p.transactionCount} in all`,pe(p.computedAt)?`; calculated ${Y(p.computedAt)}.`:"; not calculated yet.")),R(o.body),p.incomeByLabel.length===0?o.body.append(H(`No income in ${d()}.`,"income-empty")):o.body.append(e("table",{class:"table",id:"income-table"},e("caption",{class:"sr-only"},`Income in ${d()} by kind`),e("thead",{},e("tr",{},...["Kind","Transactions","Income"].map(v=>e("th",{scope:"col"},v)))),e("tbody",{},...p.incomeByLabel.map(v=>e("tr",{"data-income":v.label},e("td",{},e("a",{href:`#/transactions?year=${c}&label=${encodeURIComponent(v.label)}`},v.name)),e("td",{class:"num"},String(v.transactionCount)),e("td",{class:"num"},$(v.incomeCents))))),e("tfoot",{},e("tr",{},e("th",{scope:"row"},"Total"),e("td",{}),e("td",{class:"num"},$(p.incomeCents)))))),y.setYear(c)}catch(p){i.replaceChildren(x(p,m))}},C=async(p,S,v=!1)=>{if(!l.hasForm8949){u.el.hidden=!0;return}try{let f=(await s.q(fn,{year:c,box:S||void 0,page:p})).getForm8949PreviewForYear;if(R(u.body),f.boxes.length===0){u.body.append(H(`No sales or other disposals in ${c}: nothing goes on Form 8949.`,"f8949-empty"));return}let T=_("box",[["","All boxes"],...f.boxes.map(P=>[P.box,`Box ${P.box}`])],S);T.addEventListener("change",()=>C(0,T.value,!0));let A=e("details",{class:"rows",id:"f8949-details",open:v});u.body.append(e("p",{},"How your sales will be reported on Form 8949, box by box. Generate the form itself under Reports."),e("table",{class:"table cards",id:"f8949-boxes"},e("caption",{class:"sr-only"},`Form 8949 boxes of ${c}`),e("thead",{},e("tr",{},...["Box","Rows","Proceeds","Cost basis","Adjustments","Gain or loss"].map(P=>e("th",{scope:"col"},P)))),e("tbody",{},...f.boxes.map(P=>e("tr",{"data-box":P.box},e("td",{"data-label":"Box"},e("strong",{},`Box ${P.box}`),e("div",{class:"muted small"},Ga[P.box]||"")),e("td",{"data-label":"Rows",class:"num"},String(P.rowCount)),e("td",{"data-label":"Proceeds",class:"num"},$(P.proceedsCents)),e("td",{"data-label":"Cost basis",class:"num"},$(P.costBasisCents)),e("td",{"data-label":"Adjustments",class:"num"},$(P.adjustmentCents)),e("td",{"data-label":"Gain or loss",class:"num"},F(P.gainOrLossCents)))))),A),A.append(e("summary",{},`The ${f.total} row${f.total===1?"":"s"}${S?` of box ${S}`:""}, as on the form`),e("div",{class:"toolbar"},q("f8949-box","Show the rows of",T)),e("table",{class:"table cards",id:"f8949-rows"},e("caption",{class:"sr-only"},"Form 8949 rows"),e("thead",{},e("tr",{},...["Box","(a) Description","(b) Acquired","(c) Sold","(d) Proceeds","(e) Cost basis","(h) Gain or loss"].map(P=>e("th",{scope:"col"},P)))),e("tbody",{},...f.rows.map(P=>e("tr",{},e("td",{"data-label":"Box"},P.box),e("td",{"data-label":"Description"},P.transactionId?e("a",{href:`#/transactions/${P.transactionId}`},P.description):P.description),e("td",{"data-label":"Acquired"},P.dateAcquired?V(P.dateAcquired):"Various"),e("td",{"data-label":"Sold"},V(P.dateSold)),e("td",{"data-label":"Proceeds",class:"num"},$(P.proceedsCents)),e("td",{"data-label":"Cost basis",class:"num"},$(P.costBasisCents)),e("td",{"data-label":"Gain or loss",class:"num"},F(P.gainOrLossCents)))))),e("nav",{class:"pager","aria-label":"Form 8949 pages"},f.page>0?L("Previous rows",()=>C(f.page-1,S,!0),"secondary"):"",e("span",{class:"muted"},`Rows ${f.page*f.limit+1}\u2013${f.page*f.limit+f.rows.length} of ${f.total}`),(f.page+1)*f.limit<f.total?L("Next rows",()=>C(f.page+1,S,!0),"secondary"):""))}catch(f){u.body.replaceChildren(x(f,()=>C(p,S)))}},b=async()=>{if(R(I),!!l.hasForm1099DA)try{let p=(await s.q(bn,{year:c})).getTaxFormStatuses.taxForms;if(p.length===0)return;let S=G("reconciliation-panel","Form 1099-DA reconciliation");I.append(S.el),S.body.append(e("p",{},"Your broker reported these sales to the IRS on Form 1099-DA. Here they are compared with your own figures: differences need a look before you file."));for(let v of p){let f=(await s.q($n,{formId:v.id})).getTaxFormReconciliation,T=f.rows.filter(A=>A.status!=="MATCHED").slice(0,20);S.body.append(e("div",{class:"recon","data-form":v.id},e("h3",{},`${v.brokerName}: ${v.rowCount} row${v.rowCount===1?"":"s"}`),e("dl",{class:"figures"},...[["Broker proceeds",$(f.brokerProceedsCents)],["Your proceeds",$(f.computedProceedsCents)],["Difference",F(f.proceedsDifferenceCents)],["Matched",String(f.matchedCount)],["Different",String(f.mismatchedCount)],["Missing in your ledger",String(f.missingInLedgerCount)],["Not on the form",String(f.missingOnFormCount)]].map(([A,P])=>e("div",{class:"figure"},e("dt",{},A),e("dd",{},P)))),T.length===0?e("p",{class:"notice ok"},"Every row matches your figures."):e("table",{class:"table cards"},e("caption",{class:"sr-only"},"Rows that differ"),e("thead",{},e("tr",{},...["Sold","Asset","Broker","Yours","Difference",""].map(A=>e("th",{scope:"col"},A)))),e("tbody",{},...T.map(A=>e("tr",{},e("td",{"data-label":"Sold"},V(A.dateSold)),e("td",{"data-label":"Asset"},`${A.amountExact} ${A.assetSymbol}`),e("td",{"data-label":"Broker",class:"num"},$(A.brokerProceedsCents)),e("td",{"data-label":"Yours",class:"num"},$(A.computedProceedsCents)),e("td",{"data-label":"Difference",class:"num"},F(A.proceedsDifferenceCents)),e("td",{"data-label":"Status"},A.status==="MISSING_IN_LEDGER"?"Not in your ledger":A.status==="MISSING_ON_FORM"?"Not on the form":A.transactionId?e("a",{href:`#/transactions/${A.transactionId}`},"Different: open"):"Different")))))))}}catch(p){I.replaceChildren(x(p,b))}},y=new nt(s,g.body,s.client);y.load(),h();let E=s.onChange(()=>{s.years().then(()=>{m(),C(0,"")})});return()=>{y.stop(),E()}}var nt=class{constructor(t,a,s){this.app=t;this.client=s;this.list=e("div",{id:"report-list","aria-live":"polite"},k("your reports"));this.msg=e("div",{id:"report-message",role:"status"});this.yearSel=_("year",[]);this.polling=!1;this.alive=!0;let r=e("input",{name:"email",type:"email",autocomplete:"email",value:t.s.email||""}),i=e("button",{type:"submit",id:"request-report-button"},"Request report");this.form=e("form",{id:"request-report",class:"inline-form",onsubmit:o=>{o.preventDefault(),this.request(i)}},q("report-year","Tax year",this.yearSel),q("report-type","Report",_("type",s.jurisdictionRules.reportTypes.map(o=>[o,tt(o)])),"grow"),q("report-email","E-mail me a link (optional)",r,"grow"),i),a.append(e("p",{},"Reports are made from your calculated figures. They are ready in a few seconds; you can also get a link by e-mail."),this.form,this.msg,this.list)}stop(){this.alive=!1}async setYear(t){let a=await this.app.years();this.yearSel.replaceChildren(...Ie(this.client,a,t).map(s=>e("option",{value:s},z(this.client,s)))),this.yearSel.value=String(t)}async load(){try{let t=(await this.app.q(Ke)).getReports;this.render(t),t.some(Hn)&&this.poll()}catch(t){this.list.replaceChildren(x(t,()=>this.load()))}}render(t){if(R(this.list),t.length===0){this.list.append(H("No reports yet. Choose a year and a report above.","reports-empty"));return}this.list.append(e("table",{class:"table cards"},e("caption",{class:"sr-only"},"Your reports"),e("thead",{},e("tr",{},...["Year","Report","Status","Requested",""].map(a=>e("th",{scope:"col"},a)))),e("tbody",{},...t.map(a=>e("tr",{"data-report":a.id,"data-type":a.type,"data-status":a.status},e("td",{"data-label":"Year"},a.year?z(this.client,Number(a.year)):"\u2014"),e("td",{"data-label":"Report"},tt(a.type),a.isStale?e("div",{class:"muted small"},"Your figures changed since; request it again for current ones."):""),e("td",{"data-label":"Status"},e("span",{class:`badge ${a.status.toLowerCase()}`},Ya[a.status]||a.status),a.error?e("div",{class:"muted small"},a.error):""),e("td",{"data-label":"Requested"},Y(a.createdAt)),e("td",{"data-label":"File"},a.status==="READY"?L("Download",s=>this.download(a,s.currentTarget),"secondary small download",{"aria-label":`Download ${a.year||""} ${tt(a.type)}`}):""))))))}async request(t){let a=new FormData(this.form),s=String(a.get("email")||"").trim();try{let i=(await Q(t,"Requesting\u2026",()=>this.app.q(Cn,{year:String(a.get("year")),type:String(a.get("type")),email:s||void 0}))).getReportExportV2;this.msg.replaceChildren(e("p",{class:"notice ok"},i.isCached?"You have this report already, up to date: it is in the list below.":`Report requested. It appears below when it is ready${s?`, and we e-mail a link to ${s}`:""}.`)),await this.load()}catch(r){this.msg.replaceChildren(x(r))}}async poll(){if(!this.polling){this.polling=!0;try{for(;this.alive;){await ee(1e3);let t=(await this.app.q(Ke)).getReports;if(!this.alive||(this.render(t),!t.some(Hn)))return}}catch(t){this.list.replaceChildren(x(t,()=>this.load()))}finally{this.polling=!1}}}async download(t,a){try{let s=await Q(a,"Preparing\u2026",()=>this.app.q(Tn,{id:t.id})),r=e("a",{href:s.getReportDownloadUrl.url,download:s.getReportDownloadUrl.fileName,hidden:!0});document.body.append(r),r.click(),r.remove(),this.msg.replaceChildren(e("p",{class:"notice ok",id:"download-started"},`Downloading ${s.getReportDownloadUrl.fileName}.`))}catch(s){this.msg.replaceChildren(x(s))}}},Hn=n=>n.status==="QUEUED"||n.status==="GENERATING";function tt(n){return Qa[n]||n.replace(/_/g," ").toLowerCase()}function za(n,t){let a=t.words,s=[["proceeds",a.proceeds,n.proceedsCents,$],["cost-basis",a.cost,n.costBasisCents,$]];return t.hasHoldingTerms&&s.push(["short-term",`${a.shortTerm||"Short-term"} gains`,n.shortTermCapGainsCents,F],["long-term",`${a.longTerm||"Long-term"} gains`,n.longTermCapGainsCents,F]),(!t.hasHoldingTerms||n.gainsCents!==null&&n.gainsCents!==void 0)&&s.push(["gains",a.gains,n.gainsCents??0,$],["losses",a.losses,-(n.lossesCents??0),$]),a.deniedLosses&&s.push(["denied-losses",a.deniedLosses,n.deniedLossesCents??0,$]),s.push(["capital-gains",a.netGain,n.capGainsCents,F]),n.lossesBroughtForwardCents!=null&&s.push(["losses-brought-forward","Net capital losses brought forward",n.lossesBroughtForwardCents,$]),n.discountCents!=null&&s.push(["discount","CGT discount applied",n.discountCents,$]),n.gainThresholdCents!=null&&s.push(["threshold",`${a.threshold||"Threshold"} (taxed in full from this amount)`,n.gainThresholdCents,$]),a.taxableGain&&s.push(["taxable-gains",a.taxableGain,n.taxableCapitalGainsCents??0,F]),n.lossesCarriedForwardCents!=null&&s.push(["losses-carried-forward","Net capital losses carried forward",n.lossesCarriedForwardCents,$]),s.push(["income","Income",n.incomeCents,$]),a.taxableIncome&&n.taxableIncomeCents!=null&&s.push(["taxable-income",a.taxableIncome,n.taxableIncomeCents,$]),s}var ot="taxd.portal.session",at=(()=>{try{return JSON.parse(document.getElementById("taxd-page")?.textContent||"{}")}catch{return{}}})(),X=document.getElementById("main"),it=document.getElementById("top"),Ve=!1;function Wa(n){try{let t=n.split(".")[1].replace(/-/g,"+").replace(/_/g,"/");return JSON.parse(atob(t))}catch{return{}}}function ja(n){sessionStorage.setItem(ot,JSON.stringify(n))}function Ka(){try{let n=JSON.parse(sessionStorage.getItem(ot)||"null");return n&&n.code&&n.token?n:null}catch{return null}}function st(n){let t=n?.partnerId?`?partner=${encodeURIComponent(n.partnerId)}`:"",a=()=>history.replaceState(null,"",location.pathname+t+location.hash);document.readyState==="complete"?a():window.addEventListener("load",a,{once:!0})}function Yn(n){if(document.body.dataset.partner=n.name,document.title=`${n.name} \xB7 Crypto tax portal`,n.primaryColor&&/^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(n.primaryColor)){let[a,s]=Ja(n.primaryColor),r=document.documentElement.style;r.setProperty("--brand",a),r.setProperty("--on-brand",s)}R(it),it.append(e("div",{class:"brand"},n.logoUrl&&/^https:\/\//.test(n.logoUrl)?e("img",{src:n.logoUrl,alt:`${n.name} logo`,class:"logo"}):"",e("span",{class:"partner-name"},n.name),e("span",{class:"product"},"Crypto tax portal")));let t=document.getElementById("foot");t||(t=e("footer",{id:"foot",class:"foot"}),document.body.append(t)),t.replaceChildren(e("p",{},`The tax portal of ${n.name}.`,n.supportEmail?[" Questions? Write to ",e("a",{href:`mailto:${n.supportEmail}`},n.supportEmail),"."]:""))}function Ja(n){let t=n.slice(1);t.length===3&&(t=t.split("").map(i=>i+i).join(""));let a=[0,2,4].map(i=>parseInt(t.slice(i,i+2),16)),s=i=>i.map(o=>{let u=o/255;return u<=.03928?u/12.92:Math.pow((u+.055)/1.055,2.4)}).reduce((o,u,I)=>o+u*[.2126,.7152,.0722][I],0),r=s(a);if((r+.05)/.05>=4.5&&(r+.05)/.05>1.05/(r+.05))return[n,"#000000"];for(let i=0;i<40&&1.05/(s(a)+.05)<4.5;i++)a=a.map(o=>Math.floor(o*.94));return[`#${a.map(i=>i.toString(16).padStart(2,"0")).join("")}`,"#ffffff"]}function Ue(n,t,...a){R(X),document.getElementById("app-nav")?.remove(),X.append(e("section",{class:"panel state",id:n,"aria-labelledby":`${n}-h`},e("h1",{id:`${n}-h`},t),...a))}function rt(){if(Ve)return;Ve=!0,sessionStorage.removeItem(ot);let n=document.body.dataset.partner||"your provider",t=e("p",{hidden:!0,role:"status"},`Return to ${n} and open the tax portal from there: it signs you in with a new link.`),a=e("button",{type:"button",id:"sign-in-again",onclick:()=>{window.parent!==window&&window.parent.postMessage({type:"taxd:portal:session-expired"},"*"),t.hidden=!1}},"Sign in again");Ue("state-expired","Your session has expired",e("p",{},`For your security the tax portal signs you out after a while. Sign in again from ${n}.`),a,t),X.focus()}function Xa(){Ue("state-signed-out","Sign in to your tax portal",e("p",{},"Open the tax portal from your provider\u2019s website or app: it signs you in automatically."))}var Za=[["","Overview"],["transactions","Transactions"],["review","Review"],["portfolio","Portfolio"],["tax","Taxes"]];async function zn(n){R(X),X.append(k("your tax portal"));let t,a;try{[t,a]=await Promise.all([te(n,"GET","/user"),$e(n,en).then(i=>i.getMyActiveClient)])}catch(i){if(Ve)return;if(i instanceof U&&i.status===404)return Ue("state-not-found","We could not find your account",e("p",{},"This sign-in link does not belong to an account here. Open the tax portal again from your provider."));R(X),X.append(e("section",{class:"panel state",id:"state-error"},e("h1",{},"The tax portal could not open"),e("p",{},ne(i)),e("button",{type:"button",onclick:()=>zn(n)},"Try again")));return}Yn(t.partner),gt(a.currency),n.email=n.email||t.email||void 0;let s=new ve(n,a,t.partner);s.labels().then(i=>{s.labelCache=i}).catch(()=>{}),s.accounts().then(i=>{s.accountCache=i}).catch(()=>{}),s.onChange(()=>{s.accounts().then(i=>{s.accountCache=i}).catch(()=>{})});let r=new Ee(s);es(s,r),r.refresh(),window.parent!==window&&window.parent.postMessage({type:"taxd:portal:ready"},"*")}var oe,Gn=!0;function es(n,t){let a=Za.map(([I,g])=>e("li",{},e("a",{href:`#/${I}`,"data-route":I,id:`nav-${I||"overview"}`},g,I==="review"?e("span",{class:"count",id:"review-count",hidden:!0}):""))),s=e("nav",{class:"tabs",id:"app-nav","aria-label":"Tax portal"},e("ul",{},...a));document.getElementById("app-nav")?.remove(),it.after(s);let r=e("div",{class:"bar"},t.el),i=e("div",{id:"view"});R(X),X.append(r,i);let o={app:n,recalc:t,reviewCount:I=>Wn(I)},u=()=>{if(Ve)return;typeof oe=="function"&&oe();let[I,g]=location.hash.replace(/^#\/?/,"").split("?"),c=I.split("/").filter(Boolean).map(decodeURIComponent),h=new URLSearchParams(g||""),l=c[0]||"";for(let d of s.querySelectorAll("a"))d.dataset.route===l?d.setAttribute("aria-current","page"):d.removeAttribute("aria-current");switch(R(i),window.scrollTo(0,0),l){case"transactions":oe=c[1]?Mn(o,i,c[1]):Ln(o,i,h);break;case"review":oe=kn(o,i,h);break;case"portfolio":oe=On(o,i);break;case"tax":oe=_n(o,i,h);break;default:oe=En(o,i)}if(!Gn){let d=i.querySelector("h1");d&&(d.setAttribute("tabindex","-1"),d.focus())}Gn=!1};window.addEventListener("hashchange",u),u(),Qn(n),n.onChange(()=>Qn(n))}async function Qn(n){try{let t=await n.q(se,{limit:1});Wn(t.getClientReviewQueue.totalCount)}catch{}}function Wn(n){let t=document.getElementById("review-count");t&&(t.hidden=n===0,t.textContent=String(n),t.setAttribute("aria-label",`${n} to review`))}async function ts(){at.brand&&Yn(at.brand);let n=new URLSearchParams(location.search);if(n.get("report")&&n.get("signature"))return Pn(X,n,at.download);dt(rt);let t=null;if(n.get("token")&&n.get("code"))t={code:n.get("code"),token:n.get("token"),email:n.get("email")||void 0,clientId:""};else if(n.get("link")){st(null);try{let s=await mt(n.get("link"));t={code:s.referenceId,token:s.accessToken,partnerId:s.partnerId,clientId:""}}catch(s){return Ue("state-link-invalid","This link does not work",e("p",{},ne(s)))}}else t=Ka();if(!t)return st(null),Xa();let a=Wa(t.token);return t.partnerId=t.partnerId||a.pid,t.clientId=a.sub||"",ja(t),st(t),a.exp&&a.exp*1e3<=Date.now()?rt():(a.exp&&setTimeout(rt,Math.min(a.exp*1e3-Date.now(),2**31-1)),zn(t))}ts();})();
