import Foundation
import Vapor

/// The payments module's pages, under `/payments`.
enum PaymentsURL: ModuleURL, Equatable {
    static let module = Module.payments

    /// Accounts, the new-payment form, pending and executed payments, files (POST: a new payment).
    case index
    case accounts
    case deleteAccount(id: UUID?)
    /// A photo of a QR-bill or orange slip fills the form.
    case slip
    /// A payment (POST: its changes while pending).
    case payment(id: UUID?)
    case deletePayment(id: UUID?)
    /// Hands one account's payments of one day to the bank as a pain.001 file.
    case execute
    case file(id: UUID?)

    var pagePathComponents: [PathComponent] {
        switch self {
        case .index: []
        case .accounts: ["accounts"]
        case .deleteAccount(let id): ["accounts", id.pathComponent(.account), "delete"]
        case .slip: ["slip"]
        case .payment(let id): [id.pathComponent(.payment)]
        case .deletePayment(let id): [id.pathComponent(.payment), "delete"]
        case .execute: ["execute"]
        case .file(let id): ["files", id.pathComponent(.file)]
        }
    }
}

/// The payments module's JSON API under `/api/v1`.
enum PaymentsAPIRoute: APIPath, Equatable {
    case accounts
    case account(id: UUID?)
    case payments
    case payment(id: UUID?)
    case execute
    case file(id: UUID?)

    var routePathComponents: [PathComponent] {
        switch self {
        case .accounts: ["payment-accounts"]
        case .account(let id): ["payment-accounts", id.pathComponent(.account)]
        case .payments: ["payments"]
        case .payment(let id): ["payments", id.pathComponent(.payment)]
        case .execute: ["payments", "execute"]
        case .file(let id): ["payment-files", id.pathComponent(.file)]
        }
    }
}
