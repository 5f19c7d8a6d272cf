"use strict";(()=>{var dt=document.querySelector('meta[name="taxd-api"]')?.content||"/api",Zn=document.querySelector('meta[name="taxd-graphql"]')?.content||"/graphql",K=class extends Error{},U=class extends Error{constructor(a,s,i=""){super(s);this.status=a;this.code=i}},ut=()=>{};function pt(n){ut=n}function He(){throw ut(),new K("session expired")}async function te(n,t,a,s){let i;try{i=await fetch(`${dt}/users/${encodeURIComponent(n.code)}${a}`,{method:t,headers:{Authorization:`Bearer ${n.token}`,...s===void 0?{}:{"Content-Type":"application/json"}},body:s===void 0?void 0:JSON.stringify(s)})}catch{throw $e()}if(i.status===401&&He(),!i.ok)throw new U(i.status,await mt(i));return(await i.json()).data}async function mt(n){try{let t=await n.json();if(t&&typeof t.message=="string")return _e(t.message)}catch{}return Ge(n.status)}function Ge(n){return n===404?"We could not find this. It may have been removed.":n===429?"Too many requests in a short time. Wait a minute, then try again.":n===503?"The service is busy or under maintenance. Try again in a minute.":"Something went wrong on our side. Try again in a moment."}function $e(){return new U(0,"The portal could not reach the server. Check your internet connection and try again.","OFFLINE")}async function Ce(n,t,a){let s=t.toString(),i;try{i=await fetch(Zn,{method:"POST",headers:{Authorization:`Bearer ${n.token}`,"Content-Type":"application/json"},body:JSON.stringify({query:s,variables:a??{}})})}catch{throw $e()}i.status===401&&He();let r;try{r=await i.json()}catch{throw new U(i.status,Ge(i.status))}let o=r.errors?.[0];if(o){let u=o.extensions?.code||"";throw u==="UNAUTHENTICATED"&&He(),new U(i.status,ea(u,o.message),u)}return r.data}function ea(n,t){switch(n){case"BAD_USER_INPUT":return _e(t);case"NOT_FOUND":return"We could not find this. It may have been merged, deleted or changed meanwhile; reload the page.";case"CONFLICT":return`This could not be done: ${ta(_e(t))}`;case"TAXES_LOCKED":return"This falls in a tax period that is locked because it was filed. Ask your provider to unlock it first.";case"FORBIDDEN":return"Your sign-in does not allow this.";case"RATE_LIMITED":return"Too many requests in a short time. Wait a minute, then try again.";case"TIMEOUT":return"This took too long to answer. Try again, or narrow the filters.";default:return"Something went wrong on our side. Try again in a moment."}}function ta(n){return n.charAt(0).toLowerCase()+n.slice(1)}function _e(n){let t=n.replace(/^[\w.[\]]+: /,"");return/regular expression|doesn't match|format "/.test(t)?"That value is not in the expected format.":(t=t.replace(/\s+/g," ").trim(),t?t.charAt(0).toUpperCase()+t.slice(1)+(/[.!?]$/.test(t)?"":"."):"That value is not valid.")}function ne(n){return n instanceof U?n.message:"Something went wrong in the portal. Reload the page and try again."}async function gt(n,t,a,s){let i;try{i=await fetch(`${dt}/users/${encodeURIComponent(n)}/reports/${encodeURIComponent(t)}/download`,{method:"POST",headers:{"Content-Type":"application/json"},body:JSON.stringify({expires:a,signature:s})})}catch{throw $e()}if(i.status===401)return"expired";if(i.status===404)return"gone";if(!i.ok)throw new U(i.status,Ge(i.status));return aa(await i.blob(),na(i,"report")),"ok"}function na(n,t){let a=n.headers.get("Content-Disposition")||"",s=/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(a);return s?decodeURIComponent(s[1]):t}function aa(n,t){let a=URL.createObjectURL(n),s=document.createElement("a");s.href=a,s.download=t,s.hidden=!0,document.body.append(s),s.click(),s.remove(),setTimeout(()=>URL.revokeObjectURL(a),6e4)}async function ht(n){let t;try{t=await fetch("/portal/link-session",{method:"POST",headers:{"Content-Type":"application/json"},body:JSON.stringify({link:n})})}catch{throw $e()}if(t.status===404)throw new U(404,"This link is not valid any more. Ask your provider for a new one.");if(!t.ok)throw new U(t.status,await mt(t));return t.json()}function e(n,t={},...a){let i=sa.has(n)?document.createElementNS("http://www.w3.org/2000/svg",n):document.createElement(n);for(let[r,o]of Object.entries(t))o==null||o===!1||(r.startsWith("on")&&typeof o=="function"?i.addEventListener(r.slice(2),o):o===!0?i.setAttribute(r,""):i.setAttribute(r,String(o)));for(let r of a.flat())r==null||r===!1||r===""||i.append(typeof r=="number"?String(r):r);return i}var sa=new Set(["svg","g","rect","line","text","title","desc","path","polyline","circle"]);function v(n){n.replaceChildren()}function Y(n){let t=pe(n);return t?t.toLocaleString("en-US",{dateStyle:"medium",timeStyle:"short"}):"\u2014"}function V(n){let t=pe(n);return t?t.toLocaleDateString("en-US",{dateStyle:"medium"}):"\u2014"}function Qe(n,t){let a=pe(n);return a?a.toLocaleTimeString("en-US",{hour:"numeric",minute:"2-digit",timeZone:t}):"\u2014"}function pe(n){if(!n)return null;let t=new Date(n);return isNaN(t.getTime())||t.getUTCFullYear()<1971?null:t}var Ye="USD";function yt(n){Ye=n||"USD"}function $(n){return n==null?"\u2014":(Math.round(n)===0?0:n/100).toLocaleString("en-US",{style:"currency",currency:Ye})}function L(n){return n==null?"\u2014":n>0?`+${$(n)}`:n<0?`\u2212${$(-n)}`:$(0)}function ze(n){return(n/100).toLocaleString("en-US",{style:"currency",currency:Ye,notation:"compact",maximumFractionDigits:1})}function F(n){if(!n)return"\u2014";let t=Number(n);return isFinite(t)?t.toLocaleString("en-US",{maximumFractionDigits:Math.abs(t)>=1e3?2:8}):n}function me(n){return n==null||!isFinite(n)?"\u2014":`${n>0?"+":n<0?"\u2212":""}${Math.abs(n).toLocaleString("en-US",{maximumFractionDigits:1})}%`}function ae(n){return n.length>16?`${n.slice(0,6)}\u2026${n.slice(-4)}`:n}function le(n){let t=document.getElementById("announcer");t||(t=e("div",{id:"announcer",class:"sr-only",role:"status","aria-live":"polite"}),document.body.append(t)),t.textContent="",setTimeout(()=>{t.textContent=n},50)}function ee(n){return new Promise(t=>setTimeout(t,n))}function k(n){return e("p",{class:"loading",role:"status"},e("span",{class:"spinner","aria-hidden":"true"}),`Loading ${n}\u2026`)}function O(n,t,...a){return e("div",{class:"empty",id:t},e("p",{},n),...a)}function q(n,t,a,s=""){return a.id=n,e("div",{class:`field ${s}`},e("label",{for:n},t),a)}function G(n,t,a){let s=e("select",{name:n},...t.map(([i,r])=>e("option",{value:i},r)));return a!==void 0&&(s.value=a),s}function B(n,t,a="",s={}){return e("button",{type:"button",class:a,onclick:t,...s},n)}function Te(n,t,a){return s=>{let i=s.currentTarget;if(i.nextElementSibling?.classList.contains("confirm"))return;let r=()=>{u.remove(),i.hidden=!1},o=B(t,()=>{r(),a(i)},"small",{"data-confirm-yes":i.id||""}),u=e("div",{class:"confirm",role:"group","aria-label":n},e("p",{},n),o,B("Cancel",()=>{r(),i.focus()},"secondary small"));i.hidden=!0,i.after(u),o.focus()}}async function Q(n,t,a){let s=n.textContent;n.disabled=!0,n.textContent=t,n.setAttribute("aria-busy","true");try{return await a()}finally{n.disabled=!1,n.textContent=s,n.removeAttribute("aria-busy")}}var w=class extends String{constructor(t,a){super(t),this.value=t,this.__meta__=a}toString(){return this.value}},It=new w(`
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
    `,{fragmentName:"PortalTxRow"}),ft=new w(`
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
    `,{fragmentName:"PortalTxDetail"}),bt=new w(`
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
    `),$t=new w(`
    query PortalTaxYears($clientId: ID!) {
  getTaxYears(clientId: $clientId)
}
    `),Ct=new w(`
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
    `),Tt=new w(`
    query PortalDirty($clientId: ID!) {
  countDirty(clientId: $clientId)
}
    `),St=new w(`
    query PortalActiveJob($clientId: ID!) {
  getActiveRecalculateJob(clientId: $clientId) {
    id
    status
    progress
    attempt
  }
}
    `),Pt=new w(`
    query PortalLastRun {
  getMyActiveClient {
    id
    lastRecalculatedAt
  }
}
    `),Dt=new w(`
    mutation PortalRecalculate($clientId: ID!) {
  rerunGraph(clientId: $clientId)
}
    `),xt=new w(`
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
    `),wt=new w(`
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
    `),At=new w(`
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
    `),vt=new w(`
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
    `),Et=new w(`
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
    `),Rt=new w(`
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
}`),Lt=new w(`
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
}`),Ft=new w(`
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
    `),Bt=new w(`
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
    `),Mt=new w(`
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
    `),Nt=new w(`
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
    `),qt=new w(`
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
    `),kt=new w(`
    mutation PortalHide($clientId: ID!, $id: ID!, $hidden: Boolean!) {
  hideTransaction(clientId: $clientId, transactionId: $id, isHidden: $hidden) {
    id
    isHidden
  }
}
    `),Vt=new w(`
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
    `),Ut=new w(`
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
    `),Ot=new w(`
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
    `),Ht=new w(`
    mutation PortalPair($clientId: ID!, $from: ID!, $to: ID!) {
  markInternalTransfer(
    clientId: $clientId
    fromTransactionId: $from
    toTransactionId: $to
  )
}
    `),_t=new w(`
    mutation PortalUnpair($clientId: ID!, $from: ID!, $to: ID!) {
  unmarkInternalTransfer(
    clientId: $clientId
    fromTransactionId: $from
    toTransactionId: $to
  )
}
    `),Gt=new w(`
    mutation PortalUndo($clientId: ID!, $ids: [ID!]!) {
  undoAuditLogs(clientId: $clientId, auditLogIds: $ids, source: "portal") {
    id
  }
}
    `),Qt=new w(`
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
    `),Yt=new w(`
    mutation PortalMarkSpam($assetId: ID!, $spam: Boolean) {
  updateAsset(assetId: $assetId, isSpam: $spam) {
    id
    isSpam
  }
}
    `),zt=new w(`
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
    `),Wt=new w(`
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
    `),jt=new w(`
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
    `),Kt=new w(`
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
    `),Jt=new w(`
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
    `),Xt=new w(`
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
    `),Zt=new w(`
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
    `),en=new w(`
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
    `),tn=new w(`
    query PortalDownloadUrl($id: ID!) {
  getReportDownloadUrl(reportId: $id) {
    url
    fileName
  }
}
    `);var ra={"\nfragment PortalTxRow on Transaction {\n  id createdAt label accountId provider isHidden isMissingBasis hasNegativeBalance isInternalTransfer isDirty isSpam\n  fiatValueCents capGainsSumSigned incomeSum\n  transfers { id direction isFee amountExact assetId asset { id symbol } fiatValueCents }\n}":It,"\nfragment PortalTxDetail on Transaction {\n  id createdAt txnHash accountId provider explorerUrl label labelSource notes isHidden isReviewed isDirty isMissingBasis\n  hasNegativeBalance isInternalTransfer isEdited isSpam isOffChain linkType linkId linkedTransactionId\n  fiatValueCents feeFiatValueCents capGainsSumSigned incomeSum\n  classification { rule confidence explanation }\n  transfers {\n    id ordering assetId asset { id symbol name pricingKey } amountExact fromAccountId toAccountId fromAddress toAddress\n    direction isFee isHidden fiatValueCents basisFiatValueCents isFiatValueOverridden capGainsSumSigned incomeSum\n    saleTerm uncoveredAmountExact\n  }\n}":ft,"\nquery PortalClient {\n  getMyActiveClient {\n    id name currency timezone fiscalYearStart costBasisAlgorithm lockTaxesUntil\n    jurisdictionRules {\n      jurisdiction name taxYearStart taxYearLabelFormat hasHoldingTerms hasForm8949 hasForm1099DA reportTypes text matchingText\n      words { proceeds cost gains losses netGain taxableGain deniedLosses holding shortTerm longTerm taxableIncome threshold }\n    }\n  }\n}":bt,"\nquery PortalTaxYears($clientId: ID!) { getTaxYears(clientId: $clientId) }":$t,"\nquery PortalYear($clientId: ID!, $year: String!) {\n  getIncomeAndCapGains(clientId: $clientId, year: $year) {\n    year startDate endDate proceedsCents costBasisCents shortTermCapGainsCents longTermCapGainsCents capGainsCents\n    futuresCents incomeCents incomeByLabel { label name incomeCents transactionCount } disposalCount transactionCount\n    isStale computedAt jurisdiction taxYearLabel gainsCents lossesCents deniedLossesCents taxableCapitalGainsCents\n    gainThresholdCents taxableIncomeCents incomeThresholdCents discountGainsCents lossesBroughtForwardCents discountCents lossesCarriedForwardCents\n  }\n}":Ct,"\nquery PortalDirty($clientId: ID!) { countDirty(clientId: $clientId) }":Tt,"\nquery PortalActiveJob($clientId: ID!) {\n  getActiveRecalculateJob(clientId: $clientId) { id status progress attempt }\n}":St,"\nquery PortalLastRun { getMyActiveClient { id lastRecalculatedAt } }":Pt,"\nmutation PortalRecalculate($clientId: ID!) { rerunGraph(clientId: $clientId) }":Dt,"\nquery PortalTransactionCount($clientId: ID!, $search: String, $startDate: Date, $endDate: Date, $assetIds: [String!], $accountIds: [ID!],\n    $labels: [String!], $labelFilterMode: String, $insightPatternId: ID, $includeHidden: Boolean) {\n  getClientTransactionsSummary(clientId: $clientId, search: $search, startDate: $startDate, endDate: $endDate, assetIds: $assetIds,\n      accountIds: $accountIds, labels: $labels, labelFilterMode: $labelFilterMode, insightPatternId: $insightPatternId, includeHidden: $includeHidden) {\n    transactionCount\n  }\n}":xt,"\nquery PortalReviewQueue($clientId: ID!, $patternId: ID, $limit: Int) {\n  getClientReviewQueue(clientId: $clientId, patternId: $patternId, limit: $limit) {\n    totalCount\n    groups { patternId type severity title count assetId }\n    items { transactionId patternId type problems }\n  }\n}":wt,"\nquery PortalAccounts($clientId: String!) {\n  getClientAccounts(clientId: $clientId) {\n    id name type provider address status transactionCount lastSyncedAt lastSyncError\n  }\n}":At,"\nquery PortalAssets($clientId: ID!) {\n  getClientAssets(clientId: $clientId, hideSpamAssets: true) { assets { id symbol name pricingKey } }\n}":vt,"\nquery PortalLabels($clientId: ID) {\n  getLabels(clientId: $clientId) { value name description category isIncome isDisposal isNonTaxable }\n}":Et,"\nquery PortalTransactions($clientId: ID!, $page: Int, $limit: Int, $search: String, $startDate: Date, $endDate: Date,\n    $assetIds: [String!], $accountIds: [ID!], $labels: [String!], $labelFilterMode: String, $insightPatternId: ID,\n    $includeHidden: Boolean, $onlyTransactionIds: [String!]) {\n  getClientTransactions(clientId: $clientId, page: $page, limit: $limit, skipTotal: true, search: $search,\n      startDate: $startDate, endDate: $endDate, assetIds: $assetIds, accountIds: $accountIds, labels: $labels,\n      labelFilterMode: $labelFilterMode, insightPatternId: $insightPatternId, includeHidden: $includeHidden,\n      onlyTransactionIds: $onlyTransactionIds) {\n    transactions { ...PortalTxRow }\n    page limit hasNextPage\n  }\n}":Rt,"\nquery PortalTransaction($clientId: ID!, $id: ID!) {\n  getTransaction(clientId: $clientId, transactionId: $id, includeAllTransfers: true) { ...PortalTxDetail }\n}":Lt,"\nquery PortalTransactionLots($clientId: ID!, $key: String!, $id: ID) {\n  getTaxLots(clientId: $clientId, assetPricingKey: $key, transactionId: $id) {\n    costBasisAlgorithm\n    disposals {\n      transferId amountExact proceedsCents costBasisCents gainCents term box lotAcquiredAt lotTransactionId\n      isUncovered isMissingBasis match deniedLossExact\n    }\n    lots { id acquiredAt amountExact originalAmountExact costBasisCents term isMissingBasis }\n  }\n}":Ft,"\nquery PortalLabelOptions($clientId: ID!, $id: ID!) {\n  getTransactionTypeOptions(clientId: $clientId, transactionId: $id) {\n    options { value name description } recommended { value } currentLabel\n  }\n}":Bt,"\nquery PortalAudit($clientId: ID!, $ids: [ID!]) {\n  getClientAuditLogs(clientId: $clientId, transactionIds: $ids, limit: 25, page: 0) {\n    auditLogs { id createdAt actorType action entityType field oldValue newValue undoneAt canUndo source }\n    total\n  }\n}":Mt,"\nquery PortalPairs($clientId: ID!, $id: ID, $limit: Int) {\n  getTransferPairSuggestions(clientId: $clientId, transactionId: $id, limit: $limit) {\n    fromTransactionId toTransactionId fromAccountId toAccountId sentAmountExact receivedAmountExact feeAmountExact\n    sentAt receivedAt asset { symbol }\n  }\n}":Nt,'\nmutation PortalLabel($clientId: ID!, $ids: [ID!]!, $label: String, $wipe: Boolean) {\n  labelTransactions(clientId: $clientId, transactionIds: $ids, label: $label, wipeLabel: $wipe, source: "portal") { id label }\n}':qt,"\nmutation PortalHide($clientId: ID!, $id: ID!, $hidden: Boolean!) {\n  hideTransaction(clientId: $clientId, transactionId: $id, isHidden: $hidden) { id isHidden }\n}":kt,'\nmutation PortalReviewed($clientId: ID!, $id: ID!, $reviewed: Boolean!) {\n  updateTransaction(clientId: $clientId, transactionId: $id, createDefaultRule: false, source: "portal",\n      updates: { isReviewed: $reviewed }) { transaction { id isReviewed } }\n}':Vt,"\nmutation PortalSetPrice($clientId: ID!, $ids: [ID!]!, $assetId: ID, $price: Float) {\n  saveReceivePriceForTransactions(clientId: $clientId, transactionIds: $ids, assetId: $assetId, fiatValue: $price) { id }\n}":Ut,'\nmutation PortalSetValue($clientId: ID!, $tx: ID!, $transfer: ID!, $value: Float, $basis: Float, $reset: Boolean) {\n  updateTransfer(clientId: $clientId, transactionId: $tx, transferId: $transfer, fiatValue: $value, basisFiatValue: $basis,\n      resetFiatValue: $reset, source: "portal") { id }\n}':Ot,"\nmutation PortalPair($clientId: ID!, $from: ID!, $to: ID!) {\n  markInternalTransfer(clientId: $clientId, fromTransactionId: $from, toTransactionId: $to)\n}":Ht,"\nmutation PortalUnpair($clientId: ID!, $from: ID!, $to: ID!) {\n  unmarkInternalTransfer(clientId: $clientId, fromTransactionId: $from, toTransactionId: $to)\n}":_t,'\nmutation PortalUndo($clientId: ID!, $ids: [ID!]!) {\n  undoAuditLogs(clientId: $clientId, auditLogIds: $ids, source: "portal") { id }\n}':Gt,"\nmutation PortalAcceptBasis($clientId: ID!, $ids: [ID!]!, $override: Boolean!) {\n  updateMultiTransactionsCostBasis(clientId: $clientId, transactionIds: $ids, isMissingBasis: false, overrideIsMissingBasis: $override) { id }\n}":Qt,"\nmutation PortalMarkSpam($assetId: ID!, $spam: Boolean) {\n  updateAsset(assetId: $assetId, isSpam: $spam) { id isSpam }\n}":Yt,"\nquery PortalPortfolio($clientId: ID!) {\n  getPortfolioV2(clientId: $clientId, limit: 100, sort: VALUE) {\n    positions {\n      assetId asset { symbol name } amountExact price valueCents costBasisCents unrealizedGainCents\n      unrealizedGainPercent portfolioPercent isReceipt defiPosition { id name }\n    }\n    total totalValueCents totalCostBasisCents totalUnrealizedGainCents isStale computedAt\n  }\n}":zt,"\nquery PortalChart($clientId: ID!, $interval: HistoricalBalanceIntervalEnum!) {\n  getChart(clientId: $clientId, interval: $interval) {\n    points { date valueCents costBasisCents } startValueCents endValueCents changeCents changePercent isStale\n  }\n}":Wt,"\nquery PortalHarvest($clientId: ID!, $date: Date!) {\n  getHarvestableLosses(clientId: $clientId, date: $date) {\n    totalUnrealizedLossCents shortTermUnrealizedLossCents longTermUnrealizedLossCents\n    assets {\n      assetId asset { symbol name } amountExact price marketValueCents costBasisCents unrealizedGainCents\n      shortTermUnrealizedGainCents longTermUnrealizedGainCents hasRecentAcquisition\n    }\n    unpricedAssetIds isStale\n  }\n}":jt,"\nquery PortalForm8949($clientId: ID!, $year: Int!, $box: Form8949BoxEnum, $page: Int) {\n  getForm8949PreviewForYear(clientId: $clientId, year: $year, box: $box, page: $page, limit: 25) {\n    boxes { box term rowCount proceedsCents costBasisCents adjustmentCents gainOrLossCents }\n    rows { transactionId description dateAcquired dateSold proceedsCents costBasisCents gainOrLossCents box }\n    total page limit isStale\n  }\n}":Kt,'\nquery PortalTaxForms($clientId: ID!, $year: Int!) {\n  getTaxFormStatuses(clientId: $clientId, year: $year, formType: "FORM_1099_DA") {\n    taxForms { id brokerName status statusMessage rowCount uploadedAt }\n  }\n}':Jt,"\nquery PortalReconciliation($clientId: ID!, $formId: ID!) {\n  getTaxFormReconciliation(clientId: $clientId, taxFormId: $formId) {\n    brokerProceedsCents computedProceedsCents proceedsDifferenceCents brokerCostBasisCents computedCostBasisCents\n    matchedCount mismatchedCount missingInLedgerCount missingOnFormCount\n    rows {\n      id status transactionId assetSymbol amountExact dateSold brokerProceedsCents computedProceedsCents\n      proceedsDifferenceCents brokerCostBasisCents computedCostBasisCents\n    }\n  }\n}":Xt,"\nquery PortalReports($clientId: ID!) {\n  getReports(clientId: $clientId) { id type status year fileName isStale error createdAt completedAt }\n}":Zt,"\nquery PortalRequestReport($clientId: ID!, $type: ReportExportTypeEnum!, $year: String!, $email: String) {\n  getReportExportV2(clientId: $clientId, type: $type, dateQueryType: TAX_YEAR, year: $year, email: $email) {\n    report { id status } isCached emailQueued\n  }\n}":en,"\nquery PortalDownloadUrl($id: ID!) { getReportDownloadUrl(reportId: $id) { url fileName } }":tn};function A(n){return ra[n]??{}}var us=A(`
fragment PortalTxRow on Transaction {
  id createdAt label accountId provider isHidden isMissingBasis hasNegativeBalance isInternalTransfer isDirty isSpam
  fiatValueCents capGainsSumSigned incomeSum
  transfers { id direction isFee amountExact assetId asset { id symbol } fiatValueCents }
}`),ps=A(`
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
}`),nn=A(`
query PortalClient {
  getMyActiveClient {
    id name currency timezone fiscalYearStart costBasisAlgorithm lockTaxesUntil
    jurisdictionRules {
      jurisdiction name taxYearStart taxYearLabelFormat hasHoldingTerms hasForm8949 hasForm1099DA reportTypes text matchingText
      words { proceeds cost gains losses netGain taxableGain deniedLosses holding shortTerm longTerm taxableIncome threshold }
    }
  }
}`),an=A(`
query PortalTaxYears($clientId: ID!) { getTaxYears(clientId: $clientId) }`),ge=A(`
query PortalYear($clientId: ID!, $year: String!) {
  getIncomeAndCapGains(clientId: $clientId, year: $year) {
    year startDate endDate proceedsCents costBasisCents shortTermCapGainsCents longTermCapGainsCents capGainsCents
    futuresCents incomeCents incomeByLabel { label name incomeCents transactionCount } disposalCount transactionCount
    isStale computedAt jurisdiction taxYearLabel gainsCents lossesCents deniedLossesCents taxableCapitalGainsCents
    gainThresholdCents taxableIncomeCents incomeThresholdCents discountGainsCents lossesBroughtForwardCents discountCents lossesCarriedForwardCents
  }
}`),sn=A(`
query PortalDirty($clientId: ID!) { countDirty(clientId: $clientId) }`),We=A(`
query PortalActiveJob($clientId: ID!) {
  getActiveRecalculateJob(clientId: $clientId) { id status progress attempt }
}`),rn=A(`
query PortalLastRun { getMyActiveClient { id lastRecalculatedAt } }`),on=A(`
mutation PortalRecalculate($clientId: ID!) { rerunGraph(clientId: $clientId) }`),ln=A(`
query PortalTransactionCount($clientId: ID!, $search: String, $startDate: Date, $endDate: Date, $assetIds: [String!], $accountIds: [ID!],
    $labels: [String!], $labelFilterMode: String, $insightPatternId: ID, $includeHidden: Boolean) {
  getClientTransactionsSummary(clientId: $clientId, search: $search, startDate: $startDate, endDate: $endDate, assetIds: $assetIds,
      accountIds: $accountIds, labels: $labels, labelFilterMode: $labelFilterMode, insightPatternId: $insightPatternId, includeHidden: $includeHidden) {
    transactionCount
  }
}`),se=A(`
query PortalReviewQueue($clientId: ID!, $patternId: ID, $limit: Int) {
  getClientReviewQueue(clientId: $clientId, patternId: $patternId, limit: $limit) {
    totalCount
    groups { patternId type severity title count assetId }
    items { transactionId patternId type problems }
  }
}`),cn=A(`
query PortalAccounts($clientId: String!) {
  getClientAccounts(clientId: $clientId) {
    id name type provider address status transactionCount lastSyncedAt lastSyncError
  }
}`),dn=A(`
query PortalAssets($clientId: ID!) {
  getClientAssets(clientId: $clientId, hideSpamAssets: true) { assets { id symbol name pricingKey } }
}`),un=A(`
query PortalLabels($clientId: ID) {
  getLabels(clientId: $clientId) { value name description category isIncome isDisposal isNonTaxable }
}`),Se=A(`
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
}`),he=A(`
query PortalTransaction($clientId: ID!, $id: ID!) {
  getTransaction(clientId: $clientId, transactionId: $id, includeAllTransfers: true) { ...PortalTxDetail }
}`),Pe=A(`
query PortalTransactionLots($clientId: ID!, $key: String!, $id: ID) {
  getTaxLots(clientId: $clientId, assetPricingKey: $key, transactionId: $id) {
    costBasisAlgorithm
    disposals {
      transferId amountExact proceedsCents costBasisCents gainCents term box lotAcquiredAt lotTransactionId
      isUncovered isMissingBasis match deniedLossExact
    }
    lots { id acquiredAt amountExact originalAmountExact costBasisCents term isMissingBasis }
  }
}`),De=A(`
query PortalLabelOptions($clientId: ID!, $id: ID!) {
  getTransactionTypeOptions(clientId: $clientId, transactionId: $id) {
    options { value name description } recommended { value } currentLabel
  }
}`),pn=A(`
query PortalAudit($clientId: ID!, $ids: [ID!]) {
  getClientAuditLogs(clientId: $clientId, transactionIds: $ids, limit: 25, page: 0) {
    auditLogs { id createdAt actorType action entityType field oldValue newValue undoneAt canUndo source }
    total
  }
}`),xe=A(`
query PortalPairs($clientId: ID!, $id: ID, $limit: Int) {
  getTransferPairSuggestions(clientId: $clientId, transactionId: $id, limit: $limit) {
    fromTransactionId toTransactionId fromAccountId toAccountId sentAmountExact receivedAmountExact feeAmountExact
    sentAt receivedAt asset { symbol }
  }
}`),we=A(`
mutation PortalLabel($clientId: ID!, $ids: [ID!]!, $label: String, $wipe: Boolean) {
  labelTransactions(clientId: $clientId, transactionIds: $ids, label: $label, wipeLabel: $wipe, source: "portal") { id label }
}`),ye=A(`
mutation PortalHide($clientId: ID!, $id: ID!, $hidden: Boolean!) {
  hideTransaction(clientId: $clientId, transactionId: $id, isHidden: $hidden) { id isHidden }
}`),Ae=A(`
mutation PortalReviewed($clientId: ID!, $id: ID!, $reviewed: Boolean!) {
  updateTransaction(clientId: $clientId, transactionId: $id, createDefaultRule: false, source: "portal",
      updates: { isReviewed: $reviewed }) { transaction { id isReviewed } }
}`),mn=A(`
mutation PortalSetPrice($clientId: ID!, $ids: [ID!]!, $assetId: ID, $price: Float) {
  saveReceivePriceForTransactions(clientId: $clientId, transactionIds: $ids, assetId: $assetId, fiatValue: $price) { id }
}`),je=A(`
mutation PortalSetValue($clientId: ID!, $tx: ID!, $transfer: ID!, $value: Float, $basis: Float, $reset: Boolean) {
  updateTransfer(clientId: $clientId, transactionId: $tx, transferId: $transfer, fiatValue: $value, basisFiatValue: $basis,
      resetFiatValue: $reset, source: "portal") { id }
}`),gn=A(`
mutation PortalPair($clientId: ID!, $from: ID!, $to: ID!) {
  markInternalTransfer(clientId: $clientId, fromTransactionId: $from, toTransactionId: $to)
}`),hn=A(`
mutation PortalUnpair($clientId: ID!, $from: ID!, $to: ID!) {
  unmarkInternalTransfer(clientId: $clientId, fromTransactionId: $from, toTransactionId: $to)
}`),yn=A(`
mutation PortalUndo($clientId: ID!, $ids: [ID!]!) {
  undoAuditLogs(clientId: $clientId, auditLogIds: $ids, source: "portal") { id }
}`),Ie=A(`
mutation PortalAcceptBasis($clientId: ID!, $ids: [ID!]!, $override: Boolean!) {
  updateMultiTransactionsCostBasis(clientId: $clientId, transactionIds: $ids, isMissingBasis: false, overrideIsMissingBasis: $override) { id }
}`),In=A(`
mutation PortalMarkSpam($assetId: ID!, $spam: Boolean) {
  updateAsset(assetId: $assetId, isSpam: $spam) { id isSpam }
}`),ve=A(`
query PortalPortfolio($clientId: ID!) {
  getPortfolioV2(clientId: $clientId, limit: 100, sort: VALUE) {
    positions {
      assetId asset { symbol name } amountExact price valueCents costBasisCents unrealizedGainCents
      unrealizedGainPercent portfolioPercent isReceipt defiPosition { id name }
    }
    total totalValueCents totalCostBasisCents totalUnrealizedGainCents isStale computedAt
  }
}`),fn=A(`
query PortalChart($clientId: ID!, $interval: HistoricalBalanceIntervalEnum!) {
  getChart(clientId: $clientId, interval: $interval) {
    points { date valueCents costBasisCents } startValueCents endValueCents changeCents changePercent isStale
  }
}`),bn=A(`
query PortalHarvest($clientId: ID!, $date: Date!) {
  getHarvestableLosses(clientId: $clientId, date: $date) {
    totalUnrealizedLossCents shortTermUnrealizedLossCents longTermUnrealizedLossCents
    assets {
      assetId asset { symbol name } amountExact price marketValueCents costBasisCents unrealizedGainCents
      shortTermUnrealizedGainCents longTermUnrealizedGainCents hasRecentAcquisition
    }
    unpricedAssetIds isStale
  }
}`),$n=A(`
query PortalForm8949($clientId: ID!, $year: Int!, $box: Form8949BoxEnum, $page: Int) {
  getForm8949PreviewForYear(clientId: $clientId, year: $year, box: $box, page: $page, limit: 25) {
    boxes { box term rowCount proceedsCents costBasisCents adjustmentCents gainOrLossCents }
    rows { transactionId description dateAcquired dateSold proceedsCents costBasisCents gainOrLossCents box }
    total page limit isStale
  }
}`),Cn=A(`
query PortalTaxForms($clientId: ID!, $year: Int!) {
  getTaxFormStatuses(clientId: $clientId, year: $year, formType: "FORM_1099_DA") {
    taxForms { id brokerName status statusMessage rowCount uploadedAt }
  }
}`),Tn=A(`
query PortalReconciliation($clientId: ID!, $formId: ID!) {
  getTaxFormReconciliation(clientId: $clientId, taxFormId: $formId) {
    brokerProceedsCents computedProceedsCents proceedsDifferenceCents brokerCostBasisCents computedCostBasisCents
    matchedCount mismatchedCount missingInLedgerCount missingOnFormCount
    rows {
      id status transactionId assetSymbol amountExact dateSold brokerProceedsCents computedProceedsCents
      proceedsDifferenceCents brokerCostBasisCents computedCostBasisCents
    }
  }
}`),Ke=A(`
query PortalReports($clientId: ID!) {
  getReports(clientId: $clientId) { id type status year fileName isStale error createdAt completedAt }
}`),Sn=A(`
query PortalRequestReport($clientId: ID!, $type: ReportExportTypeEnum!, $year: String!, $email: String) {
  getReportExportV2(clientId: $clientId, type: $type, dateQueryType: TAX_YEAR, year: $year, email: $email) {
    report { id status } isCached emailQueued
  }
}`),Pn=A(`
query PortalDownloadUrl($id: ID!) { getReportDownloadUrl(reportId: $id) { url fileName } }`);var Ee=class{constructor(t,a,s){this.s=t;this.client=a;this.brand=s;this.changed=[];this.labelCache=[];this.accountCache=[]}q(t,a){return Ce(this.s,t,{clientId:this.client.id,...a})}accounts(){return this.accountsP||(this.accountsP=this.q(cn).then(t=>t.getClientAccounts.filter(a=>!!a))),this.accountsP.catch(()=>{this.accountsP=void 0}),this.accountsP}assets(){return this.assetsP||(this.assetsP=this.q(dn).then(t=>t.getClientAssets.assets)),this.assetsP.catch(()=>{this.assetsP=void 0}),this.assetsP}labels(){return this.labelsP||(this.labelsP=this.q(un).then(t=>t.getLabels)),this.labelsP.catch(()=>{this.labelsP=void 0}),this.labelsP}years(){return this.yearsP||(this.yearsP=this.q(an).then(t=>[...t.getTaxYears].reverse())),this.yearsP.catch(()=>{this.yearsP=void 0}),this.yearsP}async defaultYear(){let t=await this.years();return t.length?t[0]:new Date().getUTCFullYear()}labelName(t){if(!t)return"Unlabeled";let a=this.labelCache.find(s=>s.value===t);return a?a.name:t.replace(/_/g," ").replace(/^./,s=>s.toUpperCase())}accountName(t,a=this.accountCache){if(!t)return"Outside your accounts";let s=a.find(i=>i.id===t);return s?ie(s):"A removed account"}onChange(t){return this.changed.push(t),()=>{this.changed=this.changed.filter(a=>a!==t)}}ledgerChanged(t){t==="accounts"&&(this.accountsP=void 0,this.assetsP=void 0,this.yearsP=void 0),t==="results"&&(this.yearsP=void 0);for(let a of[...this.changed])a(t)}};function ie(n){let t=(n.name||"").trim();return t&&t!==n.address?t:n.address?`${ce(n.provider)} wallet ${n.address.length>16?`${n.address.slice(0,6)}\u2026${n.address.slice(-4)}`:n.address}`:ce(n.provider)}var oa={ethereum:"Ethereum",bitcoin:"Bitcoin",solana:"Solana",base:"Base",arbitrum:"Arbitrum",optimism:"Optimism",polygon:"Polygon",bsc:"BNB Smart Chain",coinbase:"Coinbase",kraken:"Kraken",generic:"File",file:"File"};function ce(n){return oa[n]||n.charAt(0).toUpperCase()+n.slice(1)}function P(n,t,...a){return n instanceof K?e("span"):e("div",{class:"notice error",role:"alert"},e("p",{},ne(n)),...a,t?B("Try again",t,"secondary small"):"")}function H(n,t,...a){let s=e("div",{class:"section-body"},...a);return{el:e("section",{class:"panel",id:n,"aria-labelledby":`${n}-h`},e("h2",{id:`${n}-h`},t),s),body:s}}function la(n,t){let a=new Intl.DateTimeFormat("en-US",{timeZone:n,hourCycle:"h23",year:"numeric",month:"2-digit",day:"2-digit",hour:"2-digit",minute:"2-digit",second:"2-digit"}).formatToParts(t),s=i=>Number(a.find(r=>r.type===i)?.value||0);return Date.UTC(s("year"),s("month")-1,s("day"),s("hour"),s("minute"),s("second"))-Math.floor(t.getTime()/1e3)*1e3}function Dn(n,t,a,s){let i=Date.UTC(n,t-1,a);for(let r=0;r<2;r++)try{i=Date.UTC(n,t-1,a)-la(s,new Date(i))}catch{return new Date(Date.UTC(n,t-1,a))}return new Date(i)}function Je(n,t){let[a,s]=(n.fiscalYearStart||"01-01").split("-").map(Number);return[Dn(t,a||1,s||1,n.timezone).toISOString(),Dn(t+1,a||1,s||1,n.timezone).toISOString()]}function ca(n,t=new Date){let a=t.getUTCFullYear();return[a+1,a,a-1].find(s=>new Date(Je(n,s)[0])<=t)??a-1}function fe(n,t,a){let s=[ca(n),...t,...a?[a]:[]],i=[];for(let r=Math.max(...s);r>=Math.min(...s);r--)i.push(r);return i}function z(n,t){let a=n.jurisdictionRules.taxYearLabelFormat;return a.length===7?`${t}${a[4]}${String((t+1)%100).padStart(2,"0")}`:String(t)}function M(n,t=!1){let a=n.jurisdictionRules.words.cost;return t?a.charAt(0).toLowerCase()+a.slice(1):a}function W(n,t,a=!1){let s=n.jurisdictionRules.words,i=t==="SHORT_TERM"?s.shortTerm||"Short-term":t==="LONG_TERM"?s.longTerm||"Long-term":t;return a?i.charAt(0).toLowerCase()+i.slice(1):i}var xn=1e3,da=1500,ua=15e3,pa=5e3,Re=class{constructor(t){this.app=t;this.el=e("div",{id:"recalc-status",class:"status-bar","aria-live":"polite"});this.state="settled";this.following=!1;this.listeners=[];t.onChange(a=>{a==="edit"&&this.soon(),a!=="results"&&this.refresh()}),window.addEventListener("offline",()=>this.unreachable()),window.addEventListener("online",()=>this.refresh())}again(t){window.clearTimeout(this.check),this.check=window.setTimeout(()=>this.refresh(),t)}unreachable(){this.state="unreachable",this.el.dataset.state="unreachable",this.el.replaceChildren(e("div",{class:"status unreachable",id:"recalc-unreachable",role:"status"},e("span",{},"We can\u2019t reach the server right now, so what you see may be out of date. Trying again\u2026")));for(let t of this.listeners)t("unreachable");this.again(pa)}get scheduled(){return this.timer!==void 0}soon(){window.clearTimeout(this.timer),this.timer=window.setTimeout(()=>{this.timer=void 0,this.following?this.soon():this.start()},da)}onState(t){return this.listeners.push(t),()=>{this.listeners=this.listeners.filter(a=>a!==t)}}async refresh(){if(!this.following)try{let[t,a,s,i]=await Promise.all([this.app.q(sn),this.app.q(We),this.app.q(rn),this.app.accounts()]);if(a.getActiveRecalculateJob)return this.follow(a.getActiveRecalculateJob);let r=!s.getMyActiveClient.lastRecalculatedAt&&i.length>0;this.show(t.countDirty>0||r?"dirty":"settled",t.countDirty,void 0,r),this.again(ua)}catch(t){if(t instanceof K)return;if(t instanceof U&&(t.code==="OFFLINE"||t.status>=500))return this.unreachable();this.el.replaceChildren(P(t,()=>this.refresh()))}}async start(){if(window.clearTimeout(this.timer),this.timer=void 0,!this.following)try{let t=(await this.app.q(on)).rerunGraph;await this.follow({id:t,status:"QUEUED",progress:0,attempt:1})}catch(t){this.el.replaceChildren(P(t,()=>this.start()))}}async follow(t){this.following=!0;let a=t;try{for(;a;){this.show("recalculating",0,a),await ee(xn);try{a=(await this.app.q(We)).getActiveRecalculateJob}catch(s){if(s instanceof K)return;await ee(xn*3)}}}finally{this.following=!1}le("Recalculation finished: your figures are up to date."),this.app.ledgerChanged("results"),await this.refresh()}show(t,a,s,i=!1){if(this.state=t,this.el.dataset.state=t,t==="recalculating"&&s){let r=s.status==="QUEUED";this.el.replaceChildren(e("div",{class:"status recalculating",id:"recalc-running"},e("span",{class:"spinner","aria-hidden":"true"}),e("span",{},r?"Updating your figures: queued\u2026":`Updating your figures\u2026 ${s.progress}%`),e("progress",{max:100,value:s.progress,"aria-label":"Recalculation progress"})))}else t==="dirty"?this.el.replaceChildren(e("div",{class:"status dirty",id:"recalc-dirty"},e("span",{},i?"Your taxes have not been calculated yet.":this.scheduled?"Updating your figures with your changes in a moment\u2026":a===1?"1 change is not in your figures yet.":`${a.toLocaleString("en-US")} changes are not in your figures yet.`),B(i?"Calculate":this.scheduled?"Update now":"Recalculate",()=>this.start(),"small",{id:"recalculate"}))):this.el.replaceChildren(e("div",{class:"status settled",id:"recalc-settled"},e("span",{class:"check","aria-hidden":"true"},"\u2713"),e("span",{},"Your figures are up to date.")));for(let r of this.listeners)r(t)}};var ma={"tax-forms":"tax forms","form-8949-csv":"Form 8949","form-8949-pdf":"Form 8949","schedule-d-csv":"Schedule D","schedule-d-pdf":"Schedule D","schedule-1-pdf":"Schedule 1","capital-gains-csv":"capital gains report","income-csv":"income report","transaction-history-csv":"transaction history","turbotax-csv":"TurboTax file","taxact-csv":"TaxAct file","holdings-csv":"year-end holdings"};function wn(n,t,a){let s=t.get("code")||"",i=t.get("report")||"",r=Number(t.get("expires")),o=t.get("signature")||"",u=()=>history.replaceState(null,"",location.pathname);document.readyState==="complete"?u():window.addEventListener("load",u,{once:!0});let p=(l,...d)=>{v(n),n.append(e("section",{class:"panel state",id:"state-download","data-state":a?.state||"unchecked","aria-labelledby":"dl-h"},e("h1",{id:"dl-h"},l),...d))},h="Request the report again in the tax portal of your provider: it e-mails you a new link.";switch(a?.state){case"expired":return p("This download link has expired",e("p",{id:"download-expired"},`For your security, download links work for a limited time. ${h}`));case"invalid":return p("This download link does not work",e("p",{id:"download-invalid"},`The link is incomplete or was changed. Open the whole link from the e-mail, or: ${h.charAt(0).toLowerCase()}${h.slice(1)}`));case"gone":return p("This report is no longer available",e("p",{id:"download-gone"},h))}let c=e("div",{id:"download-message",role:"status","aria-live":"polite"}),y=e("button",{type:"button",id:"download-report",onclick:async()=>{y.disabled=!0,c.replaceChildren(e("p",{},"Preparing your download\u2026"));try{let l=await gt(s,i,r,o);c.replaceChildren(l==="ok"?e("p",{class:"notice ok",id:"download-started"},"Your download has started."):l==="expired"?e("p",{class:"notice error",role:"alert",id:"download-expired"},`This link has expired. ${h}`):e("p",{class:"notice error",role:"alert",id:"download-gone"},`This report is no longer available. ${h}`))}catch(l){c.replaceChildren(e("p",{class:"notice error",role:"alert"},l instanceof U?l.message:ne(l)))}finally{y.disabled=!1}}},"Download");if(a?.state==="ready"){let l=ma[a.reportType||""]||"tax report",d=`${a.year?`${a.year} `:""}${l}`;return p(`Your ${d} ${l==="tax forms"?"are":"is"} ready`,e("p",{},a.fileName?`The file ${a.fileName} is ready to download.`:"The file is ready to download.",a.expiresAt?` This link works until ${Y(a.expiresAt)}.`:""),y,c)}return p("Download your tax report",e("p",{},r?`This link works until ${Y(new Date(r*1e3).toISOString())}.`:""),y,c)}var _=240,Le=16,be=52;function An(n){return Math.max(280,Math.min(720,Math.floor(n.clientWidth||640)))}function vn(n,t){let a=t.flatMap(f=>[f.capitalGainsCents,f.incomeCents]),s=Math.max(0,...a),i=Math.min(0,...a);if(s===0&&i===0)return e("p",{class:"empty",id:"chart-empty"},"No gains or income yet: the chart fills in once your taxes are calculated.");let r=An(n),o=60,u=8,p=s-i||1,h=_-Le-be,c=r-o-u,y=f=>Le+(s-f)/p*h,l=c/t.length,d=Math.min(28,l/3),m=[s,(s+i)/2,i].filter((f,T,R)=>R.indexOf(f)===T),C=t.map(f=>`${f.label}: gains ${$(f.capitalGainsCents)}, income ${$(f.incomeCents)}`).join("; ");return e("svg",{viewBox:`0 0 ${r} ${_}`,width:r,height:_,role:"img","aria-labelledby":"chart-title chart-desc",class:"chart-svg"},e("title",{id:"chart-title"},"Capital gains and income by tax year"),e("desc",{id:"chart-desc"},C),...m.map(f=>e("g",{},e("line",{x1:o,x2:r-u,y1:y(f),y2:y(f),class:"grid"}),e("text",{x:o-6,y:y(f)+4,"text-anchor":"end",class:"axis"},ze(Math.round(f))))),e("line",{x1:o,x2:r-u,y1:y(0),y2:y(0),class:"zero"}),...t.map((f,T)=>{let R=o+l*T+l/2,g=(I,D,b,S)=>e("rect",{x:D,width:d,y:Math.min(y(I),y(0)),height:Math.max(1,Math.abs(y(I)-y(0))),class:b,"data-year":f.year,"data-cents":I},e("title",{},`${f.label} ${S}: ${$(I)}`));return e("g",{},g(f.capitalGainsCents,R-d-1,"bar gains","capital gains"),g(f.incomeCents,R+1,"bar income","income"),e("text",{x:R,y:_-be+18,"text-anchor":"middle",class:"axis"},f.label))}),e("g",{class:"legend"},e("rect",{x:o,y:_-14,width:12,height:12,class:"bar gains"}),e("text",{x:o+16,y:_-4,class:"axis"},"Capital gains"),e("rect",{x:o+120,y:_-14,width:12,height:12,class:"bar income"}),e("text",{x:o+136,y:_-4,class:"axis"},"Income")))}function En(n,t,a,s){if(t.length<2||t.every(b=>b.valueCents===0&&b.costBasisCents===0))return e("p",{class:"empty",id:"value-chart-empty"},"Nothing to chart for this range yet.");if(t.every(b=>b.valueCents===0))return e("p",{class:"empty",id:"value-chart-unpriced"},"No price data for your holdings in this range, so their value cannot be charted.");let i=An(n),r=64,o=8,u=t.flatMap(b=>[b.valueCents,b.costBasisCents]),p=Math.max(...u,0),h=Math.min(...u,0),c=p-h||1,y=_-Le-be,l=i-r-o,d=b=>r+l*b/(t.length-1),m=b=>Le+(p-b)/c*y,C=b=>t.map((S,E)=>`${d(E).toFixed(1)},${m(b(S)).toFixed(1)}`).join(" "),f=`M${d(0).toFixed(1)},${m(0).toFixed(1)} L${C(b=>b.valueCents).replace(/ /g," L")} L${d(t.length-1).toFixed(1)},${m(0).toFixed(1)} Z`,T=[p,(p+h)/2,h].filter((b,S,E)=>E.indexOf(b)===S),R=new Date(t[0].date),g=new Date(t[t.length-1].date),I=b=>b.toLocaleDateString("en-US",{month:"short",year:"numeric"}),D=t[t.length-1];return e("svg",{viewBox:`0 0 ${i} ${_}`,width:i,height:_,role:"img","aria-labelledby":"value-title value-desc",class:"chart-svg"},e("title",{id:"value-title"},a),e("desc",{id:"value-desc"},`From ${I(R)} to ${I(g)}: value now ${$(D.valueCents)}, ${s.toLowerCase()} ${$(D.costBasisCents)}.`),...T.map(b=>e("g",{},e("line",{x1:r,x2:i-o,y1:m(b),y2:m(b),class:"grid"}),e("text",{x:r-6,y:m(b)+4,"text-anchor":"end",class:"axis"},ze(Math.round(b))))),e("path",{d:f,class:"area"}),e("polyline",{points:C(b=>b.valueCents),class:"value-line"}),e("polyline",{points:C(b=>b.costBasisCents),class:"basis-line"}),e("text",{x:r,y:_-be+18,class:"axis"},I(R)),e("text",{x:i-o,y:_-be+18,"text-anchor":"end",class:"axis"},I(g)),e("g",{class:"legend"},e("rect",{x:r,y:_-14,width:12,height:12,class:"swatch-value"}),e("text",{x:r+16,y:_-4,class:"axis"},"Value"),e("line",{x1:r+80,x2:r+100,y1:_-8,y2:_-8,class:"basis-line"}),e("text",{x:r+106,y:_-4,class:"axis"},s)))}var Xe=10,Rn=1e3,ga=[["ethereum","Ethereum"],["bitcoin","Bitcoin"],["solana","Solana"],["base","Base"],["arbitrum","Arbitrum"],["optimism","Optimism"],["polygon","Polygon"],["bsc","BNB Smart Chain"]],ha={ACTIVE:"Up to date",SYNCING:"Syncing",ERROR:"Sync failed",NEEDS_REAUTHENTICATION:"Needs new credentials",RETIRED:"Retired",DELETING:"Being removed"},ya={WALLET:"Wallet",EXCHANGE:"Exchange",BANK:"Bank",FILE:"File import",MANUAL:"Manual",VIRTUAL:"Position"},Fe=class{constructor(t,a){this.app=t;this.accounts=[];this.syncing=!1;this.list=e("div",{id:"wallet-list"},k("your accounts"));this.count=e("p",{id:"wallet-count",class:"muted"});this.msg=e("div",{id:"wallet-message",role:"status","aria-live":"polite"});this.progress=e("div",{id:"sync-progress","aria-live":"polite"});this.syncButton=e("button",{type:"button",id:"sync-wallets",onclick:()=>this.startSync()},"Sync wallets");this.alive=!0;let s=e("input",{name:"address",required:!0,autocomplete:"off",spellcheck:!1,placeholder:"0x\u2026 , bc1\u2026 or a Solana address"}),i=e("input",{name:"name",maxlength:100,autocomplete:"off",placeholder:"e.g. Cold storage"});this.form=e("form",{id:"add-wallet",class:"inline-form",onsubmit:r=>{r.preventDefault(),this.add()}},q("wallet-address","Wallet address",s,"grow"),q("wallet-chain","Chain",G("chain",ga)),q("wallet-name","Name (optional)",i),e("button",{type:"submit",id:"add-wallet-button"},"Add wallet")),a.append(this.count,this.list,e("details",{class:"add-wallet"},e("summary",{},"Add a wallet"),this.form,this.msg),e("div",{class:"actions"},this.syncButton),this.progress)}stop(){this.alive=!1}async load(){try{this.accounts=await this.app.accounts(),this.render();let a=(await te(this.app.s,"GET","/account_syncs")).syncs.find(s=>s.status==="queued"||s.status==="running");a&&this.follow(a)}catch(t){v(this.list),this.list.append(P(t,()=>this.load()))}}render(){v(this.list);let t=this.accounts.length,a=this.accounts.filter(i=>i.type==="WALLET").length;this.count.textContent=`${t===1?"1 account":`${t} accounts`} \xB7 ${a} of ${Xe} wallets`;let s=a>=Xe;if(this.form.querySelectorAll("input,select,button").forEach(i=>i.disabled=s),s&&this.msg.replaceChildren(e("p",{class:"notice"},`You have reached the limit of ${Xe} wallets.`)),this.syncButton.disabled=a===0||this.syncing,this.syncButton.hidden=a===0,t===0){this.list.append(O("No accounts yet. Add the address of a wallet you own, then sync it to import its transactions.","wallets-empty"));return}this.list.append(e("table",{class:"table cards"},e("caption",{class:"sr-only"},"Your accounts"),e("thead",{},e("tr",{},...["Account","Kind","Transactions","Status","Last synced"].map(i=>e("th",{scope:"col"},i)))),e("tbody",{},...this.accounts.map(i=>e("tr",{"data-account":i.id},e("td",{"data-label":"Account"},e("strong",{},ie(i)),i.address&&ie(i)===i.name?e("div",{class:"mono muted small",title:i.address},ae(i.address)):""),e("td",{"data-label":"Kind"},`${ya[i.type]||i.type}${i.type==="WALLET"?` \xB7 ${ce(i.provider)}`:""}`),e("td",{"data-label":"Transactions",class:"num"},i.transactionCount.toLocaleString("en-US")),e("td",{"data-label":"Status"},e("span",{class:`badge ${i.status.toLowerCase()}`},ha[i.status]||i.status),i.lastSyncError?e("div",{class:"muted small","data-sync-error":i.id},`${Be(i)} the last time; sync again to retry.`):""),e("td",{"data-label":"Last synced"},i.type==="FILE"?"Imported file":Y(i.lastSyncedAt)))))))}async add(){let t=new FormData(this.form),a={address:String(t.get("address")).trim(),chain:String(t.get("chain"))},s=String(t.get("name")||"").trim();s&&(a.name=s),this.msg.replaceChildren(e("p",{},"Adding the wallet\u2026"));try{let i=await te(this.app.s,"POST","/accounts",{wallets:[a]});this.form.reset();let r=i.skipped.map(o=>`${ae(o.address)} was not added: ${o.reason==="already_added"?"you have it already":o.reason.replace(/_/g," ")}.`);this.msg.replaceChildren(...i.accounts.length?[e("p",{class:"notice ok"},"Wallet added. Sync it to import its transactions.")]:[],...r.map(o=>e("p",{class:"notice"},o))),this.app.ledgerChanged("accounts"),this.accounts=await this.app.accounts(),this.render()}catch(i){if(i instanceof U&&i.status===400){this.msg.replaceChildren(e("p",{class:"notice error",role:"alert",id:"wallet-error"},i.message)),document.getElementById("wallet-address").focus();return}this.msg.replaceChildren(P(i))}}async startSync(){this.syncButton.disabled=!0;try{this.follow(await te(this.app.s,"POST","/account_syncs",{}))}catch(t){this.syncButton.disabled=!1,this.progress.replaceChildren(P(t))}}async follow(t){for(this.syncing=!0,this.syncButton.disabled=!0;this.showSync(t),!(t.status==="completed"||t.status==="failed"||!this.alive);){await ee(Rn);try{t=await te(this.app.s,"GET",`/account_syncs/${t.id}`)}catch(a){if(a instanceof K)return;this.progress.replaceChildren(e("p",{class:"notice"},"Lost contact with the server; trying again\u2026")),await ee(Rn*3)}}if(this.syncing=!1,this.syncButton.disabled=!1,!!this.alive){this.app.ledgerChanged("accounts");try{this.accounts=await this.app.accounts(),this.render()}catch(a){this.list.replaceChildren(P(a,()=>this.load()))}}}showSync(t){let a=t.status==="completed"?"Sync complete":t.status==="failed"?"Sync stopped":t.status==="queued"?"Sync queued":"Syncing",s=this.app.client.timezone,i=t.retrying,r=i?this.accounts.find(o=>o.id===i.accountId):void 0;this.progress.replaceChildren(e("div",{class:`sync ${t.status}`,id:"sync-status","data-status":t.status},e("p",{},e("strong",{},`${a}: ${t.progress}%`)),e("progress",{max:100,value:t.progress,"aria-label":"Sync progress"}),i?e("p",{class:"notice",id:"sync-retrying"},`${Be(r)}; we\u2019ll try again at ${Qe(i.nextAttemptAt,s)}.`):"",t.status==="failed"?e("p",{class:"notice error"},"The sync stopped before every account was done. Try again in a few minutes."):"",e("ul",{class:"sync-accounts"},...t.accounts.map(o=>{let u=this.accounts.find(p=>p.id===o.accountId);return e("li",{"data-sync-account":o.accountId},`${u?ie(u):"An account"}: ${Ia(o,u,s)}`)}))))}};function Be(n){return n?n.type==="WALLET"?`We couldn\u2019t reach the ${ce(n.provider)} network`:`We couldn\u2019t reach ${ce(n.provider)}`:"We couldn\u2019t reach an account\u2019s source"}function Ia(n,t,a){if(n.status==="syncing"&&n.nextAttemptAt)return`${Be(t).replace("We","we")}; we\u2019ll try again at ${Qe(n.nextAttemptAt,a)}.`;switch(n.status){case"queued":return"waiting to start.";case"syncing":return`importing (${n.progress}%).`;case"synced":return"done.";case"failed":return`${Be(t).replace("We","we")}, so its new transactions are not imported; sync again later.`;default:return`${n.status}.`}}function Ln(n,t){let{app:a}=n;t.append(e("h1",{class:"welcome"},"Your crypto taxes"),a.s.email?e("p",{class:"muted",id:"signed-in-as"},`Signed in as ${a.s.email}`):"");let s=e("div",{id:"next-steps"}),i=e("div",{class:"cards-row",id:"summary-cards","aria-live":"polite"},k("your figures")),r=e("figure",{id:"gains-chart",class:"chart"}),o=H("gains","Gains and income by year",r),u=H("wallets","Accounts and wallets");t.append(s,i,o.el,u.el);let p=new Fe(a,u.body);p.load();let h=async()=>{try{let l=await a.years(),d=l.length?l[0]:new Date().getUTCFullYear(),[m,C,f]=await Promise.all([a.q(ge,{year:String(d)}).then(S=>S.getIncomeAndCapGains),a.q(ve).then(S=>S.getPortfolioV2),a.q(se,{limit:1}).then(S=>S.getClientReviewQueue)]),T=f.totalCount;n.reviewCount(T),c(T,l.length?d:void 0);let R=(S,E,x,N,Z)=>e("a",{class:"card",href:E,"data-figure":S},e("span",{class:"card-title"},x),e("span",{class:"card-value"},N),e("span",{class:"card-sub"},Z)),g=(S,E)=>{let x=S.filter(Z=>Z.valueCents!==null&&Z.valueCents!==void 0);if(S.length===0)return R("portfolio","#/portfolio","Portfolio value",$(0),"You hold nothing yet");if(x.length===0)return R("portfolio","#/portfolio","Portfolio value","No prices","Prices are not available right now");let N=x.reduce((Z,Xn)=>Z+(Xn.unrealizedGainCents||0),0);return R("portfolio","#/portfolio","Portfolio value",$(E),`Unrealized ${L(N)}${x.length<S.length?` \xB7 ${S.length-x.length} without a price`:""}`)};if(v(i),l.length===0){let S=(await a.accounts()).reduce((E,x)=>E+x.transactionCount,0);i.append(S>0?e("div",{class:"empty wide",id:"overview-empty","data-imported":S},e("p",{},`${S===1?"1 transaction is":`${S.toLocaleString("en-US")} transactions are`} imported; your taxes have not been calculated yet.`),B("Calculate my taxes",()=>n.recalc.start(),"",{id:"overview-calculate"})):e("div",{class:"empty wide",id:"overview-empty"},e("p",{},"No tax figures yet. Add your wallets and exchanges below and sync them; your taxes are calculated from their transactions.")))}else i.append(R("capital-gains",`#/tax?year=${d}`,`${z(a.client,d)} capital gains`,L(m.capGainsCents),a.client.jurisdictionRules.hasHoldingTerms?`${W(a.client,"SHORT_TERM")} ${L(m.shortTermCapGainsCents)} \xB7 ${W(a.client,"LONG_TERM")} ${L(m.longTermCapGainsCents)}`:a.client.jurisdictionRules.words.netGain),R("income",`#/tax?year=${d}`,`${z(a.client,d)} income`,$(m.incomeCents),"Staking, rewards and other income"));i.append(g(C.positions.filter(S=>!S.isReceipt),C.totalValueCents),R("review","#/review","To review",T===0?"All clear":String(T),T===0?"Nothing needs your attention":`${T===1?"transaction needs":"transactions need"} a look`));let I=[...l].slice(0,6).reverse(),D=await Promise.all(I.map(S=>a.q(ge,{year:String(S)}).then(E=>({year:S,label:z(a.client,S),capitalGainsCents:E.getIncomeAndCapGains.capGainsCents,incomeCents:E.getIncomeAndCapGains.incomeCents})))),b=vn(r,D);r.replaceChildren(b,b.tagName==="svg"?e("figcaption",{},`Capital gains and income by tax year (${a.client.currency})`):"")}catch(l){i.replaceChildren(P(l,h))}},c=async(l,d)=>{let m=[],f=(await a.accounts()).filter(T=>T.type!=="FILE"&&(T.status==="ERROR"||!T.lastSyncedAt));l>0&&m.push(["review",e("a",{href:"#/review"},`Review ${l===1?"1 transaction":`${l} transactions`}`)]),f.length&&m.push(["sync",B(`Sync ${f.length===1?"the account":`the ${f.length} accounts`} not synced yet`,()=>{let T=document.getElementById("sync-wallets");T?.scrollIntoView({block:"center"}),T?.focus()},"link")]),n.recalc.state==="dirty"&&m.push(["calculate",B(d===void 0?"Calculate your taxes":"Bring your figures up to date",()=>n.recalc.start(),"link")]),d!==void 0&&m.push(["download",e("a",{href:`#/tax?year=${d}`},`Download your ${z(a.client,d)} tax report`)]),s.replaceChildren(m.length?e("section",{class:"panel next-steps","aria-labelledby":"next-h"},e("h2",{id:"next-h"},"What to do next"),e("ol",{},...m.map(([T,R])=>e("li",{"data-next":T},R)))):"")};h();let y=a.onChange(h);return()=>{y(),p.stop()}}function de(n){return`${F(n.amountExact)} ${n.asset?.symbol||"?"}`}var fa={sell:"Sold",gift_sent:"Gave away",donation:"Donated",lost:"Lost",payment:"Paid with",fee:"Paid a fee of"},ba={buy:"Bought",staking_reward:"Earned",mining:"Mined",airdrop:"Received an airdrop of",interest:"Earned interest of",reward:"Earned",income:"Was paid",gift_received:"Was given"};function re(n){let t=n.transfers.filter(o=>!o.isFee),a=t.filter(o=>o.direction==="OUTGOING"),s=t.filter(o=>o.direction==="INCOMING"),i=t.filter(o=>o.direction==="INTERNAL");if(t.length===0)return n.transfers.length?`Fee of ${de(n.transfers[0])}`:"No transfers";if(a.length&&s.length)return`${a.map(de).join(" + ")} \u2192 ${s.map(de).join(" + ")}`;if(i.length&&!a.length&&!s.length)return`Moved ${i.map(de).join(" + ")}`;let r=n.label||"";return a.length?`${fa[r]||"Sent"} ${a.map(de).join(" + ")}`:`${ba[r]||"Received"} ${s.map(de).join(" + ")}`}function Me(n,t){let a=[],s=(i,r)=>a.push(e("span",{class:`badge ${i}`},r));return n.isMissingBasis&&s("critical",`Missing ${M(t.client,!0)}`),n.hasNegativeBalance&&s("warning","Negative balance"),n.isInternalTransfer&&s("info","Internal transfer"),n.isHidden&&s("muted","Hidden"),n.isSpam&&s("muted","Spam"),n.isDirty&&s("info","Changed; recalculate"),a}function Ze(n){return!!n.isMissingBasis&&!n.fiatValueCents}function Fn(n){if(Ze(n)&&!Number(n.capGainsSumSigned??0)&&!n.incomeSum)return e("span",{class:"badge critical"},"No price");if(n.capGainsSumSigned!==null&&n.capGainsSumSigned!==void 0){let t=Number(n.capGainsSumSigned);return e("span",{class:t<0?"loss":"gain"},`${t<0?"Loss":"Gain"} ${L(t)}`)}return n.incomeSum?e("span",{class:"income"},`Income ${$(n.incomeSum)}`):""}function ue(n,t){return!t.label&&t.isInternalTransfer?"Transfer between your accounts":n.labelName(t.label)}var $a=()=>window.matchMedia("(max-width: 40rem)").matches?25:50,Ca=n=>[["","Everything"],["missing-basis",`Missing ${n}`],["uncovered-disposals","Sold more than held"],["negative-balance","Negative balance"],["unlabeled","Unlabeled"],["possible-internal-transfer","Possible move between your accounts"]];function Bn(n,t,a){let{app:s}=n,i=Math.max(0,(Number(a.get("page"))||1)-1),r={q:a.get("q")||"",year:a.get("year")||"",asset:a.get("asset")||"",account:a.get("account")||"",label:a.get("label")||"",review:a.get("review")||"",hidden:a.get("hidden")==="1"},o=g=>{let I=new URLSearchParams,D={q:r.q,year:r.year,asset:r.asset,account:r.account,label:r.label,review:r.review,hidden:r.hidden?"1":"",page:"",...g};for(let[b,S]of Object.entries(D))S&&I.set(b,S);location.hash=`#/transactions${I.toString()?`?${I}`:""}`},u=!!(r.q||r.year||r.asset||r.account||r.label||r.review||r.hidden),p=e("input",{type:"search",name:"q",value:r.q,placeholder:"Hash, note, address or asset",autocomplete:"off"}),h=G("year",[["","All years"]],r.year),c=G("asset",[["","All assets"]],r.asset),y=G("account",[["","All accounts"]],r.account),l=G("label",[["","All labels"],["unlabeled","Unlabeled"]],r.label),d=G("review",Ca(M(n.app.client,!0)),r.review),m=e("input",{type:"checkbox",name:"hidden",id:"f-hidden",checked:r.hidden}),C=e("form",{class:"filters",id:"tx-filters",role:"search","aria-label":"Filter transactions",onsubmit:g=>{g.preventDefault(),o({q:p.value.trim()})}},e("div",{class:"search-row"},q("f-q","Search",p,"grow"),e("button",{type:"submit",id:"f-search"},"Search")),e("div",{class:"filter-row"},q("f-year","Tax year",h),q("f-asset","Asset",c),q("f-account","Account",y),q("f-label","Label",l),q("f-review","Needs review",d),e("div",{class:"field check"},m,e("label",{for:"f-hidden"},"Include hidden"))),u?B("Clear filters",()=>{location.hash="#/transactions"},"link",{id:"f-clear"}):""),f=(g,I)=>g.addEventListener("change",()=>o({[I]:g instanceof HTMLInputElement&&g.type==="checkbox"?g.checked?"1":"":g.value}));f(h,"year"),f(c,"asset"),f(y,"account"),f(l,"label"),f(d,"review"),f(m,"hidden");let T=e("div",{id:"tx-list","aria-live":"polite"},k("transactions"));t.append(e("h1",{},"Transactions"),C,T),Promise.all([s.years(),s.assets(),s.accounts(),s.labels()]).then(([g,I,D,b])=>{h.append(...fe(s.client,g).map(S=>e("option",{value:S},z(s.client,S)))),c.append(...I.map(S=>e("option",{value:S.id},S.name&&S.name!==S.symbol?`${S.symbol} \xB7 ${S.name}`:S.symbol))),y.append(...D.map(S=>e("option",{value:S.id},ie(S)))),l.append(...b.map(S=>e("option",{value:S.value},S.name))),h.value=r.year,c.value=r.asset,y.value=r.account,l.value=r.label}).catch(()=>{});let R=async()=>{let g={page:i,limit:$a(),includeHidden:r.hidden||void 0};r.q&&(g.search=r.q),r.year&&([g.startDate,g.endDate]=Je(s.client,Number(r.year))),r.asset&&(g.assetIds=[r.asset]),r.account&&(g.accountIds=[r.account]),r.label==="unlabeled"?g.labelFilterMode="unlabeled":r.label&&(g.labels=[r.label]),r.review&&(g.insightPatternId=r.review);try{let{page:I,limit:D,...b}=g,[S,E]=await Promise.all([s.q(Se,g),s.q(ln,b).then(N=>N.getClientTransactionsSummary.transactionCount),s.accounts().then(N=>{s.accountCache=N}),s.labels().then(N=>{s.labelCache=N})]),x=S.getClientTransactions;if(v(T),x.transactions.length===0){T.append(i>0?O("No more transactions on this page.","tx-empty",e("a",{href:"#",onclick:N=>{N.preventDefault(),o({page:""})}},"Back to the first page")):u?O("No transaction matches these filters.","tx-empty",B("Clear filters",()=>{location.hash="#/transactions"},"secondary")):O("No transactions yet. Add your wallets and exchanges on the Overview page and sync them.","tx-empty"));return}T.append(e("table",{class:"table cards tx-table"},e("caption",{class:"sr-only"},`Transactions, page ${i+1}`),e("thead",{},e("tr",{},...["Date","Type","What happened","Value","Gain or income",""].map(N=>e("th",{scope:"col"},N)))),e("tbody",{},...x.transactions.map(N=>e("tr",{"data-tx":N.id,class:N.isHidden?"hidden-tx":"",onclick:Z=>{Z.target.closest("a, button")||(location.hash=`#/transactions/${N.id}`)}},e("td",{"data-label":"Date"},e("a",{href:`#/transactions/${N.id}`,class:"tx-link"},V(N.createdAt))),e("td",{"data-label":"Type"},ue(s,N)),e("td",{"data-label":"What happened"},re(N),e("div",{class:"muted small"},s.accountName(N.accountId))),e("td",{"data-label":"Value",class:"num"},Ze(N)?e("span",{class:"badge critical"},"No price"):$(N.fiatValueCents)),e("td",{"data-label":"Gain or income",class:"num"},Fn(N)),e("td",{"data-label":"State",class:"flags"},...Me(N,s))))))),T.append(e("nav",{class:"pager","aria-label":"Pages"},i>0?B("Previous page",()=>o({page:i>1?String(i):""}),"secondary",{id:"tx-prev"}):"",e("span",{class:"muted",id:"tx-page","data-page":i+1},`Page ${i+1} of ${Math.max(1,Math.ceil(E/Number(g.limit)))} \xB7 ${E.toLocaleString("en-US")} ${E===1?"transaction":"transactions"}`),x.hasNextPage?B("Next page",()=>o({page:String(i+2)}),"secondary",{id:"tx-next"}):""))}catch(I){T.replaceChildren(P(I,R))}};return R(),s.onChange(R)}function Ta(n,t){let a=Math.round((new Date(t).getTime()-new Date(n).getTime())/6e4);if(a<1)return"at once";if(a<120)return`${a} minute${a===1?"":"s"} later`;let s=Math.round(a/60);return s<48?`${s} hours later`:`${Math.round(s/24)} days later`}function Ne(n,t,a){let s=t.asset?.symbol||"",i=e("div",{role:"status"}),r=Number(t.feeAmountExact),o=e("button",{type:"button",class:"small","data-pair":`${t.fromTransactionId}:${t.toTransactionId}`,onclick:async()=>{try{await Q(o,"Pairing\u2026",()=>n.q(gn,{from:t.fromTransactionId,to:t.toTransactionId})),await a()}catch(u){i.replaceChildren(P(u))}}},"Pair as a move between my accounts");return e("div",{class:"pair-card","data-pair-card":`${t.fromTransactionId}:${t.toTransactionId}`},e("p",{},e("a",{href:`#/transactions/${t.fromTransactionId}`},`Sent ${F(t.sentAmountExact)} ${s}`),` from ${n.accountName(t.fromAccountId)} on ${V(t.sentAt)}, and `,e("a",{href:`#/transactions/${t.toTransactionId}`},`received ${F(t.receivedAmountExact)} ${s}`),` in ${n.accountName(t.toAccountId)} ${Ta(t.sentAt,t.receivedAt)}`,r>0?` (${F(t.feeAmountExact)} ${s} went to fees).`:"."),e("p",{class:"muted small"},`Unpaired, the first counts as a sale on ${Y(t.sentAt)} and the second as a new purchase. If both accounts are yours, pair them: the coins keep their cost basis and nothing is taxed.`),o,i)}function qn(n,t,a){let{app:s}=n,i=e("div",{id:"tx-detail"},k("the transaction"));t.append(e("p",{class:"back"},e("a",{href:"#/transactions"},"\u2190 All transactions")),i);let r=!0,o=async y=>{try{let[l]=await Promise.all([s.q(he,{id:a}),s.accounts().then(f=>{s.accountCache=f}),s.labels().then(f=>{s.labelCache=f})]),d=l.getTransaction,m=d.isInternalTransfer&&d.linkedTransactionId?(await s.q(he,{id:d.linkedTransactionId})).getTransaction:void 0;if(!r)return;let C=document.activeElement?.id;h(d,m,y),C&&document.activeElement===document.body&&document.getElementById(C)?.focus()}catch(l){v(i),i.append(e("h1",{},"Transaction"),P(l,()=>o()))}},u="";i.addEventListener("focusin",y=>{u=y.target.id||u});let p=async y=>{let l=u;s.ledgerChanged("edit"),n.recalc.refresh(),await o(y),le(y),(l&&document.getElementById(l)||document.getElementById(Sa[l]||"")||document.getElementById("tx-message"))?.focus()},h=(y,l,d)=>{v(i);let m=`${l&&!y.label?xa(s,y,l):ue(s,y)} \xB7 ${V(y.createdAt)}`,C=e("div",{id:"tx-message",role:"status","aria-live":"polite",tabindex:"-1"},d?e("p",{class:"notice ok"},d,n.recalc.state!=="recalculating"?" Your figures are updated in a moment.":""):"");i.append(e("h1",{id:"tx-title"},m),e("p",{class:"lead"},re(y)),e("p",{class:"muted"},`${s.accountName(y.accountId)} \xB7 ${Y(y.createdAt)}`,y.txnHash?[" \xB7 ",y.explorerUrl&&/^https:\/\//.test(y.explorerUrl)?e("a",{href:y.explorerUrl,target:"_blank",rel:"noopener noreferrer"},`View on explorer (${ae(y.txnHash)})`):e("span",{class:"mono",title:y.txnHash},ae(y.txnHash))]:""),e("div",{class:"flags"},...Me(y,s)),Da(y),C,Aa(y),va(s,y,l,p));let f=H("why","Why these figures",k("the lots behind this transaction"));i.append(f.el),kn(s,y,f.body),i.append(La(n,y,p));let T=H("history","History of changes",k("the history"));i.append(T.el),et(s,y,T.body,p)};o();let c=s.onChange(()=>{n.recalc.state==="settled"&&o()});return()=>{r=!1,c()}}var Sa={"hide-tx":"unhide-tx","unhide-tx":"hide-tx","save-label":"tx-label"},Pa={HIGH:"high confidence",MEDIUM:"medium confidence",LOW:"low confidence"};function Da(n){let t=n.classification;if(!t)return"";let a=t.confidence==="LOW"&&!n.isReviewed&&!n.isEdited;return e("div",{class:"classification",id:"tx-classification","data-rule":t.rule,"data-confidence":t.confidence},e("p",{},"Read by the rule ",e("strong",{},t.rule),` (${Pa[t.confidence]||t.confidence}): ${t.explanation}.`,a?[" ",e("span",{class:"badge warning"},"Needs review")]:""),e("p",{class:"muted small"},n.isEdited?"You changed this transaction: your edit stays, whatever the rules say later.":"Change the label below if this reading is wrong: your edit always wins over the rules."))}function xa(n,t,a){return`Transfer ${t.transfers.some(i=>i.direction==="OUTGOING"&&!i.isFee)?"to":"from"} ${n.accountName(a.accountId)}`}function wa(n){return n.isInternalTransfer?n.transfers.filter(t=>!t.isFee&&t.capGainsSumSigned!==null&&t.capGainsSumSigned!==void 0).reduce((t,a)=>t+Number(a.capGainsSumSigned)+(a.basisFiatValueCents??0),0):0}function Aa(n){let t=n.capGainsSumSigned!==null&&n.capGainsSumSigned!==void 0?Number(n.capGainsSumSigned):null,a=[["value","Value",$(n.fiatValueCents)],["fees","Fees",$((n.feeFiatValueCents??0)+wa(n))]];return t!==null&&a.push(["gain",t<0?"Capital loss":"Capital gain",L(t)]),n.incomeSum&&a.push(["income","Income",$(n.incomeSum)]),e("dl",{class:"figures",id:"tx-figures"},...a.map(([s,i,r])=>e("div",{class:"figure","data-figure":s},e("dt",{},i),e("dd",{},r))))}function Mn(n,t,a){if(t)return n.accountName(t);let s=a?n.accountCache.find(i=>i.address&&i.address.toLowerCase()===a.toLowerCase()):void 0;return s?n.accountName(s.id):a?ae(a):"Outside your accounts"}function va(n,t,a,s){let i=H("transfers","Transfers"),r=t.transfers.map(o=>{let u=o.capGainsSumSigned!==null&&o.capGainsSumSigned!==void 0?Number(o.capGainsSumSigned):null,p=e("div",{class:"transfer-edit",id:`edit-${o.id}`}),h=e("tr",{class:"edit-row",hidden:!0},e("td",{colspan:6},p)),c=B("Edit value",()=>{h.hidden=!h.hidden,c.setAttribute("aria-expanded",String(!h.hidden)),h.hidden||p.querySelector("input")?.focus()},"link small",{"aria-expanded":"false","aria-controls":`edit-${o.id}`,"data-edit-transfer":o.id});return Ea(n,t,o,p,s),[e("tr",{"data-transfer":o.id,class:o.isHidden?"hidden-tx":""},e("td",{"data-label":"Transfer"},e("strong",{},`${o.direction==="OUTGOING"?"\u2212":o.direction==="INCOMING"?"+":""}${F(o.amountExact)} ${o.asset?.symbol||""}`),o.isFee?e("span",{class:"badge muted"},"Fee"):"",o.isHidden?e("span",{class:"badge muted"},"Hidden"):""),e("td",{"data-label":"From \u2192 to"},`${Mn(n,o.fromAccountId??(a&&!o.isFee&&o.direction==="INCOMING"?a.accountId:null),o.fromAddress)} \u2192 ${Mn(n,o.toAccountId??(a&&!o.isFee&&o.direction==="OUTGOING"?a.accountId:null),o.toAddress)}`),e("td",{"data-label":"Market value",class:"num"},o.fiatValueCents===null||o.fiatValueCents===void 0?e("span",{class:"badge critical"},"No price"):$(o.fiatValueCents),o.isFiatValueOverridden?e("div",{class:"muted small"},"set by you"):""),e("td",{"data-label":M(n.client),class:"num"},$(o.basisFiatValueCents)),e("td",{"data-label":"Gain or income",class:"num"},u!==null?`${L(u)}${o.saleTerm&&n.client.jurisdictionRules.hasHoldingTerms?` (${W(n.client,o.saleTerm,!0)})`:""}`:o.incomeSum?`Income ${$(o.incomeSum)}`:"\u2014",o.uncoveredAmountExact?e("div",{class:"muted small"},`${F(o.uncoveredAmountExact)} ${o.asset?.symbol||""} not covered by your lots`):""),e("td",{"data-label":"Change"},c)),h]});return i.body.append(e("table",{class:"table cards"},e("caption",{class:"sr-only"},"Transfers of this transaction"),e("thead",{},e("tr",{},...["Transfer","From \u2192 to","Market value",M(n.client),"Gain or income",""].map(o=>e("th",{scope:"col"},o)))),e("tbody",{},...r.flat()))),i.el}function Ea(n,t,a,s,i){let r=a.asset?.symbol||"units",o=e("input",{type:"number",min:"0",step:"0.01",inputmode:"decimal",value:a.fiatValueCents!=null?(a.fiatValueCents/100).toFixed(2):""}),u=e("input",{type:"number",min:"0",step:"any",inputmode:"decimal"}),p=e("input",{type:"number",min:"0",step:"0.01",inputmode:"decimal",value:a.basisFiatValueCents!=null?(a.basisFiatValueCents/100).toFixed(2):""}),h=e("div",{role:"status"}),c=a.direction==="INCOMING",y=o.value,l=p.value;u.addEventListener("input",()=>{let C=Number(u.value);u.value&&isFinite(C)&&(o.value=(C*Number(a.amountExact)).toFixed(2))});let d=e("button",{type:"submit"},"Save value"),m=e("form",{class:"inline-form","data-value-form":a.id,onsubmit:async C=>{C.preventDefault();let f=o.value===""||o.value===y?void 0:Number(o.value),T=c&&p.value!==""&&p.value!==l?Number(p.value):void 0;if(f===void 0&&T===void 0){h.replaceChildren(e("p",{class:"notice error"},o.value===""?"Enter a value.":`Change the value or the ${M(n.client,!0)}.`));return}try{await Q(d,"Saving\u2026",()=>n.q(je,{tx:t.id,transfer:a.id,value:f,basis:T})),await i(`Saved the value of ${F(a.amountExact)} ${r}.`)}catch(R){h.replaceChildren(P(R))}}},q(`per-unit-${a.id}`,`Price per ${r} (${n.client.currency})`,u),q(`value-${a.id}`,`${c?"Market value":a.isFee?"Fee value":"Proceeds"} (${n.client.currency})`,o),c?q(`basis-${a.id}`,`${M(n.client)} (${n.client.currency})`,p):"",d,a.isFiatValueOverridden?B("Back to the imported value",async C=>{try{await Q(C.currentTarget,"Resetting\u2026",()=>n.q(je,{tx:t.id,transfer:a.id,reset:!0})),await i("The imported value is back.")}catch(f){h.replaceChildren(P(f))}},"secondary"):"");s.append(m,h)}async function kn(n,t,a){let s=t.transfers.filter(u=>u.capGainsSumSigned!==null&&u.capGainsSumSigned!==void 0),i=t.transfers.filter(u=>u.incomeSum),r=t.transfers.filter(u=>u.direction==="INCOMING"&&!u.incomeSum&&!t.isInternalTransfer),o=[...new Set([...s,...r].map(u=>u.asset?.pricingKey).filter(u=>!!u))];try{let u=await Promise.all(o.map(h=>n.q(Pe,{key:h,id:t.id}).then(c=>({key:h,...c.getTaxLots}))));v(a);let p=[];t.isHidden&&p.push(e("p",{},"This transaction is hidden: it does not count in your taxes.")),t.isInternalTransfer&&p.push(e("p",{},`A move between your own accounts: the coins keep their ${M(n.client,!0)} and purchase date, and nothing is taxed.`));for(let h of s){let c=u.flatMap(g=>g.disposals).filter(g=>g.transferId===h.id),y=u.find(g=>g.key===h.asset?.pricingKey)?.costBasisAlgorithm||n.client.costBasisAlgorithm,l=h.asset?.symbol||"",d=Number(h.capGainsSumSigned),m=h.basisFiatValueCents??c.reduce((g,I)=>g+I.costBasisCents,0),C=m+d,f=(h.fiatValueCents??C)-C,T=t.isInternalTransfer&&!h.isFee,R=c.reduce((g,I)=>g+Number(I.amountExact),0);p.push(e("div",{class:"why","data-why-transfer":h.id,"data-network-fee":T?"true":void 0},e("h3",{},T?`Network fee of ${F(String(Number(R.toPrecision(12))))} ${l}`:`${h.isFee?"Fee paid with":"Disposal of"} ${F(h.amountExact)} ${l}`),T?e("p",{},`The ${F(String(Number(R.toPrecision(12))))} ${l} that left but did not arrive paid the network fee; it counts as a small sale: ${d<0?"loss":"gain"} ${L(d)}.`):"",e("p",{class:"equation"},`${n.client.jurisdictionRules.words.proceeds} ${$(C)} \u2212 ${M(n.client,!0)} ${$(m)} = `,e("strong",{},`${d<0?"loss":"gain"} ${L(d)}`)),f>0&&!T?e("p",{class:"muted small"},`The proceeds are the market value of ${$(h.fiatValueCents)} less ${$(f)} of fees.`):"",e("p",{class:"muted small"},n.client.jurisdictionRules.matchingText||`Lots are taken ${Ra(y)}. Each piece below is the part of this disposal one lot covered.`),e("ul",{class:"pieces"},...c.map(g=>e("li",{"data-piece":g.lotTransactionId||"uncovered","data-match":g.match||""},g.isUncovered?[e("strong",{},`${F(g.amountExact)} ${l} not covered by any ${n.client.jurisdictionRules.words.holding}`),`: counted with a zero ${M(n.client,!0)}. Add the account or transaction it came from, or pair the move that brought it.`]:g.match&&g.match!=="LOT"?Na(g,l):[`${F(g.amountExact)} ${l} from the lot acquired `,g.lotTransactionId?e("a",{href:`#/transactions/${g.lotTransactionId}`},V(g.lotAcquiredAt)):V(g.lotAcquiredAt),`: proceeds ${$(g.proceedsCents)} \u2212 ${M(n.client,!0)} ${$(g.costBasisCents)} = ${L(g.gainCents)}${n.client.jurisdictionRules.hasHoldingTerms?`, ${W(n.client,g.term,!0)}`:""}${g.box?`, Form 8949 box ${g.box}`:""}`,g.isMissingBasis?e("span",{class:"badge critical"},"Basis unknown"):""]))),c.length===0?e("p",{class:"muted"},"The lots behind this disposal appear once your taxes are recalculated."):""))}for(let h of i)p.push(e("div",{class:"why"},e("h3",{},`Income: ${F(h.amountExact)} ${h.asset?.symbol||""}`),e("p",{},`Counted as income of ${$(h.incomeSum)}, its market value when received. That value is also the ${M(n.client,!0)} of the coins, for when you sell them.`)));for(let h of r){let c=u.filter(l=>l.key===h.asset?.pricingKey).flatMap(l=>l.lots),y=h.asset?.symbol||"";p.push(e("div",{class:"why"},e("h3",{},`Acquisition of ${F(h.amountExact)} ${y}`),h.basisFiatValueCents===null||h.basisFiatValueCents===void 0?e("p",{},`No price is known for this receipt, so its coins have an unknown ${M(n.client,!0)}: a later sale of them counts in full as a gain. Set its value above.`):e("p",{},`${M(n.client)} ${$(h.basisFiatValueCents)}: what was paid or given for it, fees included.`),c.length?e("p",{class:"muted"},`Still held from it: ${c.map(l=>`${F(l.amountExact)} of ${F(l.originalAmountExact)} ${y} (${M(n.client,!0)} ${$(l.costBasisCents)}${n.client.jurisdictionRules.hasHoldingTerms?`, ${W(n.client,l.term,!0)} if sold now`:""})`).join("; ")}.`):e("p",{class:"muted"},"Nothing of it is held any more: it was sold, spent or moved on.")))}p.length===0&&p.push(e("p",{class:"muted"},"This transaction has no tax effect: nothing was sold, spent or earned.")),a.append(...p)}catch(u){a.replaceChildren(P(u,()=>kn(n,t,a)))}}function Ra(n){return{FIFO:"first in, first out (FIFO)",LIFO:"last in, first out (LIFO)",HIFO:"highest cost first (HIFO)",LOFO:"lowest cost first (LOFO)",AVERAGE_COST:"at their average cost"}[n]||n}function La(n,t,a){let{app:s}=n,i=H("fix","Change this transaction"),r=e("div",{role:"status","aria-live":"polite"}),o=G("label",[["","Loading labels\u2026"]]);o.disabled=!0;let u=e("button",{type:"submit",id:"save-label"},"Save label"),p=e("p",{class:"muted small",id:"label-help"});s.q(De,{id:t.id}).then(d=>{let m=d.getTransactionTypeOptions,C=new Set(m.recommended.map(T=>T.value));o.replaceChildren(e("option",{value:""},"No label"),...m.options.map(T=>e("option",{value:T.value},C.has(T.value)?`${T.name} (suggested)`:T.name))),o.value=t.label||"",o.disabled=!1;let f=()=>{p.textContent=m.options.find(T=>T.value===o.value)?.description||"Without a label, what leaves is taxed as a sale and what arrives as a purchase."};o.addEventListener("change",f),f()}).catch(d=>r.replaceChildren(P(d)));let h=e("form",{class:"inline-form",id:"label-form",onsubmit:async d=>{d.preventDefault();let m=o.value;try{await Q(u,"Saving\u2026",()=>s.q(we,m?{ids:[t.id],label:m}:{ids:[t.id],wipe:!0})),await a(m?`Labeled as ${s.labelName(m)}.`:"Label removed.")}catch(C){r.replaceChildren(P(C))}}},q("tx-label","Label",o,"grow"),u),c=e("div",{class:"actions",id:"tx-actions"}),y=(d,m,C,f,T,R="secondary",g)=>{let I=async D=>{try{await Q(D,C,f),await a(T)}catch(b){r.replaceChildren(P(b))}};return B(d,g?Te(g,`Yes, ${d.charAt(0).toLowerCase()}${d.slice(1)}`,I):D=>I(D.currentTarget),R,{id:m})};c.append(t.isHidden?y("Unhide","unhide-tx","Unhiding\u2026",()=>s.q(ye,{id:t.id,hidden:!1}),"The transaction counts again."):y("Hide","hide-tx","Hiding\u2026",()=>s.q(ye,{id:t.id,hidden:!0}),"Hidden: the transaction no longer counts in your taxes."),y(t.isReviewed?"Mark as not reviewed":"Mark as reviewed","review-tx","Saving\u2026",()=>s.q(Ae,{id:t.id,reviewed:!t.isReviewed}),t.isReviewed?"Marked as not reviewed.":"Marked as reviewed.")),t.isMissingBasis&&c.append(y(`Accept a zero ${M(s.client,!0)}`,"accept-basis","Saving\u2026",()=>s.q(Ie,{ids:[t.id],override:!0}),`Accepted: this transaction is no longer flagged for its missing ${M(s.client,!0)}.`,"secondary",`Count the coins it disposes of with a zero ${M(s.client,!0)}? Their whole value becomes a gain.`));let l=e("div",{id:"tx-pair"});if(t.isInternalTransfer&&t.linkedTransactionId){let d=t.transfers.some(f=>f.direction==="OUTGOING"||f.fromAccountId&&!f.isFee),[m,C]=d?[t.id,t.linkedTransactionId]:[t.linkedTransactionId,t.id];l.append(e("p",{},`Paired ${t.linkType==="BRIDGE"?"as a bridge":t.linkType==="CROSS_CHAIN_SWAP"?"as a cross-chain swap":"as a move between your own accounts"} with `,e("a",{href:`#/transactions/${t.linkedTransactionId}`,"data-other-side":""},"the other side"),"."),y("Unpair","unpair-tx","Unpairing\u2026",()=>s.q(hn,{from:m,to:C}),"Unpaired: both sides count on their own again.","secondary","Unpair these two transactions? The sending side then counts as a sale and the other as a purchase."))}else s.q(xe,{id:t.id,limit:1}).then(d=>{let m=d.getTransferPairSuggestions[0];m&&l.append(Ne(s,m,async()=>{await a("Paired as a move between your own accounts.")}))}).catch(d=>l.append(P(d)));return i.body.append(h,p,l,c,r),i.el}var Fa={label:"Label",isHidden:"Hidden",isReviewed:"Reviewed",notes:"Notes",fiatValue:"Value",basisFiatValue:"Cost basis",internalTransferTo:"Move between your accounts",bridgeTo:"Bridge",crossChainSwapTo:"Cross-chain swap",isMissingBasisOverride:"Missing cost basis accepted",createdAt:"Date",amount:"Quantity",quantity:"Quantity",assetId:"Asset"},Ba=new Set(["internalTransferTo","bridgeTo","crossChainSwapTo"]),Ma=/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;function Nn(n,t){return n&&Ba.has(n)?t?"paired":"not paired":t==null||t===""?n==="label"?"no label":"nothing":typeof t=="string"&&Ma.test(t)?n==="assetId"?"another asset":"another one":typeof t=="boolean"?t?"yes":"no":n==="label"&&typeof t=="string"?t.replace(/_/g," "):(n==="fiatValue"||n==="basisFiatValue")&&(typeof t=="string"||typeof t=="number")?$(Math.round(Number(t)*100)):typeof t=="string"?t.length>40?`${t.slice(0,37)}\u2026`:t:JSON.stringify(t).slice(0,40)}var qe=!1;async function et(n,t,a,s){try{let i=await n.q(pn,{ids:[t.id]}),r=i.getClientAuditLogs.auditLogs;if(v(a),r.length===0){a.append(e("p",{class:"muted",id:"history-empty"},"No changes since it was imported."));return}let o=e("div",{role:"status"}),u=r.filter(c=>c.undoneAt).length,p=qe?r:r.filter(c=>!c.undoneAt),h=u?B(qe?"Show only the changes in force":`Show ${u===1?"the undone change":`the ${u} undone changes`} too`,()=>{qe=!qe,et(n,t,a,s).then(()=>document.getElementById("history-toggle")?.focus())},"link small",{id:"history-toggle"}):"";a.append(e("ul",{class:"history",id:"history-list"},...p.map(c=>{let y=c.field?`${Fa[c.field]||c.field}: ${Nn(c.field,c.oldValue)} \u2192 ${Nn(c.field,c.newValue)}`:c.action.replace(/^\w+\./,"").replace(/_/g," "),l=c.actorType==="USER"?"you":c.actorType==="API_KEY"?"an app":c.actorType==="STAFF"?"support":`${n.brand.name} or an import`;return e("li",{"data-audit":c.id,class:c.undoneAt?"undone":""},e("span",{},e("strong",{},y),e("span",{class:"muted small"},` \xB7 ${Y(c.createdAt)} \xB7 by ${l}`),c.undoneAt?e("span",{class:"badge muted"},"Undone"):""),c.canUndo?B("Undo",async d=>{try{await Q(d.currentTarget,"Undoing\u2026",()=>n.q(yn,{ids:[c.id]})),await s(`Undone: ${y}.`)}catch(m){o.replaceChildren(P(m))}},"secondary small",{"data-undo":c.id}):"")})),p.length===0?e("p",{class:"muted",id:"history-none"},"Every change here was undone."):"",h,o,i.getClientAuditLogs.total>r.length?e("p",{class:"muted small"},`The latest ${r.length} of ${i.getClientAuditLogs.total} changes.`):"")}catch(i){a.replaceChildren(P(i,()=>et(n,t,a,s)))}}function Na(n,t){let a=n.lotTransactionId?e("a",{href:`#/transactions/${n.lotTransactionId}`},V(n.lotAcquiredAt)):V(n.lotAcquiredAt),s=n.match==="SAME_DAY"?[`${F(n.amountExact)} ${t} matched with the same day\u2019s acquisitions`]:n.match==="THIRTY_DAY"?[`${F(n.amountExact)} ${t} matched with the acquisition of `,a," (within 30 days)"]:n.match==="POOL"?[`${F(n.amountExact)} ${t} from the section 104 pool, at its average cost`]:[`${F(n.amountExact)} ${t} at the adjusted cost base`],i=n.deniedLossExact?Math.round(Number(n.deniedLossExact)*100):0;return[...s,`: proceeds ${$(n.proceedsCents)} \u2212 cost ${$(n.costBasisCents)} = ${L(n.gainCents)}`,i?e("span",{class:"badge warning","data-denied":i},`Superficial loss denied: ${$(i)}`):""]}var j,qa={CRITICAL:"Makes figures wrong",WARNING:"Likely wrong",INFO:"Worth a look"},ke=5,ka={MISSING_BASIS:"These sales use coins whose purchase price is unknown, so their whole value counts as a gain. Give the receipt a price, or accept a zero cost basis if you really paid nothing.",UNCOVERED_DISPOSALS:"These transactions send or sell more than your accounts held at the time. Usually an account or a purchase is missing: add it, or pair the move that brought the coins.",NEGATIVE_BALANCE:"An account sent more of an asset than it held. Add the missing account or transaction, or hide a duplicate.",UNLABELED_TRANSACTIONS:"Without a label, what leaves an account counts as a sale and what arrives as a purchase. Label income, gifts and fees as such.",POSSIBLE_INTERNAL_TRANSFER:"A withdrawal followed by a deposit of nearly the same amount into another of your accounts. Unpaired, the first counts as a sale and the second as a purchase.",POSSIBLE_SPAM:"A token whose name advertises a website or a claim, as airdropped spam does. Never visit the site; mark the token as spam to leave it out of your figures.",NEEDS_REVIEW_CLASSIFICATION:"No rule recognised these on-chain transactions with confidence, so what arrived counts as a purchase and what left as a sale. Open each one to see what was read, then label it, or confirm that the reading is right."},Va={MISSING_BASIS:"no cost basis",UNCOVERED_DISPOSALS:"sends more than the account held",NEGATIVE_BALANCE:"a balance below zero",UNLABELED_TRANSACTIONS:"no label",POSSIBLE_INTERNAL_TRANSFER:"looks like a move between your accounts",POSSIBLE_SPAM:"looks like spam",NEEDS_REVIEW_CLASSIFICATION:"read with low confidence"},Ua=new Set(["MISSING_BASIS","UNCOVERED_DISPOSALS","NEGATIVE_BALANCE"]);function Un(n,t,a){let{app:s}=n,i=e("div",{class:"recalc-box",id:"review-recalc"}),r=e("div",{id:"review-queue","aria-live":"polite"},k("what needs review"));t.append(e("h1",{},"Needs review"),e("p",{class:"lead"},"What can make your tax figures wrong, most serious first. Fix each item here; the counts fall as you go."),i,r);let o=new Set,u=()=>{let l=n.recalc.state;l==="settled"&&o.clear(),i.dataset.state=l,i.replaceChildren(e("p",{},l==="settled"?"Your figures include every change.":l==="dirty"?n.recalc.scheduled?"Your figures are updated with your fixes in a moment.":"Some fixes are not in your figures yet: prices, pairs and labels change your taxes once they are recalculated.":l==="unreachable"?"We can\u2019t reach the server right now; fixes wait until it answers again.":"Updating your figures with your fixes\u2026"),l==="dirty"?B(n.recalc.scheduled?"Update now":"Recalculate now",()=>n.recalc.start(),"",{id:"review-recalculate"}):"")};u();let p=n.recalc.onState(u),h=async l=>{le(l),s.ledgerChanged("edit"),await n.recalc.refresh()},c=async()=>{try{let l=(await s.q(se,{limit:1})).getClientReviewQueue;if(j||(j=document.activeElement?.closest("[data-insight]")?.dataset.insight),n.reviewCount(l.totalCount),v(r),l.totalCount===0){if(r.append(O("Nothing to review: your transactions are labeled, priced and paired.","review-empty")),j){j=void 0;let d=document.getElementById("review-empty");d?.setAttribute("tabindex","-1"),d?.focus()}return}r.append(e("p",{id:"review-total","data-count":l.totalCount,tabindex:"-1"},l.totalCount===1?"1 transaction to review.":`${l.totalCount} transactions to review, each listed once under its most pressing problem.`));for(let d of l.groups)r.append(Oa(n,d,o,h));j&&!l.groups.some(d=>d.patternId===j)&&(j=void 0,document.getElementById("review-total")?.focus())}catch(l){r.replaceChildren(P(l,c))}};c();let y=s.onChange(c);return()=>{y(),p()}}function Oa(n,t,a,s){let i=e("div",{class:"items"},k("the items")),r=`ins-${t.patternId.replace(/[^a-z0-9-]/gi,"-")}`,o=e("section",{class:`insight ${t.severity.toLowerCase()}`,"data-insight":t.patternId,"aria-labelledby":r},e("div",{class:"insight-head"},e("span",{class:`badge ${t.severity.toLowerCase()}`},qa[t.severity]||t.severity),e("h2",{id:r},t.title),e("span",{class:"insight-count","data-insight-count":t.count},String(t.count))),e("p",{},ka[t.type]||""),Ua.has(t.type)?e("p",{class:"muted small"},"This list changes when your taxes are recalculated after a fix."):"",i,t.type!=="POSSIBLE_SPAM"&&t.count>ke?e("p",{},e("a",{href:`#/transactions?review=${encodeURIComponent(t.patternId)}`},"See every transaction with this problem in Transactions")):"");return Ha(n,t,i,a,s).catch(u=>i.replaceChildren(P(u))),o}async function Ha(n,t,a,s,i){let{app:r}=n;if(t.type==="POSSIBLE_INTERNAL_TRANSFER"){let l=await r.q(xe,{limit:ke});v(a);for(let d of l.getTransferPairSuggestions){let m=Ne(r,d,async()=>{j=t.patternId,m.replaceChildren(e("p",{class:"notice ok"},"Paired as a move between your accounts.")),await i("Paired as a move between your accounts.")});a.append(m)}return}let o=t.assetId;if(t.type==="POSSIBLE_SPAM"&&o){v(a);let l=e("div",{role:"status"}),d=B("Mark as spam",async()=>{try{await Q(d,"Marking\u2026",()=>r.q(In,{assetId:o,spam:!0})),a.replaceChildren(e("p",{class:"notice ok"},"Marked as spam: its transactions are left out of your figures.")),await i("Marked as spam.")}catch(m){l.replaceChildren(P(m))}},"small",{"data-spam":o});a.append(d,l);return}let u=(await r.q(se,{patternId:t.patternId,limit:ke})).getClientReviewQueue.items,p=new Map(u.map(l=>[l.transactionId,l])),h=u.length?await r.q(Se,{onlyTransactionIds:u.map(l=>l.transactionId),limit:ke}):null;await r.accounts().then(l=>{r.accountCache=l}),v(a);let c=e("ul",{class:"review-items"});a.append(c);let y=h?h.getClientTransactions.transactions:[];for(let l of u.map(d=>y.find(m=>m.id===d.transactionId)).filter(d=>!!d)){let d=e("li",{"data-review-item":l.id}),m=T=>async()=>{s.add(l.id),j=t.patternId,d.replaceChildren(e("p",{class:"notice ok"},T)),await i(T)};if(s.has(l.id)){d.append(e("p",{class:"notice ok"},`${V(l.createdAt)} \xB7 ${re(l)}: fixed.`)),c.append(d);continue}d.append(e("p",{},e("a",{href:`#/transactions/${l.id}`},`${V(l.createdAt)} \xB7 ${ue(r,l)}`),` \xB7 ${re(l)} \xB7 ${r.accountName(l.accountId)}`));let C=(p.get(l.id)?.problems||[]).slice(1).map(T=>Va[T]).filter(Boolean);C.length&&d.append(e("p",{class:"muted small","data-also":l.id},`Also: ${C.join("; ")}.`));let f=e("div",{class:"fix"});switch(d.append(f),c.append(d),t.type){case"UNLABELED_TRANSACTIONS":Vn(r,l,f,m);break;case"NEEDS_REVIEW_CLASSIFICATION":Vn(r,l,f,m),_a(r,l,f,m);break;case"MISSING_BASIS":Ga(r,l,f,m);break;case"UNCOVERED_DISPOSALS":Qa(r,l,f,m);break;case"NEGATIVE_BALANCE":Ya(r,l,f,m);break;default:break}}j===t.patternId&&(j=void 0,a.querySelector("a, select, input, button")?.focus())}function Ve(n,t,a,s,i,r){let o=async()=>{try{await Q(n,t,s),await i()}catch(u){a.replaceChildren(P(u))}};n.addEventListener("click",r?Te(r,`Yes, ${(n.textContent||"").charAt(0).toLowerCase()}${(n.textContent||"").slice(1)}`,o):o)}var On="Count these coins with nothing paid for them? Their whole value becomes a gain.";function Vn(n,t,a,s){let i=G("label",[["","Choose a label"]]),r=e("button",{type:"submit",class:"small"},"Save label"),o=e("div",{role:"status"});n.q(De,{id:t.id}).then(p=>{let h=new Set(p.getTransactionTypeOptions.recommended.map(c=>c.value));i.append(...p.getTransactionTypeOptions.options.map(c=>e("option",{value:c.value},h.has(c.value)?`${c.name} (suggested)`:c.name)))}).catch(p=>o.replaceChildren(P(p)));let u=`label-${t.id}`;a.append(e("form",{class:"inline-form","data-label-form":t.id,onsubmit:async p=>{if(p.preventDefault(),!i.value){o.replaceChildren(e("p",{class:"notice error"},"Choose a label first."));return}try{await Q(r,"Saving\u2026",()=>n.q(we,{ids:[t.id],label:i.value})),await s(`Labeled as ${n.labelName(i.value)}.`)()}catch(h){o.replaceChildren(P(h))}}},q(u,"Label",i),r),o)}function _a(n,t,a,s){let i=e("button",{type:"button",class:"small secondary","data-confirm":t.id},"The reading is right"),r=e("div",{role:"status"});Ve(i,"Saving\u2026",r,()=>n.q(Ae,{id:t.id,reviewed:!0}),s("Marked as reviewed.")),a.append(i,r)}async function Ga(n,t,a,s){let i=e("div",{role:"status"});try{let o=(await n.q(he,{id:t.id})).getTransaction,u=o.transfers.filter(c=>c.capGainsSumSigned!==null&&c.capGainsSumSigned!==void 0&&c.asset),p=[...new Set(u.map(c=>c.asset.pricingKey))],h=[];for(let c of o.transfers)c.direction==="INCOMING"&&!c.isFee&&!c.isHidden&&(c.fiatValueCents===null||c.fiatValueCents===void 0)&&c.asset&&!h.some(y=>y.tx===o.id)&&h.push({tx:o.id,at:o.createdAt,symbol:c.asset.symbol,assetId:c.assetId,amount:c.amountExact});for(let c of p){let y=await n.q(Pe,{key:c,id:t.id});for(let l of y.getTaxLots.disposals){let d=u.find(m=>m.id===l.transferId);l.isMissingBasis&&!l.isUncovered&&l.lotTransactionId&&d&&!h.some(m=>m.tx===l.lotTransactionId)&&h.push({tx:l.lotTransactionId,at:l.lotAcquiredAt||"",symbol:d.asset.symbol,assetId:d.assetId,amount:l.amountExact})}}for(let c of h){let y=e("input",{type:"number",min:"0",step:"any",inputmode:"decimal",required:!0}),l=e("button",{type:"submit",class:"small"},"Save price");a.append(e("form",{class:"inline-form","data-price-form":c.tx,onsubmit:async d=>{d.preventDefault();let m=Number(y.value);if(!y.value||!isFinite(m)||m<0){i.replaceChildren(e("p",{class:"notice error"},"Enter the price per unit, for example 1.85."));return}try{await Q(l,"Saving\u2026",()=>n.q(mn,{ids:[c.tx],assetId:c.assetId,price:m})),await s(`Saved the price of the ${c.symbol} received on ${V(c.at)}.`)()}catch(C){i.replaceChildren(P(C))}}},c.tx===o.id?e("p",{class:"small"},`The ${F(c.amount)} ${c.symbol} received have no price.`):e("p",{class:"small"},`The ${F(c.amount)} ${c.symbol} it sold came from `,e("a",{href:`#/transactions/${c.tx}`},`a receipt on ${V(c.at)}`)," without a price."),q(`price-${c.tx}`,`Price per ${c.symbol} when received (${n.client.currency})`,y),l))}}catch(o){i.replaceChildren(P(o))}let r=B("Accept a zero cost basis",()=>{},"secondary small");Ve(r,"Saving\u2026",i,()=>n.q(Ie,{ids:[t.id],override:!0}),s("Accepted a zero cost basis."),On),a.append(r,i)}function Qa(n,t,a,s){let i=e("div",{role:"status"}),r=B("Accept a zero cost basis",()=>{},"secondary small");Ve(r,"Saving\u2026",i,()=>n.q(Ie,{ids:[t.id],override:!0}),s("Accepted a zero cost basis."),On),a.append(e("a",{href:`#/transactions/${t.id}`,class:"button-link small"},"Open and pair or edit"),r,i)}function Ya(n,t,a,s){let i=e("div",{role:"status"}),r=B("Hide (a duplicate)",()=>{},"secondary small");Ve(r,"Hiding\u2026",i,()=>n.q(ye,{id:t.id,hidden:!0}),s("Hidden: it no longer counts.")),a.append(e("a",{href:`#/transactions/${t.id}`,class:"button-link small"},"Open"),r,i)}var nt=n=>n.isReceipt||!!n.defiPosition,tt=n=>n.asset?.symbol||"?";function Hn(n,t){v(n);let a=new Map,s=[];for(let i of t.filter(nt)){if(!i.defiPosition){s.push(i);continue}let r=a.get(i.defiPosition.id)||{name:i.defiPosition.name,coins:[],receipts:[]};(i.isReceipt?r.receipts:r.coins).push(i),a.set(i.defiPosition.id,r)}if(a.size===0&&s.length===0)return!1;n.append(e("p",{},"Coins you put into a pool, a lending market or staking are still yours for tax: moving them in or out is not a sale, and they keep what you paid for them. The tokens you got back for them (LP tokens, aTokens, stETH and the like) stand for these coins, so they are not counted again."));for(let[i,r]of a){let o=e("h3",{},r.name),u=e("div",{class:"defi-position","data-position":i},o);r.coins.length?u.append(e("table",{class:"table cards"},e("caption",{class:"sr-only"},`Coins in the ${r.name}`),e("thead",{},e("tr",{},...["Asset","Quantity","Value","Cost basis","Unrealized"].map(p=>e("th",{scope:"col"},p)))),e("tbody",{},...r.coins.map(p=>e("tr",{"data-asset":p.assetId},e("td",{"data-label":"Asset"},e("strong",{},tt(p))),e("td",{"data-label":"Quantity",class:"num"},F(p.amountExact)),e("td",{"data-label":"Value",class:"num"},p.valueCents===null||p.valueCents===void 0?e("span",{class:"badge muted"},"No price"):$(p.valueCents)),e("td",{"data-label":"Cost basis",class:"num"},$(p.costBasisCents)),e("td",{"data-label":"Unrealized",class:"num"},p.unrealizedGainCents===null||p.unrealizedGainCents===void 0?"\u2014":e("span",{class:p.unrealizedGainCents<0?"loss":"gain"},`${L(p.unrealizedGainCents)} (${me(p.unrealizedGainPercent)})`))))))):u.append(e("p",{class:"muted small"},"Your last calculation shows no coins in this position. Recalculate if you deposited recently.")),r.receipts.length&&u.append(e("p",{class:"muted small"},`Receipt held: ${r.receipts.map(p=>`${F(p.amountExact)} ${tt(p)}`).join(", ")}. Its value is the coins above.`)),n.append(u)}return s.length&&n.append(e("p",{class:"muted small",id:"defi-receipts"},`Other receipt tokens held: ${s.map(i=>`${F(i.amountExact)} ${tt(i)}`).join(", ")}. They stand for coins in a position or for a loan, so they have no value of their own here.`)),!0}var _n=[["ONE_MONTH","1 month"],["THREE_MONTHS","3 months"],["YEAR_TO_DATE","This year"],["ONE_YEAR","1 year"],["ALL_TIME","All time"]];function Gn(n,t){let{app:a}=n,s=e("div",{class:"cards-row",id:"portfolio-totals","aria-live":"polite"},k("your holdings")),i=e("figure",{class:"chart",id:"value-chart"}),r="ALL_TIME",o=e("div",{class:"segmented",role:"radiogroup","aria-label":"Chart range"},..._n.map(([d,m])=>{let C=`range-${d.toLowerCase()}`,f=e("input",{type:"radio",name:"range",id:C,value:d,checked:d===r,onchange:()=>{r=d,c()}});return e("span",{},f,e("label",{for:C},m))})),u=H("holdings","Holdings",k("your holdings")),p=H("harvest","Tax-loss harvesting",k("losses you could harvest")),h=H("defi","DeFi positions");h.el.hidden=!0,t.append(e("h1",{},"Portfolio"),s,H("value","Value over time",o,i).el,u.el,h.el,p.el);let c=async()=>{i.replaceChildren(k("the chart"));try{let m=(await a.q(fn,{interval:r})).getChart,C=En(i,m.points,`Portfolio value and ${M(a.client,!0)}, ${_n.find(([f])=>f===r)?.[1].toLowerCase()}`,M(a.client));i.replaceChildren(C,C.tagName==="svg"?e("figcaption",{},`Change over the range: ${L(m.changeCents)}${m.changePercent===null||m.changePercent===void 0?"":` (${me(m.changePercent)})`}. Coins without a price on a day add nothing to that day.`):"")}catch(d){i.replaceChildren(P(d,c))}},y=async()=>{try{let d=(await a.q(ve)).getPortfolioV2,m={...d,positions:d.positions.filter(I=>!nt(I))},C=(I,D,b,S="")=>e("div",{class:"card","data-figure":I},e("span",{class:"card-title"},D),e("span",{class:"card-value"},b),S?e("span",{class:"card-sub"},S):""),f=d.positions.filter(I=>!I.isReceipt),T=f.filter(I=>I.valueCents!==null&&I.valueCents!==void 0),R=f.length-T.length,g=T.reduce((I,D)=>I+(D.unrealizedGainCents||0),0);s.replaceChildren(C("value","Value",T.length||!R?$(m.totalValueCents):"No prices",R?`${R} holding${R===1?"":"s"} without a price today, left out`:"At today\u2019s prices"),C("basis",M(a.client),$(m.totalCostBasisCents),m.isStale?"Recalculate to include recent changes":"What you paid for what you hold"),C("unrealized","Unrealized gain",T.length||!R?L(g):"No prices",R?"Of the holdings with a price":"If you sold everything today")),v(u.body),d.positions.length===0?u.body.append(O("You hold nothing yet: add and sync your wallets and exchanges on the Overview page.","holdings-empty")):m.positions.length===0?u.body.append(O("Everything you hold is in the DeFi positions below.","holdings-empty")):(u.body.append(e("table",{class:"table cards",id:"holdings-table"},e("caption",{class:"sr-only"},"Your holdings"),e("thead",{},e("tr",{},...["Asset","Quantity","Price","Value",M(a.client),"Unrealized","Share"].map(I=>e("th",{scope:"col"},I)))),e("tbody",{},...m.positions.map(I=>{let D=I.amountExact.startsWith("-");return e("tr",{"data-asset":I.assetId},e("td",{"data-label":"Asset"},e("strong",{},I.asset?.symbol||"?"),I.asset?.name&&I.asset.name!==I.asset.symbol?e("div",{class:"muted small"},I.asset.name):"",D?e("span",{class:"badge warning"},"Negative balance"):""),e("td",{"data-label":"Quantity",class:"num"},F(I.amountExact)),e("td",{"data-label":"Price",class:"num"},I.price===null||I.price===void 0?e("span",{class:"badge muted"},"No price"):$(Math.round(I.price*100))),e("td",{"data-label":"Value",class:"num"},$(I.valueCents)),e("td",{"data-label":M(a.client),class:"num"},$(I.costBasisCents)),e("td",{"data-label":"Unrealized",class:"num"},I.unrealizedGainCents===null||I.unrealizedGainCents===void 0?"\u2014":e("span",{class:I.unrealizedGainCents<0?"loss":"gain"},`${L(I.unrealizedGainCents)} (${me(I.unrealizedGainPercent)})`)),e("td",{"data-label":"Share",class:"num"},I.portfolioPercent===null||I.portfolioPercent===void 0?"\u2014":`${I.portfolioPercent.toFixed(1)}%`))})))),d.total>d.positions.length&&u.body.append(e("p",{class:"muted small"},`The ${d.positions.length} largest of ${d.total} holdings and positions.`))),h.el.hidden=!Hn(h.body,d.positions)}catch(d){s.replaceChildren(P(d,y)),v(u.body),v(h.body)}l()},l=async()=>{try{let d=new Date().toISOString().slice(0,10),m=(await a.q(bn,{date:d})).getHarvestableLosses;v(p.body),p.body.append(e("p",{},`Selling holdings worth less than you paid realizes a loss that offsets your gains. These lots are below their ${M(a.client,!0)} at today\u2019s prices.`)),m.assets.length===0&&m.unpricedAssetIds.length>0?p.body.append(O(`We can\u2019t check for losses without prices: ${m.unpricedAssetIds.length===1?"1 holding has":`${m.unpricedAssetIds.length} holdings have`} no price today.`,"harvest-unpriced")):m.assets.length===0?p.body.append(O(`None of your holdings is worth less than its ${M(a.client,!0)} today.`,"harvest-empty")):p.body.append(e("p",{id:"harvest-total"},e("strong",{},`Up to ${$(-m.totalUnrealizedLossCents)} of losses`),a.client.jurisdictionRules.hasHoldingTerms?` (${W(a.client,"SHORT_TERM",!0)} ${$(-m.shortTermUnrealizedLossCents)}, ${W(a.client,"LONG_TERM",!0)} ${$(-m.longTermUnrealizedLossCents)}).`:"."),e("table",{class:"table cards",id:"harvest-table"},e("caption",{class:"sr-only"},"Holdings you could sell at a loss"),e("thead",{},e("tr",{},...["Asset","Held at a loss","Value",M(a.client),"Loss",""].map(C=>e("th",{scope:"col"},C)))),e("tbody",{},...m.assets.map(C=>e("tr",{"data-harvest":C.assetId},e("td",{"data-label":"Asset"},e("strong",{},C.asset?.symbol||"?")),e("td",{"data-label":"Held at a loss",class:"num"},F(C.amountExact)),e("td",{"data-label":"Value",class:"num"},$(C.marketValueCents)),e("td",{"data-label":M(a.client),class:"num"},$(C.costBasisCents)),e("td",{"data-label":"Loss",class:"num"},e("span",{class:"loss"},L(C.unrealizedGainCents)),a.client.jurisdictionRules.hasHoldingTerms?e("div",{class:"muted small"},`${W(a.client,"SHORT_TERM",!0)} ${L(C.shortTermUnrealizedGainCents)} \xB7 ${W(a.client,"LONG_TERM",!0)} ${L(C.longTermUnrealizedGainCents)}`):""),e("td",{"data-label":"Note"},C.hasRecentAcquisition?e("span",{class:"badge info"},"Bought in the last 30 days"):"")))))),m.unpricedAssetIds.length&&p.body.append(e("p",{class:"muted small"},`${m.unpricedAssetIds.length} holding${m.unpricedAssetIds.length===1?" has":"s have"} no price today and ${m.unpricedAssetIds.length===1?"is":"are"} left out.`)),p.body.append(e("p",{class:"muted small"},"This is information, not advice: check with a tax professional before you sell."))}catch(d){p.body.replaceChildren(P(d,l))}};return y(),c(),a.onChange(()=>{y(),c()})}var za={A:"Short-term, on Form 1099-B with basis reported",B:"Short-term, on Form 1099-B without basis",C:"Short-term, not on Form 1099-B",D:"Long-term, on Form 1099-B with basis reported",E:"Long-term, on Form 1099-B without basis",F:"Long-term, not on Form 1099-B",G:"Short-term digital assets, on Form 1099-DA with basis reported",H:"Short-term digital assets, on Form 1099-DA without basis",I:"Short-term digital assets, not on Form 1099-DA",J:"Long-term digital assets, on Form 1099-DA with basis reported",K:"Long-term digital assets, on Form 1099-DA without basis",L:"Long-term digital assets, not on Form 1099-DA"},Wa={TAX_FORMS:"Tax forms (ZIP of PDFs)",FORM_8949_PDF:"Form 8949 (PDF)",FORM_8949_CSV:"Form 8949 (CSV)",SCHEDULE_D_PDF:"Schedule D (PDF)",SCHEDULE_1_PDF:"Schedule 1, income (PDF)",CAPITAL_GAINS_CSV:"Capital gains (CSV)",INCOME_CSV:"Income (CSV)",TRANSACTION_HISTORY_CSV:"Transaction history (CSV)",TURBOTAX_CSV:"TurboTax import (CSV)",TAXACT_CSV:"TaxAct import (CSV)",END_OF_YEAR_HOLDINGS_CSV:"Holdings at year end (CSV)",UK_CAPITAL_GAINS_SUMMARY_PDF:"SA108 capital gains summary (PDF)",UK_CAPITAL_GAINS_SUMMARY_CSV:"UK capital gains summary (CSV)",DE_ANLAGE_SO_PDF:"Anlage SO summary (PDF)",DE_ANLAGE_SO_CSV:"Anlage SO rows (CSV)",AU_CGT_SCHEDULE_PDF:"CGT schedule summary (PDF)",AU_CGT_SCHEDULE_CSV:"CGT schedule events (CSV)",CA_SCHEDULE_3_PDF:"Schedule 3 summary (PDF)",CA_SCHEDULE_3_CSV:"Schedule 3 summary (CSV)"},ja={QUEUED:"Waiting",GENERATING:"Being made",READY:"Ready",FAILED:"Failed"};function Yn(n,t,a){let{app:s}=n,i=G("year",[]),r=e("div",{id:"tax-figures","aria-live":"polite"},k("the year\u2019s figures")),o=H("income","Income by kind"),u=H("form-8949","Form 8949 preview"),p=e("div",{id:"reconciliation"}),h=H("reports","Reports");t.append(e("h1",{},"Taxes"),e("div",{class:"toolbar"},q("tax-year","Tax year",i)),r,o.el,u.el,p,h.el);let c=0,y=async()=>{try{let g=await s.years(),I=g.length?g[0]:new Date().getUTCFullYear(),D=Number(a.get("year"));c=D&&D>1900?D:I,i.replaceChildren(...fe(s.client,g,c).map(b=>e("option",{value:b},z(s.client,b)))),i.value=String(c),await Promise.all([m(),C(0,""),f()])}catch(g){r.replaceChildren(P(g,y))}};i.addEventListener("change",async()=>{history.replaceState(null,"",`#/tax?year=${i.value}`),a.set("year",i.value),c=Number(i.value);try{await Promise.all([m(),C(0,""),f()])}catch(g){r.replaceChildren(P(g,y))}document.activeElement===document.body&&i.focus()});let l=s.client.jurisdictionRules,d=()=>z(s.client,c),m=async()=>{try{let g=(await s.q(ge,{year:String(c)})).getIncomeAndCapGains,I=Ka(g,l);g.futuresCents&&I.push(["futures","Futures",g.futuresCents,L]),v(r),r.append(g.isStale?e("p",{class:"notice",id:"preview-stale"},"Your ledger changed since these figures were calculated. Recalculate to bring them up to date."):"",g.transactionCount===0?O(`No transactions in ${d()}.`,"year-empty"):"",g.jurisdiction&&l.text?e("p",{class:"muted small",id:"tax-rules","data-jurisdiction":l.jurisdiction},l.text):"",e("dl",{class:"figures","data-year":g.year,"data-year-label":g.taxYearLabel||g.year},...I.map(([D,b,S,E])=>e("div",{class:"figure","data-figure":D,"data-cents":S},e("dt",{},b),e("dd",{},E(S))))),e("p",{class:"muted small"},`${g.disposalCount} transaction${g.disposalCount===1?"":"s"} with a sale or other disposal, ${g.transactionCount} in all`,pe(g.computedAt)?`; calculated ${Y(g.computedAt)}.`:"; not calculated yet.")),v(o.body),g.incomeByLabel.length===0?o.body.append(O(`No income in ${d()}.`,"income-empty")):o.body.append(e("table",{class:"table",id:"income-table"},e("caption",{class:"sr-only"},`Income in ${d()} by kind`),e("thead",{},e("tr",{},...["Kind","Transactions","Income"].map(D=>e("th",{scope:"col"},D)))),e("tbody",{},...g.incomeByLabel.map(D=>e("tr",{"data-income":D.label},e("td",{},e("a",{href:`#/transactions?year=${c}&label=${encodeURIComponent(D.label)}`},D.name)),e("td",{class:"num"},String(D.transactionCount)),e("td",{class:"num"},$(D.incomeCents))))),e("tfoot",{},e("tr",{},e("th",{scope:"row"},"Total"),e("td",{}),e("td",{class:"num"},$(g.incomeCents)))))),T.setYear(c)}catch(g){r.replaceChildren(P(g,m))}},C=async(g,I,D=!1)=>{if(!l.hasForm8949){u.el.hidden=!0;return}try{let b=(await s.q($n,{year:c,box:I||void 0,page:g})).getForm8949PreviewForYear;if(v(u.body),b.boxes.length===0){u.body.append(O(`No sales or other disposals in ${c}: nothing goes on Form 8949.`,"f8949-empty"));return}let S=G("box",[["","All boxes"],...b.boxes.map(x=>[x.box,`Box ${x.box}`])],I);S.addEventListener("change",()=>C(0,S.value,!0));let E=e("details",{class:"rows",id:"f8949-details",open:D});u.body.append(e("p",{},"How your sales will be reported on Form 8949, box by box. Generate the form itself under Reports."),e("table",{class:"table cards",id:"f8949-boxes"},e("caption",{class:"sr-only"},`Form 8949 boxes of ${c}`),e("thead",{},e("tr",{},...["Box","Rows","Proceeds","Cost basis","Adjustments","Gain or loss"].map(x=>e("th",{scope:"col"},x)))),e("tbody",{},...b.boxes.map(x=>e("tr",{"data-box":x.box},e("td",{"data-label":"Box"},e("strong",{},`Box ${x.box}`),e("div",{class:"muted small"},za[x.box]||"")),e("td",{"data-label":"Rows",class:"num"},String(x.rowCount)),e("td",{"data-label":"Proceeds",class:"num"},$(x.proceedsCents)),e("td",{"data-label":"Cost basis",class:"num"},$(x.costBasisCents)),e("td",{"data-label":"Adjustments",class:"num"},$(x.adjustmentCents)),e("td",{"data-label":"Gain or loss",class:"num"},L(x.gainOrLossCents)))))),E),E.append(e("summary",{},`The ${b.total} row${b.total===1?"":"s"}${I?` of box ${I}`:""}, as on the form`),e("div",{class:"toolbar"},q("f8949-box","Show the rows of",S)),e("table",{class:"table cards",id:"f8949-rows"},e("caption",{class:"sr-only"},"Form 8949 rows"),e("thead",{},e("tr",{},...["Box","(a) Description","(b) Acquired","(c) Sold","(d) Proceeds","(e) Cost basis","(h) Gain or loss"].map(x=>e("th",{scope:"col"},x)))),e("tbody",{},...b.rows.map(x=>e("tr",{},e("td",{"data-label":"Box"},x.box),e("td",{"data-label":"Description"},x.transactionId?e("a",{href:`#/transactions/${x.transactionId}`},x.description):x.description),e("td",{"data-label":"Acquired"},x.dateAcquired?V(x.dateAcquired):"Various"),e("td",{"data-label":"Sold"},V(x.dateSold)),e("td",{"data-label":"Proceeds",class:"num"},$(x.proceedsCents)),e("td",{"data-label":"Cost basis",class:"num"},$(x.costBasisCents)),e("td",{"data-label":"Gain or loss",class:"num"},L(x.gainOrLossCents)))))),e("nav",{class:"pager","aria-label":"Form 8949 pages"},b.page>0?B("Previous rows",()=>C(b.page-1,I,!0),"secondary"):"",e("span",{class:"muted"},`Rows ${b.page*b.limit+1}\u2013${b.page*b.limit+b.rows.length} of ${b.total}`),(b.page+1)*b.limit<b.total?B("Next rows",()=>C(b.page+1,I,!0),"secondary"):""))}catch(b){u.body.replaceChildren(P(b,()=>C(g,I)))}},f=async()=>{if(v(p),!!l.hasForm1099DA)try{let g=(await s.q(Cn,{year:c})).getTaxFormStatuses.taxForms;if(g.length===0)return;let I=H("reconciliation-panel","Form 1099-DA reconciliation");p.append(I.el),I.body.append(e("p",{},"Your broker reported these sales to the IRS on Form 1099-DA. Here they are compared with your own figures: differences need a look before you file."));for(let D of g){let b=(await s.q(Tn,{formId:D.id})).getTaxFormReconciliation,S=b.rows.filter(E=>E.status!=="MATCHED").slice(0,20);I.body.append(e("div",{class:"recon","data-form":D.id},e("h3",{},`${D.brokerName}: ${D.rowCount} row${D.rowCount===1?"":"s"}`),e("dl",{class:"figures"},...[["Broker proceeds",$(b.brokerProceedsCents)],["Your proceeds",$(b.computedProceedsCents)],["Difference",L(b.proceedsDifferenceCents)],["Matched",String(b.matchedCount)],["Different",String(b.mismatchedCount)],["Missing in your ledger",String(b.missingInLedgerCount)],["Not on the form",String(b.missingOnFormCount)]].map(([E,x])=>e("div",{class:"figure"},e("dt",{},E),e("dd",{},x)))),S.length===0?e("p",{class:"notice ok"},"Every row matches your figures."):e("table",{class:"table cards"},e("caption",{class:"sr-only"},"Rows that differ"),e("thead",{},e("tr",{},...["Sold","Asset","Broker","Yours","Difference",""].map(E=>e("th",{scope:"col"},E)))),e("tbody",{},...S.map(E=>e("tr",{},e("td",{"data-label":"Sold"},V(E.dateSold)),e("td",{"data-label":"Asset"},`${E.amountExact} ${E.assetSymbol}`),e("td",{"data-label":"Broker",class:"num"},$(E.brokerProceedsCents)),e("td",{"data-label":"Yours",class:"num"},$(E.computedProceedsCents)),e("td",{"data-label":"Difference",class:"num"},L(E.proceedsDifferenceCents)),e("td",{"data-label":"Status"},E.status==="MISSING_IN_LEDGER"?"Not in your ledger":E.status==="MISSING_ON_FORM"?"Not on the form":E.transactionId?e("a",{href:`#/transactions/${E.transactionId}`},"Different: open"):"Different")))))))}}catch(g){p.replaceChildren(P(g,f))}},T=new st(s,h.body,s.client);T.load(),y();let R=s.onChange(()=>{s.years().then(()=>{m(),C(0,"")})});return()=>{T.stop(),R()}}var st=class{constructor(t,a,s){this.app=t;this.client=s;this.list=e("div",{id:"report-list","aria-live":"polite"},k("your reports"));this.msg=e("div",{id:"report-message",role:"status"});this.yearSel=G("year",[]);this.polling=!1;this.alive=!0;let i=e("input",{name:"email",type:"email",autocomplete:"email",value:t.s.email||""}),r=e("button",{type:"submit",id:"request-report-button"},"Request report");this.form=e("form",{id:"request-report",class:"inline-form",onsubmit:o=>{o.preventDefault(),this.request(r)}},q("report-year","Tax year",this.yearSel),q("report-type","Report",G("type",s.jurisdictionRules.reportTypes.map(o=>[o,at(o)])),"grow"),q("report-email","E-mail me a link (optional)",i,"grow"),r),a.append(e("p",{},"Reports are made from your calculated figures. They are ready in a few seconds; you can also get a link by e-mail."),this.form,this.msg,this.list)}stop(){this.alive=!1}async setYear(t){let a=await this.app.years();this.yearSel.replaceChildren(...fe(this.client,a,t).map(s=>e("option",{value:s},z(this.client,s)))),this.yearSel.value=String(t)}async load(){try{let t=(await this.app.q(Ke)).getReports;this.render(t),t.some(Qn)&&this.poll()}catch(t){this.list.replaceChildren(P(t,()=>this.load()))}}render(t){if(v(this.list),t.length===0){this.list.append(O("No reports yet. Choose a year and a report above.","reports-empty"));return}this.list.append(e("table",{class:"table cards"},e("caption",{class:"sr-only"},"Your reports"),e("thead",{},e("tr",{},...["Year","Report","Status","Requested",""].map(a=>e("th",{scope:"col"},a)))),e("tbody",{},...t.map(a=>e("tr",{"data-report":a.id,"data-type":a.type,"data-status":a.status},e("td",{"data-label":"Year"},a.year?z(this.client,Number(a.year)):"\u2014"),e("td",{"data-label":"Report"},at(a.type),a.isStale?e("div",{class:"muted small"},"Your figures changed since; request it again for current ones."):""),e("td",{"data-label":"Status"},e("span",{class:`badge ${a.status.toLowerCase()}`},ja[a.status]||a.status),a.error?e("div",{class:"muted small"},a.error):""),e("td",{"data-label":"Requested"},Y(a.createdAt)),e("td",{"data-label":"File"},a.status==="READY"?B("Download",s=>this.download(a,s.currentTarget),"secondary small download",{"aria-label":`Download ${a.year||""} ${at(a.type)}`}):""))))))}async request(t){let a=new FormData(this.form),s=String(a.get("email")||"").trim();try{let r=(await Q(t,"Requesting\u2026",()=>this.app.q(Sn,{year:String(a.get("year")),type:String(a.get("type")),email:s||void 0}))).getReportExportV2;this.msg.replaceChildren(e("p",{class:"notice ok"},r.isCached?"You have this report already, up to date: it is in the list below.":`Report requested. It appears below when it is ready${s?`, and we e-mail a link to ${s}`:""}.`)),await this.load()}catch(i){this.msg.replaceChildren(P(i))}}async poll(){if(!this.polling){this.polling=!0;try{for(;this.alive;){await ee(1e3);let t=(await this.app.q(Ke)).getReports;if(!this.alive||(this.render(t),!t.some(Qn)))return}}catch(t){this.list.replaceChildren(P(t,()=>this.load()))}finally{this.polling=!1}}}async download(t,a){try{let s=await Q(a,"Preparing\u2026",()=>this.app.q(Pn,{id:t.id})),i=e("a",{href:s.getReportDownloadUrl.url,download:s.getReportDownloadUrl.fileName,hidden:!0});document.body.append(i),i.click(),i.remove(),this.msg.replaceChildren(e("p",{class:"notice ok",id:"download-started"},`Downloading ${s.getReportDownloadUrl.fileName}.`))}catch(s){this.msg.replaceChildren(P(s))}}},Qn=n=>n.status==="QUEUED"||n.status==="GENERATING";function at(n){return Wa[n]||n.replace(/_/g," ").toLowerCase()}function Ka(n,t){let a=t.words,s=[["proceeds",a.proceeds,n.proceedsCents,$],["cost-basis",a.cost,n.costBasisCents,$]];return t.hasHoldingTerms&&s.push(["short-term",`${a.shortTerm||"Short-term"} gains`,n.shortTermCapGainsCents,L],["long-term",`${a.longTerm||"Long-term"} gains`,n.longTermCapGainsCents,L]),(!t.hasHoldingTerms||n.gainsCents!==null&&n.gainsCents!==void 0)&&s.push(["gains",a.gains,n.gainsCents??0,$],["losses",a.losses,-(n.lossesCents??0),$]),a.deniedLosses&&s.push(["denied-losses",a.deniedLosses,n.deniedLossesCents??0,$]),s.push(["capital-gains",a.netGain,n.capGainsCents,L]),n.lossesBroughtForwardCents!=null&&s.push(["losses-brought-forward","Net capital losses brought forward",n.lossesBroughtForwardCents,$]),n.discountCents!=null&&s.push(["discount","CGT discount applied",n.discountCents,$]),n.gainThresholdCents!=null&&s.push(["threshold",`${a.threshold||"Threshold"} (taxed in full from this amount)`,n.gainThresholdCents,$]),a.taxableGain&&s.push(["taxable-gains",a.taxableGain,n.taxableCapitalGainsCents??0,L]),n.lossesCarriedForwardCents!=null&&s.push(["losses-carried-forward","Net capital losses carried forward",n.lossesCarriedForwardCents,$]),s.push(["income","Income",n.incomeCents,$]),a.taxableIncome&&n.taxableIncomeCents!=null&&s.push(["taxable-income",a.taxableIncome,n.taxableIncomeCents,$]),s}var ct="taxd.portal.session",it=(()=>{try{return JSON.parse(document.getElementById("taxd-page")?.textContent||"{}")}catch{return{}}})(),X=document.getElementById("main"),lt=document.getElementById("top"),Ue=!1;function Ja(n){try{let t=n.split(".")[1].replace(/-/g,"+").replace(/_/g,"/");return JSON.parse(atob(t))}catch{return{}}}function Xa(n){sessionStorage.setItem(ct,JSON.stringify(n))}function Za(){try{let n=JSON.parse(sessionStorage.getItem(ct)||"null");return n&&n.code&&n.token?n:null}catch{return null}}function rt(n){let t=n?.partnerId?`?partner=${encodeURIComponent(n.partnerId)}`:"",a=()=>history.replaceState(null,"",location.pathname+t+location.hash);document.readyState==="complete"?a():window.addEventListener("load",a,{once:!0})}function jn(n){if(document.body.dataset.partner=n.name,document.title=`${n.name} \xB7 Crypto tax portal`,n.primaryColor&&/^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(n.primaryColor)){let[a,s]=es(n.primaryColor),i=document.documentElement.style;i.setProperty("--brand",a),i.setProperty("--on-brand",s)}v(lt),lt.append(e("div",{class:"brand"},n.logoUrl&&/^https:\/\//.test(n.logoUrl)?e("img",{src:n.logoUrl,alt:`${n.name} logo`,class:"logo"}):"",e("span",{class:"partner-name"},n.name),e("span",{class:"product"},"Crypto tax portal")));let t=document.getElementById("foot");t||(t=e("footer",{id:"foot",class:"foot"}),document.body.append(t)),t.replaceChildren(e("p",{},`The tax portal of ${n.name}.`,n.supportEmail?[" Questions? Write to ",e("a",{href:`mailto:${n.supportEmail}`},n.supportEmail),"."]:""))}function es(n){let t=n.slice(1);t.length===3&&(t=t.split("").map(r=>r+r).join(""));let a=[0,2,4].map(r=>parseInt(t.slice(r,r+2),16)),s=r=>r.map(o=>{let u=o/255;return u<=.03928?u/12.92:Math.pow((u+.055)/1.055,2.4)}).reduce((o,u,p)=>o+u*[.2126,.7152,.0722][p],0),i=s(a);if((i+.05)/.05>=4.5&&(i+.05)/.05>1.05/(i+.05))return[n,"#000000"];for(let r=0;r<40&&1.05/(s(a)+.05)<4.5;r++)a=a.map(o=>Math.floor(o*.94));return[`#${a.map(r=>r.toString(16).padStart(2,"0")).join("")}`,"#ffffff"]}function Oe(n,t,...a){v(X),document.getElementById("app-nav")?.remove(),X.append(e("section",{class:"panel state",id:n,"aria-labelledby":`${n}-h`},e("h1",{id:`${n}-h`},t),...a))}function ot(){if(Ue)return;Ue=!0,sessionStorage.removeItem(ct);let n=document.body.dataset.partner||"your provider",t=e("p",{hidden:!0,role:"status"},`Return to ${n} and open the tax portal from there: it signs you in with a new link.`),a=e("button",{type:"button",id:"sign-in-again",onclick:()=>{window.parent!==window&&window.parent.postMessage({type:"taxd:portal:session-expired"},"*"),t.hidden=!1}},"Sign in again");Oe("state-expired","Your session has expired",e("p",{},`For your security the tax portal signs you out after a while. Sign in again from ${n}.`),a,t),X.focus()}function ts(){Oe("state-signed-out","Sign in to your tax portal",e("p",{},"Open the tax portal from your provider\u2019s website or app: it signs you in automatically."))}var ns=[["","Overview"],["transactions","Transactions"],["review","Review"],["portfolio","Portfolio"],["tax","Taxes"]];async function Kn(n){v(X),X.append(k("your tax portal"));let t,a;try{[t,a]=await Promise.all([te(n,"GET","/user"),Ce(n,nn).then(r=>r.getMyActiveClient)])}catch(r){if(Ue)return;if(r instanceof U&&r.status===404)return Oe("state-not-found","We could not find your account",e("p",{},"This sign-in link does not belong to an account here. Open the tax portal again from your provider."));v(X),X.append(e("section",{class:"panel state",id:"state-error"},e("h1",{},"The tax portal could not open"),e("p",{},ne(r)),e("button",{type:"button",onclick:()=>Kn(n)},"Try again")));return}jn(t.partner),yt(a.currency),n.email=n.email||t.email||void 0;let s=new Ee(n,a,t.partner);s.labels().then(r=>{s.labelCache=r}).catch(()=>{}),s.accounts().then(r=>{s.accountCache=r}).catch(()=>{}),s.onChange(()=>{s.accounts().then(r=>{s.accountCache=r}).catch(()=>{})});let i=new Re(s);as(s,i),i.refresh(),window.parent!==window&&window.parent.postMessage({type:"taxd:portal:ready"},"*")}var oe,zn=!0;function as(n,t){let a=ns.map(([p,h])=>e("li",{},e("a",{href:`#/${p}`,"data-route":p,id:`nav-${p||"overview"}`},h,p==="review"?e("span",{class:"count",id:"review-count",hidden:!0}):""))),s=e("nav",{class:"tabs",id:"app-nav","aria-label":"Tax portal"},e("ul",{},...a));document.getElementById("app-nav")?.remove(),lt.after(s);let i=e("div",{class:"bar"},t.el),r=e("div",{id:"view"});v(X),X.append(i,r);let o={app:n,recalc:t,reviewCount:p=>Jn(p)},u=()=>{if(Ue)return;typeof oe=="function"&&oe();let[p,h]=location.hash.replace(/^#\/?/,"").split("?"),c=p.split("/").filter(Boolean).map(decodeURIComponent),y=new URLSearchParams(h||""),l=c[0]||"";for(let d of s.querySelectorAll("a"))d.dataset.route===l?d.setAttribute("aria-current","page"):d.removeAttribute("aria-current");switch(v(r),window.scrollTo(0,0),l){case"transactions":oe=c[1]?qn(o,r,c[1]):Bn(o,r,y);break;case"review":oe=Un(o,r,y);break;case"portfolio":oe=Gn(o,r);break;case"tax":oe=Yn(o,r,y);break;default:oe=Ln(o,r)}if(!zn){let d=r.querySelector("h1");d&&(d.setAttribute("tabindex","-1"),d.focus())}zn=!1};window.addEventListener("hashchange",u),u(),Wn(n),n.onChange(()=>Wn(n))}async function Wn(n){try{let t=await n.q(se,{limit:1});Jn(t.getClientReviewQueue.totalCount)}catch{}}function Jn(n){let t=document.getElementById("review-count");t&&(t.hidden=n===0,t.textContent=String(n),t.setAttribute("aria-label",`${n} to review`))}async function ss(){it.brand&&jn(it.brand);let n=new URLSearchParams(location.search);if(n.get("report")&&n.get("signature"))return wn(X,n,it.download);pt(ot);let t=null;if(n.get("token")&&n.get("code"))t={code:n.get("code"),token:n.get("token"),email:n.get("email")||void 0,clientId:""};else if(n.get("link")){rt(null);try{let s=await ht(n.get("link"));t={code:s.referenceId,token:s.accessToken,partnerId:s.partnerId,clientId:""}}catch(s){return Oe("state-link-invalid","This link does not work",e("p",{},ne(s)))}}else t=Za();if(!t)return rt(null),ts();let a=Ja(t.token);return t.partnerId=t.partnerId||a.pid,t.clientId=a.sub||"",Xa(t),rt(t),a.exp&&a.exp*1e3<=Date.now()?ot():(a.exp&&setTimeout(ot,Math.min(a.exp*1e3-Date.now(),2**31-1)),Kn(t))}ss();})();
