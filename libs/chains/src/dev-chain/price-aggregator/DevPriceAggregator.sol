// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.20;

/// A Chainlink AggregatorV3Interface answering what its owner last posted: the dev chain's price feeds
/// (ETH/USD, dUSDT/USD, dUSDC/USD) and the tests' feeds. Each post opens a new round.
contract DevPriceAggregator {
    struct Round {
        int256 answer;
        uint256 startedAt;
        uint256 updatedAt;
    }

    address public immutable owner;
    uint8 public immutable decimals;
    string public description;
    uint256 public constant version = 4;
    uint80 private _latestRound;
    mapping(uint80 => Round) private _rounds;

    event AnswerUpdated(int256 indexed current, uint256 indexed roundId, uint256 updatedAt);

    constructor(uint8 decimals_, string memory description_, int256 initialAnswer) {
        owner = msg.sender;
        decimals = decimals_;
        description = description_;
        _post(initialAnswer, block.timestamp);
    }

    /// A new round with this answer, updated now.
    function setAnswer(int256 answer) external {
        _post(answer, block.timestamp);
    }

    /// A new round with this answer and update time (an old time makes a stale feed).
    function setRoundData(int256 answer, uint256 updatedAt) external {
        _post(answer, updatedAt);
    }

    function latestRoundData()
        external
        view
        returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)
    {
        return getRoundData(_latestRound);
    }

    function getRoundData(uint80 roundId)
        public
        view
        returns (uint80, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)
    {
        Round memory round = _rounds[roundId];
        require(round.updatedAt != 0, "no data");
        return (roundId, round.answer, round.startedAt, round.updatedAt, roundId);
    }

    function _post(int256 answer, uint256 updatedAt) private {
        require(msg.sender == owner, "only owner");
        _latestRound += 1;
        _rounds[_latestRound] = Round(answer, updatedAt, updatedAt);
        emit AnswerUpdated(answer, _latestRound, updatedAt);
    }
}
