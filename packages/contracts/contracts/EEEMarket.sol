// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC20Metadata} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Metadata.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";

/// @title EEE Token market
/// @notice The EEE collection (ERC-721) and its primary market in one contract. The owner (the
/// platform's treasury signer) lists new tokens (an initial supply, or children born of a meeting
/// between two holders) and grants tokens outside the market. Anyone buys a listed token for its
/// level's price in USDT; when the token has parents, each parent receives SELLER_REWARD_BPS of
/// the price and the treasury the rest.
/// @dev Token ids are sequential from 1. A listed token is held by this contract.
contract EEEMarket is ERC721, Ownable, ReentrancyGuard {
    using SafeERC20 for IERC20;

    uint8 public constant SILVER = 0;
    uint8 public constant GOLD = 1;
    uint8 public constant PLATINUM = 2;
    /// @notice The top level: only ever granted, never sold.
    uint8 public constant ICON = 3;

    /// @notice Share of a child token's price paid to each parent, in basis points (40%).
    uint256 public constant SELLER_REWARD_BPS = 4_000;
    uint256 private constant BPS = 10_000;
    /// @notice Most tokens one supply call may list (keeps the transaction under block gas limits).
    uint256 public constant MAX_SUPPLY_BATCH = 200;

    struct Token {
        uint8 level;
        bool listed;
        address parent1;
        address parent2;
    }

    IERC20 public immutable usdt;
    address public treasury;
    uint256 public totalMinted;

    mapping(uint256 tokenId => Token) private _tokens;
    uint256[3] private _prices;

    event Listed(uint256 indexed tokenId, uint8 indexed level, address parent1, address parent2);
    event Sold(uint256 indexed tokenId, address indexed buyer, uint8 indexed level, uint256 price);
    event SellerRewardPaid(uint256 indexed tokenId, address indexed parent, uint256 amount);
    event Granted(uint256 indexed tokenId, address indexed to, uint8 indexed level);
    event PriceChanged(uint8 indexed level, uint256 price);
    event TreasuryChanged(address indexed treasury);

    error InvalidLevel(uint8 level);
    error NotForSale(uint8 level);
    error InvalidCount(uint256 count);
    error InvalidParents(address parent1, address parent2);
    error InvalidPrice();
    error ZeroAddress();
    error NotListed(uint256 tokenId);

    constructor(IERC20 usdt_, address treasury_, address initialOwner)
        ERC721("EEE Token", "EEE")
        Ownable(initialOwner)
    {
        if (address(usdt_) == address(0) || treasury_ == address(0)) revert ZeroAddress();
        usdt = usdt_;
        treasury = treasury_;
        uint256 unit = 10 ** IERC20Metadata(address(usdt_)).decimals();
        _prices[SILVER] = 100 * unit;
        _prices[GOLD] = 1_000 * unit;
        _prices[PLATINUM] = 10_000 * unit;
    }

    // ---------------------------------------------------------------- owner

    /// @notice Lists `count` new tokens of `level` without parents (the initial supply).
    /// @return firstId The id of the first token listed; the rest follow it.
    function supply(uint8 level, uint256 count) external onlyOwner returns (uint256 firstId) {
        _requireSaleLevel(level);
        if (count == 0 || count > MAX_SUPPLY_BATCH) revert InvalidCount(count);
        firstId = totalMinted + 1;
        for (uint256 i = 0; i < count; ++i) {
            _list(level, address(0), address(0));
        }
    }

    /// @notice Mints a token born of a meeting between `parent1` and `parent2` and lists it.
    function mintChild(uint8 level, address parent1, address parent2) external onlyOwner returns (uint256 tokenId) {
        _requireSaleLevel(level);
        if (parent1 == address(0) || parent2 == address(0) || parent1 == parent2) {
            revert InvalidParents(parent1, parent2);
        }
        tokenId = _list(level, parent1, parent2);
    }

    /// @notice Gives a new token of `level` to `to` outside the market (ICON is only granted).
    function grant(uint8 level, address to) external onlyOwner returns (uint256 tokenId) {
        _requireLevel(level);
        if (to == address(0)) revert ZeroAddress();
        tokenId = ++totalMinted;
        _tokens[tokenId] = Token({level: level, listed: false, parent1: address(0), parent2: address(0)});
        // _mint, not _safeMint: no callback into the receiver.
        _mint(to, tokenId);
        emit Granted(tokenId, to, level);
    }

    function setPrice(uint8 level, uint256 price) external onlyOwner {
        _requireSaleLevel(level);
        if (price == 0) revert InvalidPrice();
        _prices[level] = price;
        emit PriceChanged(level, price);
    }

    function setTreasury(address treasury_) external onlyOwner {
        if (treasury_ == address(0)) revert ZeroAddress();
        treasury = treasury_;
        emit TreasuryChanged(treasury_);
    }

    // ---------------------------------------------------------------- market

    /// @notice Buys listed token `tokenId` for its level's price. The caller must have approved
    /// this contract for at least that much USDT.
    function buy(uint256 tokenId) external nonReentrant {
        Token storage token = _tokens[tokenId];
        if (!token.listed) revert NotListed(tokenId);
        uint8 level = token.level;
        uint256 price = _prices[level];
        address parent1 = token.parent1;
        address parent2 = token.parent2;

        // Effects: the token leaves the market and goes to the buyer before any external call.
        token.listed = false;
        _transfer(address(this), msg.sender, tokenId);

        // Interactions: take the price, then pay the parents and the treasury.
        IERC20 paid = usdt;
        paid.safeTransferFrom(msg.sender, address(this), price);
        uint256 rest = price;
        if (parent1 != address(0)) {
            uint256 share = (price * SELLER_REWARD_BPS) / BPS;
            rest -= 2 * share;
            paid.safeTransfer(parent1, share);
            emit SellerRewardPaid(tokenId, parent1, share);
            paid.safeTransfer(parent2, share);
            emit SellerRewardPaid(tokenId, parent2, share);
        }
        paid.safeTransfer(treasury, rest);
        emit Sold(tokenId, msg.sender, level, price);
    }

    // ---------------------------------------------------------------- views

    function levelOf(uint256 tokenId) external view returns (uint8) {
        _requireOwned(tokenId);
        return _tokens[tokenId].level;
    }

    function parentsOf(uint256 tokenId) external view returns (address parent1, address parent2) {
        _requireOwned(tokenId);
        Token storage token = _tokens[tokenId];
        return (token.parent1, token.parent2);
    }

    /// @notice The USDT price of a level; ICON, which is never sold, has none and reverts.
    function priceOf(uint8 level) external view returns (uint256) {
        _requireSaleLevel(level);
        return _prices[level];
    }

    function isListed(uint256 tokenId) external view returns (bool) {
        return _tokens[tokenId].listed;
    }

    // ---------------------------------------------------------------- internal

    function _list(uint8 level, address parent1, address parent2) private returns (uint256 tokenId) {
        tokenId = ++totalMinted;
        _tokens[tokenId] = Token({level: level, listed: true, parent1: parent1, parent2: parent2});
        _mint(address(this), tokenId);
        emit Listed(tokenId, level, parent1, parent2);
    }

    function _requireLevel(uint8 level) private pure {
        if (level > ICON) revert InvalidLevel(level);
    }

    function _requireSaleLevel(uint8 level) private pure {
        _requireLevel(level);
        if (level == ICON) revert NotForSale(level);
    }
}
